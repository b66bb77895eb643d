import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope } from '@moxa/core/http/envelope';
import { DEFAULT_COUNTRY_CODE, MSG_BAD_PHONE, SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import { LoginQuerySchema, LoginResultSchema, MeSchema, SendMsgBodySchema, SendMsgResultSchema } from '@moxa/core/login/login-contract';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { signRequest } from '@moxa/core/login/sign';
import { ErrorCode } from '@moxa/core/http/envelope';
import { AppError, badInput } from '../lib/app-error.ts';
import { clientBucket } from '../lib/client-ip.ts';
import { takeAll, type Limit, type Taken } from '../lib/rate-limit.ts';
import { bearerSecurity, bearerToken, ok, requireUser } from '../lib/context.ts';
import { parseMobile, type ParsedMobile } from '../login/phone-number.ts';
import { smsDestinationPolicy } from '../login/sms-destination.ts';

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

  /**
   * The budgets of one send, narrowest first (decision 004). Each is taken only if it has room, and
   * all are given back when a later one refuses or the provider fails (issue #13 item 2).
   */
  const sendLimits = (phone: ParsedMobile): Limit[] => {
    const e164 = phone.e164;
    // A number block: all but the last 4 digits of the national number (sequential-number floods).
    const block = `${phone.countryCode}:${phone.nationalNumber.slice(0, -4)}`;
    const list: Limit[] = [
      { key: `sms:cool:${e164}`, windowSeconds: env.SMS_COOLDOWN_SECONDS, max: 1, message: (w) => `验证码已发送，请${w}后再试` },
      {
        key: `sms:num:h:${e164}`,
        windowSeconds: 3600,
        max: env.SMS_MAX_PER_NUMBER_HOUR,
        message: (w) => `该手机号获取验证码太频繁，请${w}后再试`,
      },
      {
        key: `sms:num:d:${e164}`,
        windowSeconds: 86400,
        max: env.SMS_MAX_PER_NUMBER_DAY,
        message: (w) => `该手机号今天获取验证码次数已达上限，请${w}后再试`,
      },
      {
        key: `sms:blk:h:${block}`,
        windowSeconds: 3600,
        max: env.SMS_MAX_PER_PREFIX_HOUR,
        message: (w) => `获取验证码太频繁，请${w}后再试`,
      },
      {
        key: `sms:blk:d:${block}`,
        windowSeconds: 86400,
        max: env.SMS_MAX_PER_PREFIX_DAY,
        message: (w) => `获取验证码太频繁，请${w}后再试`,
      },
    ];
    if (phone.countryCode !== DEFAULT_COUNTRY_CODE) {
      const busy = (w: string) => `该地区短信发送繁忙，请${w}后再试`;
      list.push(
        { key: `sms:cc:h:${phone.countryCode}`, windowSeconds: 3600, max: env.SMS_MAX_PER_COUNTRY_HOUR, message: busy },
        { key: `sms:cc:d:${phone.countryCode}`, windowSeconds: 86400, max: env.SMS_MAX_PER_COUNTRY_DAY, message: busy },
        { key: 'sms:foreign:h', windowSeconds: 3600, max: env.SMS_MAX_FOREIGN_HOUR, message: busy },
        { key: 'sms:foreign:d', windowSeconds: 86400, max: env.SMS_MAX_FOREIGN_DAY, message: busy },
      );
    }
    list.push({ key: 'sms:global:d', windowSeconds: 86400, max: env.SMS_MAX_GLOBAL_DAY, message: (w) => `短信服务繁忙，请${w}后再试` });
    return list;
  };

  app.post(
    '/api/v8/sendMsg',
    {
      config: { noStore: true },
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
      // Checks that hold no state first: they cost nothing and consume nothing.
      if (Math.abs(now - b.time) > SIGN_WINDOW_MS) throw badInput('手机时间与标准时间相差较大，请校准后重试');
      if (signRequest(b.mobile, b.time, b.salt, b.from) !== b.sign) throw badInput('请求校验失败，请刷新页面后重试');
      const phone = parseMobile(b.mobile);
      if (!phone) throw badInput(MSG_BAD_PHONE);
      const refusal = destinationRefusal(phone);
      if (refusal) throw badInput(refusal);

      const ip = clientBucket(request.ip);
      const perIp = await takeAll(ctx.limits, [
        { key: `sms:ip:h:${ip}`, windowSeconds: 3600, max: env.SMS_MAX_PER_IP_HOUR, message: (w) => `获取验证码太频繁，请${w}后再试` },
        {
          key: `sms:ip:d:${ip}`,
          windowSeconds: 86400,
          max: env.SMS_MAX_PER_IP_DAY,
          message: (w) => `今天获取验证码次数已达上限，请${w}后再试`,
        },
      ]);
      let rest: Taken | undefined;
      try {
        // The salt is claimed only once the address is within its budget (issue #13 item 2).
        if (!(await ctx.limits.claimOnce(`salt:${b.salt}`, (SIGN_WINDOW_MS * 2) / 1000))) throw badInput('请求已失效，请重新获取验证码');
        rest = await takeAll(ctx.limits, sendLimits(phone));
        const issued = await ctx.smsCodes.issue(phone.e164);
        try {
          await ctx.sms.sendCode(phone.e164, issued.code);
        } catch (error) {
          await ctx.smsCodes.discard(issued.id);
          request.log.warn(
            { provider: ctx.sms.name, mobile: maskMobile(phone.e164, phone), err: (error as Error).message },
            'sms send failed',
          );
          throw new AppError(502, ErrorCode.smsFailed, '短信发送失败，请稍后重试');
        }
      } catch (error) {
        // Nothing was handed to the provider: every budget gets its unit back.
        await rest?.giveBack();
        await perIp.giveBack();
        throw error;
      }
      request.log.info({ mobile: maskMobile(phone.e164, phone), provider: ctx.sms.name }, 'sms code sent');
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
        description:
          'Answers the login info {token, user}. A code is single use, valid for SMS_CODE_TTL_SECONDS, and dies after 5 wrong tries; a number has LOGIN_MAX_FAILS_PER_NUMBER_DAY wrong tries a day over all its codes.',
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
      // A try is taken from the number's daily budget of wrong codes and given back when it is right
      // (issue #13 item 9): 5 wrong tries per code would otherwise allow 50 guesses a day.
      const attempt = await takeAll(ctx.limits, [
        {
          key: `login:fail:d:${phone.e164}`,
          windowSeconds: 86400,
          max: env.LOGIN_MAX_FAILS_PER_NUMBER_DAY,
          message: (w) => `验证码错误次数过多，请${w}后再试`,
        },
      ]);
      const result = await ctx.smsCodes.verify(phone.e164, q.code);
      if (!result.ok) {
        // A missing or expired code is not a guess: it does not count.
        if (result.reason === 'none') {
          await attempt.giveBack();
          throw badInput('验证码已失效，请重新获取');
        }
        if (result.reason === 'dead') throw badInput('验证码错误次数过多，请重新获取');
        throw badInput(`验证码错误，还可以再试${result.left}次`);
      }
      await attempt.giveBack();
      const user = await ctx.sessions.findOrCreateUser(phone.e164);
      const token = await ctx.sessions.issue(user.id);
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
