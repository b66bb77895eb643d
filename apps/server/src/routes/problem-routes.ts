import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { pageOf, paginate } from '@moxa/core/http/paging';
import {
  ProblemDetailSchema,
  ProblemListQuerySchema,
  ProblemSummarySchema,
  ProblemTopicSummarySchema,
  type ProblemSummary,
} from '@moxa/core/problems/problem-contract';
import type { ContentStore } from '../content/content-store.ts';
import { notFound } from '../lib/app-error.ts';
import { contentAnswers } from '../lib/cached-body.ts';
import { problemKind, problemTopicKind, type ProblemRecord } from '../problems/problem-kinds.ts';

const IdParams = z.object({ id: z.string().min(1).max(64, { error: '编号不正确' }) });

/** Issue #15 API: Q&A topics with counts, questions (all or by topic), and one answer with related questions. */
export function problemRoutes(store: ContentStore): FastifyPluginAsyncZod {
  const topics = store.list(problemTopicKind);
  const problems = store.list(problemKind);
  const summary = (p: ProblemRecord): ProblemSummary => ({ id: p.id, topic: p.topic, question: p.question });
  const answer = contentAnswers();
  return async (app) => {
    app.get(
      '/api/v8/problems/topics',
      {
        schema: { tags: ['problems'], summary: '产品问答分类（含条数）', response: { 200: envelope(z.array(ProblemTopicSummarySchema)) } },
      },
      async (request, reply) =>
        answer(request, reply, 'topics', () => topics.map((t) => ({ ...t, count: problems.filter((p) => p.topic === t.id).length }))),
    );
    app.get(
      '/api/v8/problems',
      {
        schema: {
          tags: ['problems'],
          summary: '产品问答列表',
          // 404: no such topic.
          errors: [404],
          querystring: ProblemListQuerySchema,
          response: { 200: envelope(pageOf(ProblemSummarySchema)) },
        },
      },
      async (request, reply) => {
        const { topic, page, size } = request.query;
        if (topic && !topics.some((t) => t.id === topic)) throw notFound('没有找到这个分类');
        // Questions in topic order, then their own order.
        const ordered = topics.flatMap((t) => problems.filter((p) => p.topic === t.id && (!topic || topic === t.id)));
        return answer(request, reply, JSON.stringify([topic, page, size]), () => paginate(ordered.map(summary), { page, size }));
      },
    );
    app.get(
      '/api/v8/problems/:id',
      { schema: { tags: ['problems'], summary: '产品问答详情', params: IdParams, response: { 200: envelope(ProblemDetailSchema) } } },
      async (request, reply) => {
        const p = store.get(problemKind, request.params.id);
        if (!p) throw notFound('没有找到这个问题');
        return answer(request, reply, `detail:${p.id}`, () => {
          const { related, links: _links, ...rest } = p;
          return {
            ...rest,
            topicName: topics.find((t) => t.id === p.topic)?.name ?? '',
            related: related
              .map((id) => store.get(problemKind, id))
              .filter((r) => r !== undefined)
              .map(summary),
          };
        });
      },
    );
  };
}
