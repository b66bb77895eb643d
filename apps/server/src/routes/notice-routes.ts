import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { pageOf, paginate } from '@moxa/core/http/paging';
import {
  NoticeDetailSchema,
  NoticeListQuerySchema,
  NoticeSummarySchema,
  NoticeTypeSummarySchema,
  type NoticeSummary,
} from '@moxa/core/notices/notice-contract';
import type { ContentStore } from '../content/content-store.ts';
import { notFound } from '../lib/app-error.ts';
import { contentAnswers } from '../lib/cached-body.ts';
import { noticeKind, noticeTypeKind, type NoticeRecord } from '../notices/notice-kinds.ts';

const IdParams = z.object({ id: z.string().min(1).max(64, { error: '编号不正确' }) });

/** Issue #15 API: notice types with counts, articles by type, and one article with its related ones. */
export function noticeRoutes(store: ContentStore): FastifyPluginAsyncZod {
  const types = store.list(noticeTypeKind);
  const notices = store.list(noticeKind);
  const summary = (n: NoticeRecord): NoticeSummary => ({ id: n.id, type: n.type, title: n.title, summary: n.summary });
  const answer = contentAnswers();
  return async (app) => {
    app.get(
      '/api/v8/notices/types',
      { schema: { tags: ['notices'], summary: '灸前须知分类（含篇数）', response: { 200: envelope(z.array(NoticeTypeSummarySchema)) } } },
      async (request, reply) =>
        answer(request, reply, 'types', () => types.map((t) => ({ ...t, count: notices.filter((n) => n.type === t.id).length }))),
    );
    app.get(
      '/api/v8/notices',
      {
        schema: {
          tags: ['notices'],
          summary: '灸前须知文章列表',
          // 404: no such type.
          errors: [404],
          querystring: NoticeListQuerySchema,
          response: { 200: envelope(pageOf(NoticeSummarySchema)) },
        },
      },
      async (request, reply) => {
        const { type, page, size } = request.query;
        if (type && !types.some((t) => t.id === type)) throw notFound('没有找到这个分类');
        return answer(request, reply, JSON.stringify([type, page, size]), () =>
          paginate(notices.filter((n) => !type || n.type === type).map(summary), { page, size }),
        );
      },
    );
    app.get(
      '/api/v8/notices/:id',
      { schema: { tags: ['notices'], summary: '灸前须知详情', params: IdParams, response: { 200: envelope(NoticeDetailSchema) } } },
      async (request, reply) => {
        const n = store.get(noticeKind, request.params.id);
        if (!n) throw notFound('没有找到这篇文章');
        return answer(request, reply, `detail:${n.id}`, () => {
          const { related, links: _links, ...rest } = n;
          return {
            ...rest,
            typeName: types.find((t) => t.id === n.type)?.name ?? '',
            related: related
              .map((id) => store.get(noticeKind, id))
              .filter((r) => r !== undefined)
              .map(summary),
          };
        });
      },
    );
  };
}
