import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { AcupointDetailSchema, AcupointListQuerySchema, AcupointSummarySchema } from '@moxa/core/acupoints/acupoint-contract';
import { ChartViewSchema, MeridianDetailSchema, MeridianSummarySchema } from '@moxa/core/acupoints/meridian-contract';
import { notFound } from '../lib/app-error.ts';
import { cacheBody, CONTENT_CACHE, LruCache, sendCached, type CachedBody } from '../lib/cached-body.ts';
import { ok } from '../lib/context.ts';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';

const IdParams = z.object({ id: z.string().min(1).max(20, { error: '编号不正确' }) });

/** Issue #4 API: meridians, acupoints (list, filters, search) and the body charts. */
export function acupointRoutes(catalog: AcupointCatalog): FastifyPluginAsyncZod {
  const listCache = new LruCache<CachedBody>(1000);
  const detailCache = new Map<string, CachedBody>();
  return async (app) => {
    app.addHook('onSend', async (_request, reply) => {
      if (reply.statusCode === 200 && !reply.hasHeader('cache-control')) reply.header('Cache-Control', CONTENT_CACHE);
    });

    app.get(
      '/api/v8/meridians',
      { schema: { tags: ['acupoints'], summary: '十四经脉', response: { 200: envelope(z.array(MeridianSummarySchema)) } } },
      async () => ok(catalog.meridianList()),
    );

    app.get(
      '/api/v8/meridians/:id',
      {
        schema: {
          tags: ['acupoints'],
          summary: '经脉详情（含穴位与图示坐标）',
          params: IdParams,
          response: { 200: envelope(MeridianDetailSchema) },
        },
      },
      async (request, reply) => {
        const m = catalog.meridianDetail(request.params.id);
        if (!m) throw notFound('没有找到这条经脉');
        let body = detailCache.get(`meridian:${m.code}`);
        if (body === undefined) {
          body = cacheBody(ok(m));
          detailCache.set(`meridian:${m.code}`, body);
        }
        return sendCached(request, reply, body, CONTENT_CACHE);
      },
    );

    app.get(
      '/api/v8/acupoints',
      {
        schema: {
          tags: ['acupoints'],
          summary: '穴位列表与搜索',
          description:
            'All points when no filter is given. q matches Chinese name, pinyin (with or without tones), initials (zsl), code (ST36, SJ5/TE5) and indications, best matches first.',
          querystring: AcupointListQuerySchema,
          response: { 200: envelope(z.array(AcupointSummarySchema)) },
        },
      },
      async (request, reply) => {
        const { meridian, region, q, common } = request.query;
        const filter = { meridian, region, q: q?.trim() || undefined, common: common !== undefined };
        // Content only changes with a deploy: each distinct answer (the full list is ~90 KB) is
        // serialised and compressed once; searches are kept in a bounded LRU (issue #6).
        const key = JSON.stringify(filter);
        let body = listCache.get(key);
        if (body === undefined) {
          body = cacheBody(ok(catalog.list(filter)), filter.q ? 'fast' : 'max');
          listCache.set(key, body);
        }
        return sendCached(request, reply, body, CONTENT_CACHE);
      },
    );

    app.get(
      '/api/v8/acupoints/:id',
      {
        schema: {
          tags: ['acupoints'],
          summary: '穴位详情（编号或代码）',
          params: IdParams,
          response: { 200: envelope(AcupointDetailSchema) },
        },
      },
      async (request, reply) => {
        const p = catalog.resolvePoint(request.params.id);
        if (!p) throw notFound('没有找到这个穴位');
        let body = detailCache.get(p.code);
        if (body === undefined) {
          body = cacheBody(ok(catalog.pointDetail(p)));
          detailCache.set(p.code, body);
        }
        return sendCached(request, reply, body, CONTENT_CACHE);
      },
    );

    app.get(
      '/api/v8/charts',
      { schema: { tags: ['acupoints'], summary: '人体图示视图', response: { 200: envelope(z.array(ChartViewSchema)) } } },
      async () => ok(catalog.views.map((v) => v.view)),
    );

    app.get(
      '/media/charts/:id',
      { schema: { hide: true, params: z.object({ id: z.string().regex(/^[a-z_]+\.svg$/) }) } },
      async (request, reply) => {
        const view = catalog.views.find((v) => `${v.view.id}.svg` === request.params.id);
        if (!view) throw notFound('图示不存在');
        return reply.type('image/svg+xml; charset=utf-8').header('Cache-Control', 'public, max-age=86400').send(view.svg);
      },
    );
  };
}
