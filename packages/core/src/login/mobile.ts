import { DEFAULT_COUNTRY_CODE } from './constants.ts';

/** Spec §7: the bare number for +86, otherwise '+' + country code + number. */
export function formatMobile(countryCode: string, mobile: string): string {
  const digits = mobile.trim();
  return countryCode === DEFAULT_COUNTRY_CODE ? digits : `+${countryCode}${digits}`;
}

/** Masks the middle of a phone number for logs (design §6): 13812345678 → 138****5678. */
export function maskMobile(mobile: string): string {
  if (mobile.length <= 6) return '*'.repeat(mobile.length);
  const keepEnd = 4;
  // +86 13812345678 keeps its country code and the carrier prefix: +86138****5678.
  const keepStart = Math.min(mobile.startsWith('+') ? 6 : 3, mobile.length - keepEnd - 2);
  return mobile.slice(0, keepStart) + '****' + mobile.slice(-keepEnd);
}
