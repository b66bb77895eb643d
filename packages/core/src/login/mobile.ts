import { DEFAULT_COUNTRY_CODE } from './constants.ts';

/** Spec §7: the bare number for +86, otherwise '+' + country code + number. */
export function formatMobile(countryCode: string, mobile: string): string {
  const digits = mobile.trim();
  return countryCode === DEFAULT_COUNTRY_CODE ? digits : `+${countryCode}${digits}`;
}
