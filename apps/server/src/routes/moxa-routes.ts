import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import {
  PlanQuerySchema,
  SessionImportResultSchema,
  SessionImportSchema,
  SessionInputSchema,
  SessionParamsSchema,
  SessionPlanSchema,
  SessionRecordSchema,
  type SessionInput,
} from '@moxa/core/moxa/moxa-contract';
import { MAX_SESSIONS } from '@moxa/core/moxa/moxa-rules';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import { badInput, notFound } from '../lib/app-error.ts';
import { contentAnswers } from '../lib/cached-body.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import type { SessionPlans } from '../moxa/session-plans.ts';

/** A session may be logged a little ahead of the server's clock (phones drift), never later than this. */
const CLOCK_SKEW_MS = 10 * 60_000;

/**
 * Issue #18 API: the plan of a guided session (public content), and the user's moxibustion log
 * (owner-only: another user's session answers 404, like a missing one).
 */
export function moxaRoutes(plans: SessionPlans, acupoints: AcupointCatalog): FastifyPluginAsyncZod {
  const answer = contentAnswers();
  return async (app) => {
    const { ctx } = app;
    const repo = ctx.moxaSessions;

    /** Checks what the device sent against the content, and names every point as the catalog does. */
    const checked = (s: SessionInput): SessionInput => {
      if (s.startedAt > ctx.clock() + CLOCK_SKEW_MS) throw badInput('记录时间晚于现在，请检查手机时间');
      return {
        ...s,
        points: s.points.map((p) => {
          const point = acupoints.resolvePoint(p.code);
          if (!point) throw badInput(`没有找到穴位 ${p.code}`);
          if (p.doneSeconds > p.plannedSeconds + 20 * 60) throw badInput(`${point.name}的时间不正确`);
          return { ...p, code: point.code, name: point.name };
        }),
      };
    };
    const full = () => badInput(`艾灸记录已有 ${MAX_SESSIONS} 条，请先删除一些旧记录`);

    app.get(
      '/api/v8/moxa/plan',
      {
        schema: {
          tags: ['moxa'],
          summary: '跟灸方案（按病症、体质方案、产品用法或所选穴位）',
          errors: [404],
          querystring: PlanQuerySchema,
          response: { 200: envelope(SessionPlanSchema) },
        },
      },
      async (request, reply) => {
        const plan = plans.plan(request.query);
        if (!plan) throw notFound('没有找到这个艾灸方案');
        if ('error' in plan) throw badInput(plan.error);
        const { disease, scheme, product, points } = request.query;
        return answer(request, reply, JSON.stringify([disease, scheme, product, points]), () => plan);
      },
    );

    app.get(
      '/api/v8/moxa/sessions',
      {
        schema: {
          tags: ['moxa'],
          summary: '我的艾灸记录',
          security: bearerSecurity,
          response: { 200: envelope(z.array(SessionRecordSchema)) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return ok(await repo.listFor(user.id));
      },
    );

    app.post(
      '/api/v8/moxa/sessions',
      {
        schema: {
          tags: ['moxa'],
          summary: '保存一次艾灸（同一记录重复提交不会重复保存）',
          // 403: the moxibustion-log consent is missing (issue #27 item 15).
          errors: [403],
          security: bearerSecurity,
          body: SessionInputSchema,
          response: { 200: envelope(SessionRecordSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        // Health data: saved only with the separate consent of its purpose (issue #27 item 15).
        await ctx.consents.require(user.id, 'moxa-log');
        const saved = await repo.save(user.id, [checked(request.body)]);
        if (!saved) throw full();
        return ok(saved.records[0]!);
      },
    );

    app.post(
      '/api/v8/moxa/sessions/import',
      {
        // 200 sessions with full notes stay under this (about 3 KB each at most).
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['moxa'],
          summary: '把本机的艾灸记录保存到账号',
          // 403: the moxibustion-log consent is missing (issue #27 item 15).
          errors: [403],
          security: bearerSecurity,
          body: SessionImportSchema,
          response: { 200: envelope(SessionImportResultSchema) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        await ctx.consents.require(user.id, 'moxa-log');
        const saved = await repo.save(user.id, request.body.sessions.map(checked));
        if (!saved) throw full();
        request.log.info({ userId: user.id, imported: saved.imported }, 'moxa sessions imported');
        return ok({ imported: saved.imported, existing: saved.existing });
      },
    );

    app.delete(
      '/api/v8/moxa/sessions/:id',
      {
        schema: {
          tags: ['moxa'],
          summary: '删除一条艾灸记录',
          params: SessionParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(z.null()) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        if (!(await repo.remove(user.id, request.params.id))) throw notFound('没有找到这条艾灸记录');
        return ok(null);
      },
    );

    app.delete(
      '/api/v8/moxa/sessions',
      {
        schema: {
          tags: ['moxa'],
          summary: '删除我的全部艾灸记录',
          security: bearerSecurity,
          response: { 200: envelope(z.object({ deleted: z.number().int() })) },
        },
      },
      async (request) => {
        const user = await requireUser(ctx, request);
        return ok({ deleted: await repo.removeAll(user.id) });
      },
    );
  };
}
