import type { FastifyRequest } from 'fastify';
import { DEFAULT_COUNTRY_CODE, SIGN_WINDOW_MS } from '@moxa/core/login/constants';
import { maskMobile } from '@moxa/core/login/mask-mobile';
import { ErrorCode } from '@moxa/core/http/envelope';
import { AppError, badInput } from '../lib/app-error.ts';
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
 * item 1) and before 注销账号.
 */
export function smsGate(ctx: AppContext) {
  const { env } = ctx;
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

  return {
    /**
     * Hands a new code for `phone` to the SMS provider, or refuses with 429/400/502. `salt`, when the
     * request is signed (spec §7 call 1), is claimed once, after the per-IP budget.
     */
    async send(request: FastifyRequest, phone: ParsedMobile, salt?: string): Promise<void> {
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
    },

    /** Checks a code for `phone` against the number's daily budget of wrong tries; throws when wrong. */
    async verify(phone: ParsedMobile, code: string): Promise<void> {
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
      const result = await ctx.smsCodes.verify(phone.e164, code);
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
    },
  };
}
