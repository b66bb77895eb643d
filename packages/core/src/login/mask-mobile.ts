import raw from '../countries/countries.json' with { type: 'json' };
import { DEFAULT_COUNTRY_CODE } from './constants.ts';

/** Calling codes of the countries the app lists (spec §3). */
const CALLING_CODES = new Set((raw as { code: string }[]).map((c) => c.code));

/**
 * Masks a phone number for logs and screens (design §6, issue #13 item 8). The mask works on the
 * national number and always hides at least half of its digits, keeping at most 3 at the start and
 * the rest at the end: 13812345678 and +8613812345678 → 138******78, +85251234567 → +852 51****67. `mobile` is the wire
 * form (spec §7: bare for +86) or E.164; pass `nationalNumber` when the caller has parsed it, since
 * a calling code's length cannot be told from the digits alone.
 */
export function maskMobile(mobile: string, parsed?: { countryCode: string; nationalNumber: string }): string {
  const trimmed = mobile.trim();
  let countryCode = parsed?.countryCode ?? DEFAULT_COUNTRY_CODE;
  let national = parsed?.nationalNumber ?? trimmed;
  if (!parsed && trimmed.startsWith('+')) {
    // Without parsed parts, take the longest listed calling code (1–3 digits, ITU E.164 §6.2).
    const digits = trimmed.slice(1);
    const code = [3, 2, 1].map((n) => digits.slice(0, n)).find((c) => CALLING_CODES.has(c)) ?? digits.slice(0, 3);
    countryCode = code;
    national = digits.slice(code.length);
  }
  const hidden = Math.ceil(national.length / 2);
  const visible = national.length - hidden;
  const keepStart = Math.min(3, Math.ceil(visible / 2));
  const keepEnd = visible - keepStart;
  const masked = national.slice(0, keepStart) + '*'.repeat(hidden) + (keepEnd > 0 ? national.slice(-keepEnd) : '');
  // Spec §7: mainland numbers are shown bare.
  return countryCode === DEFAULT_COUNTRY_CODE ? masked : `+${countryCode} ${masked}`;
}
