import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { MSG_BAD_PHONE, SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import {
  DeleteAccountBodySchema,
  DeleteAccountResultSchema,
  LoginQuerySchema,
  LoginResultSchema,
  MeSchema,
  SendMsgBodySchema,
  SendMsgResultSchema,
  StepUpBodySchema,
  StepUpResultSchema,
} from '@moxa/core/login/login-contract';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { signRequest } from '@moxa/core/login/sign';
import { badInput } from '../lib/app-error.ts';
import { clientBucket } from '../lib/client-ip.ts';
import { takeAll } from '../lib/rate-limit.ts';
import { bearerSecurity, bearerToken, ok, requireUser } from '../lib/context.ts';
import { parseMobile } from '../login/phone-number.ts';
import { smsDestinationPolicy } from '../login/sms-destination.ts';
import { accountPhone, smsGate } from '../login/sms-gate.ts';

const SIGN_DOC = `Signed as spec §7 says: sign = md5(sortChars(mobile + time) + secretHash), where
secretHash = md5(salt + "|" + from + "|" + "moxa-h5:v8"). Test vector: mobile 13800138000, time
1700000000000, salt Ab3dE6gH, from 3 → secretHash e53e039ffe24fc65f0af1d3b3e7a9106, sign
ebf0f4664bd03dc96b88b34461950a75. time must be within 5 minutes of the server clock and a salt is
accepted once. Only mobile numbers of allowed regions of our country list receive codes. Limits (429
with Retry-After), each counting only codes really handed to the SMS provider: per IP (IPv6 by /64)
hourly and daily, one code per number per cooldown, per number hourly and daily, per number block,
per destination country and in total outside +86, and a global daily cap.`;

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { env } = ctx;
  const destinationRefusal = smsDestinationPolicy(env);
  const gate = smsGate(ctx);

  app.post(
    '/api/v8/sendMsg',
    {
      config: { noStore: true },
      schema: {
        tags: ['login'],
        summary: '发送短信验证码 (spec §7 call 1)',
        errors: [429, 502],
        description: SIGN_DOC,
        body: SendMsgBodySchema,
        response: { 200: envelope(SendMsgResultSchema) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const now = ctx.clock();
      // Checks that hold no state first: they cost nothing and consume nothing.
      if (Math.abs(now - b.time) > SIGN_WINDOW_MS) throw badInput('手机时间与标准时间相差较大，请校准后重试');
      if (signRequest(b.mobile, b.time, b.salt, b.from) !== b.sign) throw badInput('请求校验失败，请刷新页面后重试');
      const phone = parseMobile(b.mobile);
      if (!phone) throw badInput(MSG_BAD_PHONE);
      const refusal = destinationRefusal(phone);
      if (refusal) throw badInput(refusal);

      await gate.send(request, phone, 'login', b.salt);
      void reply.header('Cache-Control', 'no-store');
      return ok({ resendAfter: env.SMS_COOLDOWN_SECONDS, expiresIn: env.SMS_CODE_TTL_SECONDS });
    },
  );

  app.get(
    '/api/v8/login',
    {
      config: { noStore: true },
      schema: {
        tags: ['login'],
        summary: '手机号验证码登录 (spec §7 call 2)',
        errors: [429],
        description:
          'Answers the login info {token, user}. Only a login code (from sendMsg) logs in. A code is single use, valid for SMS_CODE_TTL_SECONDS, and dies after 5 wrong tries of the client that asked for it. Only wrong tries at a live code count: a client has LOGIN_MAX_FAILS_PER_IP_DAY (IPv6 by /64, 429 when spent); past LOGIN_MAX_FAILS_PER_NUMBER_DAY for the number in a day, other clients are refused and a wrong try kills the code, but a right code still logs in.',
        querystring: LoginQuerySchema,
        response: { 200: envelope(LoginResultSchema) },
      },
    },
    async (request, reply) => {
      void reply.header('Cache-Control', 'no-store');
      const q = request.query;
      const ip = clientBucket(request.ip);
      await takeAll(ctx.limits, [
        { key: `login:ip:h:${ip}`, windowSeconds: 3600, max: env.LOGIN_MAX_PER_IP_HOUR, message: (w) => `登录尝试太频繁，请${w}后再试` },
      ]);
      const phone = parseMobile(q.mobile, q.countryCode);
      if (!phone) throw badInput(MSG_BAD_PHONE);
      await gate.verify(request, phone, 'login', q.code);
      const user = await ctx.users.findOrCreate(phone.e164);
      const token = await ctx.sessions.issue(user.id, { sms: true });
      request.log.info({ userId: user.id }, 'login');
      return ok({ token, user });
    },
  );

  app.get(
    '/api/v8/me',
    { schema: { tags: ['login'], summary: '当前用户', security: bearerSecurity, response: { 200: envelope(MeSchema) } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      void reply.header('Cache-Control', 'no-store');
      const openid = await ctx.wechatBindings.openidOf(user.id);
      return ok({
        id: user.id,
        name: user.name,
        avatarUrl: user.avatarUrl,
        mobile: maskMobile(user.mobile),
        wechatBound: openid !== null,
        roles: await ctx.users.rolesOf(user.id),
      });
    },
  );

  app.post(
    '/api/v8/me/step-up-code',
    {
      config: { noStore: true },
      schema: {
        tags: ['login'],
        summary: '向当前账号的手机号发送验证码（绑定、解绑微信、注销账号和导出数据前验证）',
        errors: [429, 502],
        description:
          'The code works only for `purpose` (issue #27 item 10): wechat (bind.do, unbind.do), delete-account (DELETE /api/v8/me), export. A new code ends only earlier codes of its purpose; step-up codes have number budgets of their own, apart from login codes.',
        security: bearerSecurity,
        body: StepUpBodySchema,
        response: { 200: envelope(StepUpResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      await gate.send(request, accountPhone(user.mobile), request.body.purpose);
      return ok({ mobile: maskMobile(user.mobile), resendAfter: env.SMS_COOLDOWN_SECONDS, expiresIn: env.SMS_CODE_TTL_SECONDS });
    },
  );

  app.delete(
    '/api/v8/me',
    {
      config: { noStore: true },
      schema: {
        tags: ['login'],
        summary: '注销账号：删除账号和它的全部数据（须本账号手机验证码）',
        errors: [429],
        description:
          'Deletes the account and everything kept for it in one transaction (sessions, WeChat binding, roles, test records, consultations with photos, favourites, history, moxibustion sessions). The code is a step-up code of purpose delete-account (issue #27 item 10); a wrong code changes nothing.',
        security: bearerSecurity,
        body: DeleteAccountBodySchema,
        response: { 200: envelope(DeleteAccountResultSchema) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      await gate.verify(request, accountPhone(user.mobile), 'delete-account', request.body.code);
      await ctx.users.deleteAccount(user.id);
      request.log.info({ userId: user.id }, 'account deleted');
      return ok({ deleted: true as const });
    },
  );

  app.post(
    '/api/v8/logout',
    { schema: { tags: ['login'], summary: '退出登录（吊销令牌）', security: bearerSecurity, response: { 200: envelope(z.null()) } } },
    async (request) => {
      await requireUser(ctx, request);
      await ctx.sessions.revoke(bearerToken(request)!);
      return ok(null);
    },
  );

  app.post(
    '/api/v8/logout-all',
    {
      schema: {
        tags: ['login'],
        summary: '退出所有设备（吊销该账号的全部令牌）',
        security: bearerSecurity,
        response: { 200: envelope(z.object({ revoked: z.number().int().nonnegative() })) },
      },
    },
    async (request) => {
      const user = await requireUser(ctx, request);
      const revoked = await ctx.sessions.revokeAll(user.id);
      request.log.info({ userId: user.id, revoked }, 'logout all');
      return ok({ revoked });
    },
  );
};
