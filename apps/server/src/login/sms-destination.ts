import { COUNTRIES } from '@moxa/core/countries/countries';
import type { Env } from '../env.ts';
import type { ParsedMobile } from './phone-number.ts';

/** Regions of our own country list (spec §3), by ISO code → dialling code. */
const LISTED = new Map(COUNTRIES.map((c) => [c.abbr, c.code]));

export const MSG_REGION_UNSUPPORTED = '暂不支持向该号码发送短信，请使用中国大陆或常用地区的手机号';
export const MSG_REGION_NOT_ALLOWED = '暂不支持该国家或地区的手机号';

/**
 * Where SMS may go (issue #13 item 3, design §6): never to non-geographic codes (+870, +881, +882,
 * +883, +979 …) nor to regions outside our country list; and only to the allowed dialling codes —
 * the quick-access regions unless SMS_ALLOWED_COUNTRIES widens them.
 */
export function smsDestinationPolicy(env: Pick<Env, 'SMS_ALLOWED_COUNTRIES'>) {
  const all = env.SMS_ALLOWED_COUNTRIES === 'all';
  const allowed = new Set(env.SMS_ALLOWED_COUNTRIES.split(','));
  /** A Chinese refusal message, or null when the number may receive a code. */
  return (phone: ParsedMobile): string | null => {
    if (!phone.region || LISTED.get(phone.region) !== phone.countryCode) return MSG_REGION_UNSUPPORTED;
    if (!all && !allowed.has(phone.countryCode)) return MSG_REGION_NOT_ALLOWED;
    return null;
  };
}
