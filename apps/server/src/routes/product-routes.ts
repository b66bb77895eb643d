import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { pageOf, paginate } from '@moxa/core/http/paging';
import {
  ProductDetailSchema,
  ProductListQuerySchema,
  ProductMarketingSchema,
  ProductSummarySchema,
  ProductTypeSectionSchema,
  type ProductSummary,
} from '@moxa/core/products/product-contract';
import type { ContentStore } from '../content/content-store.ts';
import { notFound } from '../lib/app-error.ts';
import { contentAnswers } from '../lib/cached-body.ts';
import { problemKind } from '../problems/problem-kinds.ts';
import { productKind, productMarketingKind, productTypeKind, type ProductRecord } from '../products/product-kinds.ts';
import { videoKind } from '../videos/video-kinds.ts';
import { storeFor } from '../brand/brand-view.ts';
import { reviewKind } from '../reviews/review-kinds.ts';
import { publicReview, type PublicReview } from '@moxa/core/reviews/review-contract';

const IdParams = z.object({ id: z.string().min(1).max(64, { error: '编号不正确' }) });
/** How many products each type shows on /product before its 更多 link. */
const FIRST_PER_TYPE = 4;

/** Issue #16 API: the catalogue by type, paged lists, a product's detail and its promotional page. */
export function productRoutes(store: ContentStore): FastifyPluginAsyncZod {
  const types = store.list(productTypeKind);
  const products = store.list(productKind);
  const summary = (p: ProductRecord): ProductSummary => ({
    id: p.id,
    type: p.type,
    name: p.name,
    summary: p.summary,
    price: p.price,
    unit: p.unit,
    spec: p.spec,
    cover: p.gallery[0]!,
    tags: p.tags,
  });
  const answer = contentAnswers();
  /** Issue #30: a product's real reviews, newest first (none in the seed, so most pages have none). */
  const reviewsOf = (productId: string): PublicReview[] =>
    store
      .list(reviewKind)
      .filter((r) => r.product === productId)
      .sort((a, b) => b.date.localeCompare(a.date) || a.id.localeCompare(b.id))
      .map(publicReview);
  return async (app) => {
    app.get(
      '/api/v8/products/types',
      {
        schema: {
          tags: ['products'],
          summary: '产品分类（含件数和前几件产品）',
          response: { 200: envelope(z.array(ProductTypeSectionSchema)) },
        },
      },
      async (request, reply) =>
        answer(request, reply, 'types', () =>
          types.map((t) => {
            const of = products.filter((p) => p.type === t.id);
            return { ...t, count: of.length, products: of.slice(0, FIRST_PER_TYPE).map(summary) };
          }),
        ),
    );
    app.get(
      '/api/v8/products',
      {
        schema: {
          tags: ['products'],
          summary: '产品列表（分页）',
          // 404: no such type.
          errors: [404],
          querystring: ProductListQuerySchema,
          response: { 200: envelope(pageOf(ProductSummarySchema)) },
        },
      },
      async (request, reply) => {
        const { type, page, size } = request.query;
        if (type && !types.some((t) => t.id === type)) throw notFound('没有找到这个分类');
        return answer(request, reply, JSON.stringify([type, page, size]), () =>
          paginate(products.filter((p) => !type || p.type === type).map(summary), { page, size }),
        );
      },
    );
    app.get(
      '/api/v8/products/:id',
      { schema: { tags: ['products'], summary: '产品详情', params: IdParams, response: { 200: envelope(ProductDetailSchema) } } },
      async (request, reply) => {
        const p = store.get(productKind, request.params.id);
        if (!p) throw notFound('没有找到这件产品');
        return answer(request, reply, `detail:${p.id}`, () => ({
          ...summary(p),
          typeName: types.find((t) => t.id === p.type)?.name ?? '',
          gallery: p.gallery,
          specs: p.specs,
          usage: p.usage,
          suits: p.suits,
          notSuits: p.notSuits,
          cautions: p.cautions,
          registrationNo: p.registrationNo ?? null,
          store: storeFor(store, p.store),
          reviews: reviewsOf(p.id),
          hasMarketing: store.get(productMarketingKind, p.id) !== undefined,
          hasSession: p.session !== undefined,
          body: p.body,
          problems: p.problems.flatMap((id) => {
            const q = store.get(problemKind, id);
            return q ? [{ id: q.id, question: q.question }] : [];
          }),
          videos: store
            .list(videoKind)
            .filter((v) => p.videos.includes(v.id) || v.products.includes(p.id))
            .map((v) => ({ id: v.id, title: v.title, duration: v.duration, poster: v.posterImage })),
        }));
      },
    );
    app.get(
      '/api/v8/products/:id/marketing',
      { schema: { tags: ['products'], summary: '产品推广页', params: IdParams, response: { 200: envelope(ProductMarketingSchema) } } },
      async (request, reply) => {
        const m = store.get(productMarketingKind, request.params.id);
        const p = store.get(productKind, request.params.id);
        if (!m || !p) throw notFound('没有找到这个推广页');
        return answer(request, reply, `marketing:${m.id}`, () => ({
          ...m,
          product: { ...summary(p), store: storeFor(store, p.store) },
          reviews: reviewsOf(p.id),
        }));
      },
    );
  };
}
