import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { pageOf, paginate } from '@moxa/core/http/paging';
import {
  DiseaseDetailSchema,
  DiseaseGroupSummarySchema,
  DiseaseListQuerySchema,
  DiseaseSummarySchema,
} from '@moxa/core/diseases/disease-contract';
import { notFound } from '../lib/app-error.ts';
import { contentAnswers } from '../lib/cached-body.ts';
import type { DiseaseCatalog } from '../diseases/disease-catalog.ts';

const IdParams = z.object({ id: z.string().min(1).max(64, { error: '编号不正确' }) });

/** Issue #15 API: condition groups, conditions by group or by acupoint, and one condition. */
export function diseaseRoutes(catalog: DiseaseCatalog): FastifyPluginAsyncZod {
  const answer = contentAnswers();
  return async (app) => {
    app.get(
      '/api/v8/diseases/types',
      {
        schema: { tags: ['diseases'], summary: '艾灸方法分类（含条数）', response: { 200: envelope(z.array(DiseaseGroupSummarySchema)) } },
      },
      async (request, reply) => answer(request, reply, 'types', () => catalog.groups()),
    );
    app.get(
      '/api/v8/diseases',
      {
        schema: {
          tags: ['diseases'],
          summary: '病症列表（按分类或穴位）',
          // 404: no such group.
          errors: [404],
          querystring: DiseaseListQuerySchema,
          response: { 200: envelope(pageOf(DiseaseSummarySchema)) },
        },
      },
      async (request, reply) => {
        const { type, acupoint, page, size } = request.query;
        if (type && !catalog.hasGroup(type)) throw notFound('没有找到这个分类');
        return answer(request, reply, JSON.stringify([type, acupoint?.toUpperCase(), page, size]), () =>
          paginate(catalog.list({ type, acupoint }), { page, size }),
        );
      },
    );
    app.get(
      '/api/v8/diseases/:id',
      { schema: { tags: ['diseases'], summary: '病症艾灸方法详情', params: IdParams, response: { 200: envelope(DiseaseDetailSchema) } } },
      async (request, reply) => {
        const detail = catalog.detail(request.params.id);
        if (!detail) throw notFound('没有找到这个病症的艾灸方法');
        return answer(request, reply, `detail:${detail.id}`, () => detail);
      },
    );
  };
}
