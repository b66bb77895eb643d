import type { FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY_CODE, SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import type { SmsPurpose } from '@moxa/core/login/login-contract';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { ErrorCode } from '@moxa/core/http/envelope';
import { AppError, badInput, unavailable } from '../lib/app-error.ts';
import { clientBucket } from '../lib/client-ip.ts';
import type { AppContext } from '../lib/context.ts';
import { takeAll, type Limit, type Taken } from '../lib/rate-limit.ts';
import { parseMobile, type ParsedMobile } from './phone-number.ts';

/** The account's own number, parsed, for a step-up code. */
export function accountPhone(mobile: string): ParsedMobile {
  const phone = parseMobile(mobile);
  if (!phone) throw badInput('该账号的手机号无法接收验证码，请联系客服');
  return phone;
}

/**
 * Sending and checking SMS codes under every limit (design §6, decision 004), shared by phone login
 * and by the step-up check on the account's own number before WeChat binding changes (issue #13
 * item 1), 注销账号 and 我的数据. Every code has a purpose and is checked only for it (issue #27 item 10).
 */
export function smsGate(ctx: AppContext) {
  const { env } = ctx;
  // Issue #27 item 1: step-up codes reach only a logged-in owner, so they have number budgets (and a
  // daily budget of wrong codes) of their own that nobody else can use up; login codes keep theirs.
  const scope = (purpose: SmsPurpose) => (purpose === 'login' ? '' : 'step:');
  /**
   * The budgets of one send, narrowest first (decision 004). Each is taken only if it has room, and
   * all are given back when a later one refuses or the provider fails (issue #13 item 2).
   */
  const sendLimits = (phone: ParsedMobile, purpose: SmsPurpose): Limit[] => {
    const e164 = phone.e164;
    const s = scope(purpose);
    // A number block: all but the last 4 digits of the national number (sequential-number floods).
    const block = `${phone.countryCode}:${phone.nationalNumber.slice(0, -4)}`;
    const list: Limit[] = [
      { key: `sms:cool:${s}${e164}`, windowSeconds: env.SMS_COOLDOWN_SECONDS, max: 1, message: (w) => `验证码已发送，请${w}后再试` },
      {
        key: `sms:num:h:${s}${e164}`,
        windowSeconds: 3600,
        max: env.SMS_MAX_PER_NUMBER_HOUR,
        message: (w) => `该手机号获取验证码太频繁，请${w}后再试`,
      },
      {
        key: `sms:num:d:${s}${e164}`,
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

  return {
    /**
     * Hands a new code of `purpose` for `phone` to the SMS provider, or refuses with 429/400/502.
     * `salt`, when the request is signed (spec §7 call 1), is claimed once, after the per-IP budget.
     */
    async send(request: FastifyRequest, phone: ParsedMobile, purpose: SmsPurpose, salt?: string): Promise<void> {
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
        if (salt !== undefined && !(await ctx.limits.claimOnce(`salt:${salt}`, (SIGN_WINDOW_MS * 2) / 1000)))
          throw badInput('请求已失效，请重新获取验证码');
        rest = await takeAll(ctx.limits, sendLimits(phone, purpose));
        const issued = await ctx.smsCodes.issue(phone.e164, purpose, ip);
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
      request.log.info({ mobile: maskMobile(phone.e164, phone), provider: ctx.sms.name, purpose }, 'sms code sent');
    },

    /**
     * Checks a code of `purpose` for `phone`, typed by the client of `request`; throws when it is not
     * right. Issue #27 item 1: only a wrong try at a live code counts, against the client's daily
     * budget (429 when spent: this is what stops a guesser) and the number's. A spent number budget
     * never refuses the owner: the code's own client may still type it right (a wrong try then kills
     * the code: a new one is needed), and other clients' tries are not compared at all.
     */
    async verify(request: FastifyRequest, phone: ParsedMobile, purpose: SmsPurpose, code: string): Promise<void> {
      const client = clientBucket(request.ip);
      const perClient = await takeAll(ctx.limits, [
        {
          key: `login:fail:ip:d:${client}`,
          windowSeconds: 86400,
          max: env.LOGIN_MAX_FAILS_PER_IP_DAY,
          message: (w) => `验证码错误次数过多，请${w}后再试`,
        },
      ]);
      // The number's daily budget of wrong codes (issue #13 item 9): a unit is taken now and given back
      // unless the try is wrong. When it is spent, the check is strict instead of refused.
      const numberKey = `${purpose === 'login' ? 'login' : 'stepup'}:fail:d:${phone.e164}`;
      let perNumber;
      try {
        perNumber = await ctx.limits.take(numberKey, 86400, env.LOGIN_MAX_FAILS_PER_NUMBER_DAY);
      } catch {
        await perClient.giveBack().catch(() => {});
        throw unavailable('服务繁忙，请稍后再试');
      }
      const result = await ctx.smsCodes.verify(phone.e164, purpose, code, { client, strict: !perNumber.ok });
      if (result.ok || (result.reason !== 'wrong' && result.reason !== 'foreign')) {
        // A right code, a missing, expired or dead one, or a try not compared: none is a guess.
        await perClient.giveBack();
        if (perNumber.ok) await ctx.limits.giveBack(numberKey);
      }
      if (result.ok) return;
      if (result.reason === 'none') throw badInput('验证码已失效，请重新获取');
      // A try another client may not make is answered as a dead code: its owner gets a new one.
      if (result.reason === 'dead' || result.reason === 'refused') throw badInput('验证码错误次数过多，请重新获取');
      // Another client's wrong try leaves the code as it was; it may try while the number's budget lasts.
      // The code's own client sees the code's tries left (0: this try ended it).
      const left = result.reason === 'foreign' ? Math.min(result.left, env.LOGIN_MAX_FAILS_PER_NUMBER_DAY - perNumber.count) : result.left;
      if (left <= 0) throw badInput('验证码错误次数过多，请重新获取');
      throw badInput(`验证码错误，还可以再试${left}次`);
    },
  };
}
