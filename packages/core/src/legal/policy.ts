/**
 * Issue #27 item 18: the 隐私政策 and 用户协议 pages. The policy's version is PRIVACY_POLICY_VERSION
 * (consent/consent-rules.ts; every consent records it); raise it and the effective date below together
 * when the policy text changes.
 */
export { PRIVACY_POLICY_PATH, PRIVACY_POLICY_VERSION } from '../consent/consent-rules.ts';

/** The day the current 隐私政策 took effect (YYYY-MM-DD, China time). */
export const PRIVACY_POLICY_EFFECTIVE_DATE = '2026-11-27';
/** The 用户协议's version and the day it took effect. */
export const TERMS_VERSION = '2026-11-26';
export const TERMS_EFFECTIVE_DATE = '2026-11-26';
export const TERMS_PATH = '/terms';

/** 2026-11-26 → 2026年11月26日. */
export const chineseDate = (isoDay: string) => {
  const [y, m, d] = isoDay.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};
