import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '@moxa/core/http/envelope';
import { GlossaryAnswerSchema } from '@moxa/core/glossary/glossary-contract';
import type { ContentStore } from '../content/content-store.ts';
import { contentAnswers } from '../lib/cached-body.ts';
import { glossaryKind } from '../glossary/glossary-kinds.ts';

/**
 * Issue #26 API: the whole glossary in one answer (about a hundred short terms). The web fetches it
 * once per visit to mark terms on content pages and to list them on /glossary; the body is built once
 * and served with an ETag like every content read (decision 017).
 */
export function glossaryRoutes(store: ContentStore): FastifyPluginAsyncZod {
  const terms = store.list(glossaryKind);
  const answer = contentAnswers(1);
  return async (app) => {
    app.get(
      '/api/v8/glossary',
      {
        schema: {
          tags: ['glossary'],
          summary: '术语解释：全部术语（含分类、别名和通俗解释）',
          response: { 200: envelope(GlossaryAnswerSchema) },
        },
      },
      async (request, reply) => answer(request, reply, 'all', () => terms),
    );
  };
}
