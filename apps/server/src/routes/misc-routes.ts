import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupCountries } from '@moxa/core/countries/countries';
import { CountryGroupSchema } from '@moxa/core/countries/countries-contract';
import { envelope } from '@moxa/core/http/envelope';
import { HealthSchema } from '@moxa/core/http/health-contract';
import { ok } from '../lib/context.ts';

export const APP_VERSION = '1.0.0';

export const miscRoutes: FastifyPluginAsyncZod = async (app) => {
  const groups = groupCountries();

  app.get(
    '/api/v8/countries',
    {
      schema: {
        tags: ['login'],
        summary: '国家和地区区号（常用 + A–Z 拼音分组）',
        response: { 200: envelope(z.array(CountryGroupSchema)) },
      },
    },
    async (_request, reply) => {
      void reply.header('Cache-Control', 'public, max-age=86400');
      return ok(groups);
    },
  );

  // The bare route the benchmark compares every API route with (issue #6).
  app.get('/api/ping', { schema: { tags: ['ops'], summary: '最小路由（性能基准）', response: { 200: envelope(z.null()) } } }, async () =>
    ok(null),
  );

  app.get(
    '/api/health',
    {
      schema: {
        tags: ['ops'],
        summary: '健康检查',
        response: {
          200: envelope(HealthSchema),
          503: envelope(HealthSchema),
        },
      },
    },
    async (_request, reply) => {
      const { dbHealth } = app.ctx;
      const up = await dbHealth.ping();
      void reply.header('Cache-Control', 'no-store');
      if (!up)
        return reply
          .status(503)
          .send({ code: 50300, msg: '服务暂时不可用，请稍后再试', data: { status: 'degraded', db: 'down', version: APP_VERSION } });
      // Never the database kind: anyone can read this (issue #27 item 19; the start-up log names it).
      return ok({ status: 'ok' as const, db: 'ok' as const, version: APP_VERSION });
    },
  );
};
