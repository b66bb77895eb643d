import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ConsentListSchema,
  ConsentParamsSchema,
  GrantConsentBodySchema,
  PRIVACY_POLICY_VERSION,
} from '@moxa/core/consent/consent-contract';
import { chinaYear, mayBeUnder14 } from '@moxa/core/consent/consent-rules';
import { envelope, ErrorCode } from '@moxa/core/http/envelope';
import { AppError, badInput, conflict } from '../lib/app-error.ts';
import { bearerSecurity, ok, requireUser } from '../lib/context.ts';
import { takeAll } from '../lib/rate-limit.ts';

const tags = ['consents'];
/** Grants one account may record per day: the ledger keeps every one, so it must not grow without bound. */
const GRANTS_PER_DAY = 30;

/**
 * Issue #27 items 15 and 17: the caller's own consent ledger. Listing, granting and withdrawing act
 * only on the caller's rows. A grant names the policy version shown and the birth year asked; a
 * person who may be under 14 is refused and nothing is recorded (not even the answer).
 */
export const consentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;

  app.get(
    '/api/v8/me/consents',
    {
      schema: {
        tags,
        summary: '我的授权（健康信息单独同意）和授权记录',
        security: bearerSecurity,
        response: { 200: envelope(ConsentListSchema) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      void reply.header('Cache-Control', 'private, no-store');
      return ok(await ctx.consents.list(user.id));
    },
  );

  app.post(
    '/api/v8/me/consents',
    {
      schema: {
        tags,
        summary: '同意保存某一类健康信息（需回答出生年份；未满14周岁不予记录）',
        // 403: under 14 (item 17); 409: the policy changed; 429: grants per day.
        errors: [403, 409, 429],
        security: bearerSecurity,
        body: GrantConsentBodySchema,
        response: { 200: envelope(ConsentListSchema) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const { purpose, policyVersion, birthYear } = request.body;
      if (policyVersion !== PRIVACY_POLICY_VERSION) throw conflict('隐私政策已更新，请刷新页面，阅读新的隐私政策后再同意');
      const now = ctx.clock();
      if (birthYear > chinaYear(now)) throw badInput('请选择正确的出生年份');
      if (mayBeUnder14(birthYear, now))
        throw new AppError(403, ErrorCode.guardianRequired, '未满14周岁，需要父母或其他监护人同意后才能保存。这次的内容只保存在这台手机上');
      await takeAll(ctx.limits, [
        { key: `consents:d:${user.id}`, windowSeconds: 86400, max: GRANTS_PER_DAY, message: (w) => `操作太频繁，请${w}后再试` },
      ]);
      await ctx.consents.grant(user.id, purpose, policyVersion, birthYear);
      request.log.info({ userId: user.id, purpose, policyVersion }, 'consent granted');
      void reply.header('Cache-Control', 'private, no-store');
      return ok(await ctx.consents.list(user.id));
    },
  );

  app.delete(
    '/api/v8/me/consents/:purpose',
    {
      schema: {
        tags,
        summary: '撤回授权（之后不再保存这一类信息；已保存的可另行删除）',
        params: ConsentParamsSchema,
        security: bearerSecurity,
        response: { 200: envelope(ConsentListSchema) },
      },
    },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      const closed = await ctx.consents.withdraw(user.id, request.params.purpose);
      if (closed > 0) request.log.info({ userId: user.id, purpose: request.params.purpose }, 'consent withdrawn');
      void reply.header('Cache-Control', 'private, no-store');
      return ok(await ctx.consents.list(user.id));
    },
  );
};
