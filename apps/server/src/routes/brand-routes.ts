import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BrandSchema } from '@moxa/core/brand/brand-contract';
import { envelope } from '@moxa/core/http/envelope';
import { brandView } from '../brand/brand-view.ts';
import type { ContentStore } from '../content/content-store.ts';
import { contentAnswers } from '../lib/cached-body.ts';

/**
 * GET /api/v8/brand (issue #30): the brand settings for 关于我们 and the footer — company, address,
 * 客服 phone and WeChat QR, ICP filing number, 关于我们, share defaults, default store. A cached body
 * with an ETag like every content read (decision 017), rebuilt when content is published.
 */
export function brandRoutes(store: ContentStore): FastifyPluginAsyncZod {
  const answer = contentAnswers(1);
  return async (app) => {
    app.get(
      '/api/v8/brand',
      {
        schema: {
          tags: ['misc'],
          summary: '品牌设置：公司、地址、客服、ICP 备案号、关于我们、默认购买链接',
          response: { 200: envelope(BrandSchema) },
        },
      },
      async (request, reply) => answer(request, reply, 'brand', () => brandView(store)),
    );
  };
}
