import { parsePhoneNumberFromString } from 'libphonenumber-js/max';
import { DEFAULT_COUNTRY_CODE } from '@moxa/core/login/constants';

/**
 * Validates a wire mobile (spec §7: bare for +86, else '+' code number) as a real mobile number of
 * its country (design §6: no SMS to impossible numbers). Returns its E.164 form and dialling code.
 */
export function parseMobile(wire: string, countryCode?: string): { e164: string; countryCode: string } | null {
  const isBare = !wire.startsWith('+');
  if (isBare && countryCode !== undefined && countryCode !== DEFAULT_COUNTRY_CODE) return null;
  if (!isBare && countryCode !== undefined && !wire.startsWith(`+${countryCode}`)) return null;
  const phone = isBare ? parsePhoneNumberFromString(wire, 'CN') : parsePhoneNumberFromString(wire);
  if (!phone || !phone.isValid()) return null;
  if (isBare && phone.countryCallingCode !== DEFAULT_COUNTRY_CODE) return null;
  if (countryCode !== undefined && phone.countryCallingCode !== countryCode) return null;
  const type = phone.getType();
  if (type !== 'MOBILE' && type !== 'FIXED_LINE_OR_MOBILE') return null;
  return { e164: phone.number, countryCode: phone.countryCallingCode };
}
