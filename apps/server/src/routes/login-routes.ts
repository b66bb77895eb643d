import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { MSG_BAD_PHONE, SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import { LoginQuerySchema, LoginResultSchema, MeSchema, SendMsgBodySchema, SendMsgResultSchema } from '@moxa/core/login/login-contract';
import { maskMobile } from '@moxa/core/login/mobile';
import { signRequest } from '@moxa/core/login/sign';
import { ErrorCode } from '@moxa/core/http/envelope';
import { AppError, badInput, humanWait, tooMany } from '../lib/app-error.ts';
import { bearerSecurity, bearerToken, ok, requireUser, type AppContext } from '../lib/context.ts';
import { parseMobile } from '../login/phone-number.ts';

const SIGN_DOC = `Signed as spec §7 says: sign = md5(sortChars(mobile + time) + secretHash), where
secretHash = md5(salt + "|" + from + "|" + "moxa-h5:v8"). Test vector: mobile 13800138000, time
1700000000000, salt Ab3dE6gH, from 3 → secretHash e53e039ffe24fc65f0af1d3b3e7a9106, sign
ebf0f4664bd03dc96b88b34461950a75. time must be within 5 minutes of the server clock and a salt is
accepted once. Limits (429 with Retry-After): one code per number per cooldown, hourly and daily caps
per number and per IP, and a global daily cap.`;

/** Runs one limit; a refusal is a 429 with Retry-After and a Chinese message saying when to retry. */
async function enforce(ctx: AppContext, key: string, windowSeconds: number, max: number, message: (wait: string) => string) {
  const { count, retryAfter } = await ctx.limits.hit(key, windowSeconds);
  if (count > max) throw tooMany(message(humanWait(retryAfter)), retryAfter);
}

export const loginRoutes: FastifyPluginAsyncZod = async (app) => {
  const ctx = app.ctx;
  const { env } = ctx;
  const allowed = new Set(
    env.SMS_ALLOWED_COUNTRIES.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

  app.post(
    '/api/v8/sendMsg',
    {
      schema: {
        tags: ['login'],
        summary: '发送短信验证码 (spec §7 call 1)',
        description: SIGN_DOC,
        body: SendMsgBodySchema,
        response: { 200: envelope(SendMsgResultSchema) },
      },
    },
    async (request, reply) => {
      const b = request.body;
      const now = ctx.clock();
      if (Math.abs(now - b.time) > SIGN_WINDOW_MS) throw badInput('手机时间与标准时间相差较大，请校准后重试');
      if (signRequest(b.mobile, b.time, b.salt, b.from) !== b.sign) throw badInput('请求校验失败，请刷新页面后重试');
      if (!(await ctx.limits.claimOnce(`salt:${b.salt}`, (SIGN_WINDOW_MS * 2) / 1000))) throw badInput('请求已失效，请重新获取验证码');
      const phone = parseMobile(b.mobile);
      if (!phone) throw badInput(MSG_BAD_PHONE);
      if (allowed.size > 0 && !allowed.has(phone.countryCode)) throw badInput('暂不支持该国家或地区的手机号');
      const e164 = phone.e164;
      const cooldownKey = `sms:cool:${e164}`;
      // Widest limits first, so a refusal there leaves the number's own counters untouched.
      await enforce(ctx, 'sms:global:d', 86400, env.SMS_MAX_GLOBAL_DAY, (w) => `短信服务繁忙，请${w}后再试`);
      await enforce(ctx, `sms:ip:d:${request.ip}`, 86400, env.SMS_MAX_PER_IP_DAY, (w) => `今天获取验证码次数已达上限，请${w}后再试`);
      await enforce(ctx, `sms:ip:h:${request.ip}`, 3600, env.SMS_MAX_PER_IP_HOUR, (w) => `获取验证码太频繁，请${w}后再试`);
      await enforce(ctx, cooldownKey, env.SMS_COOLDOWN_SECONDS, 1, (w) => `验证码已发送，请${w}后再试`);
      await enforce(ctx, `sms:num:d:${e164}`, 86400, env.SMS_MAX_PER_NUMBER_DAY, (w) => `该手机号今天获取验证码次数已达上限，请${w}后再试`);
      await enforce(ctx, `sms:num:h:${e164}`, 3600, env.SMS_MAX_PER_NUMBER_HOUR, (w) => `该手机号获取验证码太频繁，请${w}后再试`);

      const issued = await ctx.smsCodes.issue(e164);
      try {
        await ctx.sms.sendCode(e164, issued.code);
      } catch (error) {
        await ctx.smsCodes.discard(issued.id);
        await ctx.limits.release(cooldownKey);
        request.log.warn({ provider: ctx.sms.name, mobile: maskMobile(e164), err: (error as Error).message }, 'sms send failed');
        throw new AppError(502, ErrorCode.smsFailed, '短信发送失败，请稍后重试');
      }
      request.log.info({ mobile: maskMobile(e164), provider: ctx.sms.name }, 'sms code sent');
      void reply.header('Cache-Control', 'no-store');
      return ok({ resendAfter: env.SMS_COOLDOWN_SECONDS, expiresIn: env.SMS_CODE_TTL_SECONDS });
    },
  );

  app.get(
    '/api/v8/login',
    {
      schema: {
        tags: ['login'],
        summary: '手机号验证码登录 (spec §7 call 2)',
        description:
          'Answers the login info {token, user}. A code is single use, valid for SMS_CODE_TTL_SECONDS, and dies after 5 wrong tries.',
        querystring: LoginQuerySchema,
        response: { 200: envelope(LoginResultSchema) },
      },
    },
    async (request, reply) => {
      const q = request.query;
      await enforce(ctx, `login:ip:h:${request.ip}`, 3600, env.LOGIN_MAX_PER_IP_HOUR, (w) => `登录尝试太频繁，请${w}后再试`);
      const phone = parseMobile(q.mobile, q.countryCode);
      if (!phone) throw badInput(MSG_BAD_PHONE);
      const result = await ctx.smsCodes.verify(phone.e164, q.code);
      if (!result.ok) {
        if (result.reason === 'none') throw badInput('验证码已失效，请重新获取');
        if (result.reason === 'dead') throw badInput('验证码错误次数过多，请重新获取');
        throw badInput(`验证码错误，还可以再试${result.left}次`);
      }
      const user = await ctx.sessions.findOrCreateUser(phone.e164);
      const token = await ctx.sessions.issue(user.id);
      request.log.info({ userId: user.id }, 'login');
      void reply.header('Cache-Control', 'no-store');
      return ok({ token, user });
    },
  );

  app.get(
    '/api/v8/me',
    { schema: { tags: ['login'], summary: '当前用户', security: bearerSecurity, response: { 200: envelope(MeSchema) } } },
    async (request, reply) => {
      const user = await requireUser(ctx, request);
      void reply.header('Cache-Control', 'no-store');
      return ok({ ...user, mobile: maskMobile(user.mobile) });
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
};
