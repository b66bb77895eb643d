/**
 * Issue #27 items 15 and 17: separate consent for health data, and children under 14. Plain
 * constants and rules without zod, so the web app can use them without loading the schema library
 * (consent-contract.ts holds the HTTP schemas).
 */

/**
 * The sensitive personal information (《个人信息保护法》 §28) this app keeps on an account, one
 * separate consent each: constitution answers and results, moxibustion session logs, consultations.
 */
export const CONSENT_PURPOSES = ['constitution', 'moxa-log', 'consultation'] as const;
export type ConsentPurpose = (typeof CONSENT_PURPOSES)[number];

/** The envelope codes of the two refusals (also in ErrorCode), here so the web app reads them without zod. */
export const CONSENT_ERROR_CODES = { consentRequired: 40310, guardianRequired: 40311 } as const;

/** Short names, as 我的 → 隐私与授权 lists them. */
export const CONSENT_PURPOSE_NAMES: Record<ConsentPurpose, string> = {
  constitution: '保存体质测试记录',
  'moxa-log': '保存艾灸记录',
  consultation: '在线咨询',
};

/**
 * The version of the privacy policy (隐私政策, at PRIVACY_POLICY_PATH) a consent is given to; every
 * consent records it. Raise it when the policy text changes: new consents must name the new version
 * (older clients are asked to reload), consents already given keep theirs (issue #27 item 15).
 */
// 2026-11-27: courses (疗程), reminder settings and sent notices, WeChat subscribe messages (issue #31).
export const PRIVACY_POLICY_VERSION = '2026-11-27';
export const PRIVACY_POLICY_PATH = '/privacy';

/** 《个人信息保护法》 §31: under this age, a parent's or guardian's consent is needed (issue #27 item 17). */
export const GUARDIAN_CONSENT_AGE = 14;
/** The earliest birth year the age question offers. */
export const EARLIEST_BIRTH_YEAR = 1900;

/** The calendar year in China (UTC+8, no daylight saving) at `now`. */
export function chinaYear(now: number): number {
  return new Date(now + 8 * 3_600_000).getUTCFullYear();
}

/**
 * Whether someone born in `birthYear` may still be under 14 at `now`. Only the year is asked, so
 * the year someone turns 14 counts as under 14 (their birthday may not have come yet): a person is
 * taken to be 14 or older only from the year they turn 15 (issue #27 item 17, conservative).
 */
export function mayBeUnder14(birthYear: number, now: number): boolean {
  return chinaYear(now) - birthYear <= GUARDIAN_CONSENT_AGE;
}
