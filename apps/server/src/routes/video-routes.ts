import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { pageOf, paginate } from '@moxa/core/http/paging';
import {
  VideoDetailSchema,
  VideoHomeSchema,
  VideoListQuerySchema,
  VideoSummarySchema,
  VideoViewBodySchema,
  VideoViewResultSchema,
  type VideoSummary,
} from '@moxa/core/videos/video-contract';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { ContentStore } from '../content/content-store.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import { notFound } from '../lib/app-error.ts';
import { clientBucket } from '../lib/client-ip.ts';
import { bearerToken, ok } from '../lib/context.ts';
import { productKind } from '../products/product-kinds.ts';
import { videoKind, type VideoRecord } from '../videos/video-kinds.ts';
import type { ViewCounter } from '../videos/view-counter.ts';
import { liveAnswers } from '../videos/live-answers.ts';

const IdParams = z.object({ id: z.string().min(1).max(64, { error: '编号不正确' }) });
const LATEST = 4;
const RELATED = 4;
/**
 * View counts change: answers are built once per key and reused for LIVE_MS on the server (issue #33
 * item 4: a list answer used to cost a database read, a serialisation and a compression each time) and
 * for LIVE_MAX_AGE seconds by browsers — never for long.
 */
const LIVE_MS = 10_000;
const LIVE_MAX_AGE = 30;

/** Issue #16 API: the video center, category lists, a video's detail and its view count. */
export function videoRoutes(store: ContentStore, acupoints: AcupointCatalog, counter: ViewCounter): FastifyPluginAsyncZod {
  // Issue #32 item 6: every list is newest first (the editor's position orders videos of one day), as
  // the video center's 最新 already was; the stored order (by position) listed the oldest first.
  const videos = [...store.list(videoKind)].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || a.position - b.position);
  const summaries = async (list: readonly VideoRecord[]): Promise<VideoSummary[]> => {
    const views = await counter.views(list.map((v) => v.id));
    return list.map((v) => ({
      id: v.id,
      title: v.title,
      category: v.category,
      summary: v.summary,
      duration: v.duration,
      publishedAt: v.publishedAt,
      poster: v.posterImage,
      views: views.get(v.id) ?? 0,
    }));
  };
  return async (app) => {
    const answer = liveAnswers(app.ctx.clock, { ttlMs: LIVE_MS, maxAgeSeconds: LIVE_MAX_AGE });
    app.get(
      '/api/v8/videos/home',
      { schema: { tags: ['videos'], summary: '视频中心：品牌与健康小知识的最新视频', response: { 200: envelope(VideoHomeSchema) } } },
      async (request, reply) =>
        answer(request, reply, 'home', async () => ({
          brand: await summaries(videos.filter((v) => v.category === 'brand').slice(0, LATEST)),
          health: await summaries(videos.filter((v) => v.category === 'health').slice(0, LATEST)),
        })),
    );
    app.get(
      '/api/v8/videos',
      {
        schema: {
          tags: ['videos'],
          summary: '视频列表（分页，最新的在前）',
          querystring: VideoListQuerySchema,
          response: { 200: envelope(pageOf(VideoSummarySchema)) },
        },
      },
      async (request, reply) => {
        const { category, page, size } = request.query;
        return answer(request, reply, `list:${category ?? ''}:${page}:${size}`, async () => {
          const paged = paginate(
            videos.filter((v) => !category || v.category === category),
            { page, size },
          );
          return { ...paged, items: await summaries(paged.items) };
        });
      },
    );
    app.get(
      '/api/v8/videos/:id',
      { schema: { tags: ['videos'], summary: '视频详情', params: IdParams, response: { 200: envelope(VideoDetailSchema) } } },
      async (request, reply) => {
        const v = store.get(videoKind, request.params.id);
        if (!v) throw notFound('没有找到这个视频');
        return answer(request, reply, `detail:${v.id}`, async () => {
          const [self] = await summaries([v]);
          const related = videos.filter((o) => o.id !== v.id && o.category === v.category).slice(0, RELATED);
          return {
            ...self!,
            videoUrl: v.videoUrl,
            subtitlesUrl: v.subtitlesUrl,
            body: v.body,
            acupoints: v.acupoints.flatMap((code) => {
              const p = acupoints.resolvePoint(code);
              return p ? [{ code: p.code, name: p.name }] : [];
            }),
            products: v.products.flatMap((id) => {
              const p = store.get(productKind, id);
              return p ? [{ id: p.id, name: p.name, cover: p.gallery[0]!, price: p.price, unit: p.unit }] : [];
            }),
            diseases: v.diseases.flatMap((id) => {
              const d = store.get(diseaseKind, id);
              return d ? [{ id: d.id, name: d.name }] : [];
            }),
            related: await summaries(related),
          };
        });
      },
    );
    app.post(
      '/api/v8/videos/:id/views',
      {
        schema: {
          tags: ['videos'],
          summary: '记录一次观看（每人每天每个视频最多一次）',
          params: IdParams,
          body: VideoViewBodySchema,
          response: { 200: envelope(VideoViewResultSchema) },
        },
      },
      async (request, reply) => {
        const v = store.get(videoKind, request.params.id);
        if (!v) throw notFound('没有找到这个视频');
        // A logged-in user counts once on any device; a token is only read, never required.
        const token = bearerToken(request);
        const user = token ? await app.ctx.sessions.verify(token) : null;
        const network = clientBucket(request.ip);
        const visitor = user
          ? `u:${user.id}`
          : request.body.visitor
            ? `d:${request.body.visitor}`
            : `n:${network}|${request.headers['user-agent'] ?? ''}`;
        void reply.header('Cache-Control', 'no-store');
        return ok(await counter.count(v.id, visitor, network));
      },
    );
  };
}
