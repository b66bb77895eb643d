import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { VitalsBeaconSchema, VitalsReportQuerySchema, VitalsReportSchema } from '@moxa/core/vitals/vitals-contract';
import { VITALS_PATH } from '@moxa/core/vitals/vitals-names';
import { clientBucket } from '../lib/client-ip.ts';
import { bearerSecurity, ok, requireRole } from '../lib/context.ts';
import { takeAll } from '../lib/rate-limit.ts';
import type { VitalsRepository } from '../vitals/vitals-repository.ts';

/**
 * Issue #33 item 5 (decision 034): sampled visits report their Core Web Vitals; editors read the 75th
 * percentile per route and day. Reports carry and keep nothing personal; each client may send
 * VITALS_MAX_PER_IP_HOUR an hour and all clients together VITALS_MAX_PER_DAY a day, so the table stays
 * bounded between the daily retention purges.
 */
export function vitalsRoutes(vitals: VitalsRepository): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;

    app.post(
      VITALS_PATH,
      {
        // A report is a few hundred bytes (navigator.sendBeacon, Content-Type application/json).
        bodyLimit: 2048,
        schema: {
          tags: ['vitals'],
          summary: '上报一次访问的页面速度（抽样；不含个人信息）',
          description:
            'Core Web Vitals of one sampled visit (LCP, INP, TTFB in ms; CLS as a score), with the route pattern (never the URL), a device class and the network type. Nothing identifying the visitor is sent or kept; reports are deleted after RETENTION.vitalsDays.',
          body: VitalsBeaconSchema,
          errors: [429],
          response: { 200: envelope(z.null()) },
        },
      },
      async (request, reply) => {
        void reply.header('Cache-Control', 'no-store');
        await takeAll(ctx.limits, [
          {
            key: `vitals:ip:${clientBucket(request.ip)}`,
            windowSeconds: 3600,
            max: ctx.env.VITALS_MAX_PER_IP_HOUR,
            message: (w) => `上报太频繁，请${w}后再试`,
          },
          { key: 'vitals:all', windowSeconds: 86400, max: ctx.env.VITALS_MAX_PER_DAY, message: (w) => `今天的上报已够多，请${w}后再试` },
        ]);
        await vitals.record(request.body);
        return ok(null);
      },
    );

    app.get(
      '/api/v8/admin/vitals',
      {
        schema: {
          tags: ['admin'],
          summary: '真实用户的页面速度：各页面每天的第 75 百分位（编辑）',
          description:
            'Per route pattern and China-time day: the 75th percentile (nearest rank) of LCP, INP, TTFB (ms) and CLS, with the number of reports.',
          querystring: VitalsReportQuerySchema,
          errors: [403],
          security: bearerSecurity,
          response: { 200: envelope(VitalsReportSchema) },
        },
      },
      async (request, reply) => {
        await requireRole(ctx, request, 'editor');
        void reply.header('Cache-Control', 'no-store');
        return ok(await vitals.report(request.query.days));
      },
    );
  };
}
