import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  AdvisorCaseDetailSchema,
  AdvisorQueuePageSchema,
  AdvisorQueueQuerySchema,
  AdvisorReplySchema,
  AdvisorStatusSchema,
  CaseParamsSchema,
} from '@moxa/core/cases/case-contract';
import { envelope } from '@moxa/core/http/envelope';
import { AdvisorQueueSummarySchema } from '@moxa/core/notifications/notification-contract';
import { advisorDisplayName } from '@moxa/core/login/display-name';
import { decodeQueueCursor, encodeQueueCursor } from '../cases/case-repository.ts';
import type { CaseViews } from '../cases/case-views.ts';
import { badInput, conflict, notFound } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireRole } from '../lib/context.ts';

/**
 * Issue #17, the advisors' side (role advisor; admin passes too): the queue, a case with its photos and
 * internal notes, replies with recommendations (the user is notified through the notification layer,
 * issue #31), and status changes. Everyone else gets 403 in the envelope.
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
          summary: '顾问：咨询队列（默认未关闭的：需提醒就医的在前，再按等待时间；可按状态筛选；按游标翻页）',
          querystring: AdvisorQueueQuerySchema,
          security: bearerSecurity,
          errors: [403],
          response: { 200: envelope(AdvisorQueuePageSchema) },
        },
      },
      async (request) => {
        await requireRole(ctx, request, 'advisor');
        // Issue #27 item 4: keyset pages instead of the first 500 cases, oldest first.
        const { status, cursor, size } = request.query;
        const after = cursor === undefined ? undefined : decodeQueueCursor(cursor);
        if (after === null) throw badInput('翻页位置不正确，请刷新后重试');
        const page = await cases.queue({ status, after, size });
        return ok({
          // Issue #31: each case's waiting time, and whether it is past the waiting-time target.
          items: page.rows.map((c) => ({ ...views.advisorSummary(c), overdue: c.queueRank <= 1 && ctx.notifier.isOverdue(c.queueAt) })),
          nextCursor: page.next ? encodeQueueCursor(page.next) : null,
          ...(await cases.queueCounts(status)),
        });
      },
    );

    app.get(
      '/api/v8/advisor/summary',
      {
        schema: {
          tags: ['admin'],
          summary: '顾问：待回复的咨询数（含超过等待目标的、需提醒就医的），用于“我的”里的咨询队列入口',
          security: bearerSecurity,
          errors: [403],
          response: { 200: envelope(AdvisorQueueSummarySchema) },
        },
      },
      async (request, reply) => {
        await requireRole(ctx, request, 'advisor');
        void reply.header('Cache-Control', 'no-store');
        return ok(await ctx.notifier.queueSummary());
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
          errors: [403],
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
          // 409: the case is closed.
          errors: [403, 409],
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
          // Issue #27 item 13: the advisor's 昵称, never digits of their number.
          authorName: advisorDisplayName(advisor.name),
          body,
          internal,
          ...(empty || internal ? {} : { recommendation: picked }),
        });
        // Issue #31: the user hears of it with a link back into the case (queued; at most one an hour per case).
        if (!internal)
          await ctx.notifier
            .caseReplied(c.id)
            .catch((err: unknown) => request.log.warn({ caseId: c.id, err: String(err) }, 'reply notice not planned'));
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
          errors: [403],
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
