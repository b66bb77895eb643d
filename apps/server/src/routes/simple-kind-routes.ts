import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { SimpleKindDetailSchema, SimpleKindSummarySchema } from '@moxa/core/content/simple-kind-contract';
import type { AnyContentKind } from '../content/content-kind.ts';
import type { ContentStore } from '../content/content-store.ts';
import { isSimpleKind } from '../content/simple-kind.ts';
import { notFound } from '../lib/app-error.ts';
import { contentAnswers } from '../lib/cached-body.ts';

const KindParams = z.object({ kind: z.string().regex(/^[a-z]{1,32}$/, { error: '类别不正确' }) });
const ItemParams = KindParams.extend({ id: z.string().min(1).max(64, { error: '编号不正确' }) });

/**
 * Issue #28 item 4: one read-only API for every simple kind (content/simple-kind.ts), so a kind made by
 * `npm run new:kind` needs no routes file of its own. Only kinds declared through simpleKind() answer;
 * any other name is a 404 (with no simple kind in the content, both routes answer only 404). Bodies are
 * built once and served with an ETag like every content read (decision 017).
 */
export function simpleKindRoutes(store: ContentStore, kinds: readonly AnyContentKind[]): FastifyPluginAsyncZod {
  const simple = new Map(kinds.filter(isSimpleKind).map((k) => [k.name as string, k]));
  const answer = contentAnswers(200);
  const kindOf = (name: string) => {
    const kind = simple.get(name);
    if (!kind) throw notFound('没有找到这类内容');
    return kind;
  };
  return async (app) => {
    app.get(
      '/api/v8/kinds/:kind',
      {
        schema: {
          tags: ['content'],
          summary: '简单内容类别：全部条目（标题和简介）',
          // 404: no simple kind of this name.
          errors: [404],
          params: KindParams,
          response: { 200: envelope(z.array(SimpleKindSummarySchema)) },
        },
      },
      async (request, reply) => {
        const kind = kindOf(request.params.kind);
        return answer(request, reply, `list:${kind.name}`, () =>
          store.list(kind).map((d) => ({ id: d.id, title: d.name, summary: d.summary })),
        );
      },
    );
    app.get(
      '/api/v8/kinds/:kind/:id',
      {
        schema: {
          tags: ['content'],
          summary: '简单内容类别：一个条目的详情',
          // 404: no simple kind of this name, or no such item in it.
          errors: [404],
          params: ItemParams,
          response: { 200: envelope(SimpleKindDetailSchema) },
        },
      },
      async (request, reply) => {
        const kind = kindOf(request.params.kind);
        const d = store.get(kind, request.params.id);
        if (!d) throw notFound('没有找到这一条');
        return answer(request, reply, `detail:${kind.name}:${d.id}`, () => ({ id: d.id, title: d.name, summary: d.summary, body: d.body }));
      },
    );
  };
}
