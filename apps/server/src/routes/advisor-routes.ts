import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  AdvisorCaseDetailSchema,
  AdvisorCaseSummarySchema,
  AdvisorQueueQuerySchema,
  AdvisorReplySchema,
  AdvisorStatusSchema,
  CaseParamsSchema,
} from '@moxa/core/cases/case-contract';
import { envelope } from '@moxa/core/http/envelope';
import type { CaseViews } from '../cases/case-views.ts';
import { conflict, notFound } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireRole } from '../lib/context.ts';

/** At most one reply SMS per case in this many seconds (issue #17). */
const SMS_WINDOW_SECONDS = 3600;

/**
 * Issue #17, the advisors' side (role advisor; admin passes too): the queue, a case with its photos and
 * internal notes, replies with recommendations (SMS-notified when the user asked, at most one per case
 * per hour), and status changes. Everyone else gets 403 in the envelope.
 */
export function advisorRoutes(views: CaseViews): FastifyPluginAsyncZod {
  return async (app) => {
    const { ctx } = app;
    const cases = ctx.cases;
    const found = async (caseId: string) => {
      const c = await cases.get(caseId);
      if (!c) throw notFound('没有找到这条咨询');
      return c;
    };

    app.get(
      '/api/v8/advisor/cases',
      {
        schema: {
          tags: ['admin'],
          summary: '顾问：咨询队列（可按状态筛选，等待最久的在前）',
          querystring: AdvisorQueueQuerySchema,
          security: bearerSecurity,
          response: { 200: envelope(z.array(AdvisorCaseSummarySchema)) },
        },
      },
      async (request) => {
        await requireRole(ctx, request, 'advisor');
        return ok((await cases.queue(request.query.status)).map(views.advisorSummary));
      },
    );

    app.get(
      '/api/v8/advisor/cases/:caseId',
      {
        schema: {
          tags: ['admin'],
          summary: '顾问：咨询详情（含照片和内部备注）',
          params: CaseParamsSchema,
          security: bearerSecurity,
          response: { 200: envelope(AdvisorCaseDetailSchema) },
        },
      },
      async (request) => {
        await requireRole(ctx, request, 'advisor');
        return ok(await views.advisorDetail(await found(request.params.caseId)));
      },
    );

    app.post(
      '/api/v8/advisor/cases/:caseId/replies',
      {
        schema: {
          tags: ['admin'],
          summary: '顾问：回复或内部备注（可附推荐的穴位、调理方法和产品）',
          params: CaseParamsSchema,
          body: AdvisorReplySchema,
          security: bearerSecurity,
          response: { 200: envelope(AdvisorCaseDetailSchema) },
        },
      },
      async (request) => {
        const advisor = await requireRole(ctx, request, 'advisor');
        const c = await found(request.params.caseId);
        if (c.status === 'closed') throw conflict('这条咨询已关闭');
        const { body, internal, recommendation } = request.body;
        const picked = recommendation ? views.recommendation(recommendation) : undefined;
        const empty = !picked || picked.acupoints.length + picked.diseases.length + picked.products.length === 0;
        await cases.addMessage(c, {
          author: 'advisor',
          advisorId: advisor.id,
          authorName: `顾问${advisor.name.replace(/^用户/, '')}`,
          body,
          internal,
          ...(empty || internal ? {} : { recommendation: picked }),
        });
        if (!internal && c.notifySms) {
          const allowed = await ctx.limits.take(`casesms:${c.id}`, SMS_WINDOW_SECONDS, 1).catch(() => ({ ok: false }));
          if (allowed.ok)
            await ctx.sms.sendNotice(c.userMobile, 'case-replied').catch((err: unknown) => {
              request.log.warn({ caseId: c.id, err: (err as Error).message }, 'reply sms failed');
            });
        }
        return ok(await views.advisorDetail((await cases.get(c.id))!));
      },
    );

    app.post(
      '/api/v8/advisor/cases/:caseId/status',
      {
        schema: {
          tags: ['admin'],
          summary: '顾问：更改状态（处理中、已关闭）',
          params: CaseParamsSchema,
          body: AdvisorStatusSchema,
          security: bearerSecurity,
          response: { 200: envelope(AdvisorCaseDetailSchema) },
        },
      },
      async (request) => {
        await requireRole(ctx, request, 'advisor');
        const c = await found(request.params.caseId);
        await cases.setStatus(c, request.body.status);
        return ok(await views.advisorDetail((await cases.get(c.id))!));
      },
    );
  };
}
