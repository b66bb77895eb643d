import { MERIDIAN_ALIASES } from './acupoint-contract.ts';

/**
 * Acupoint code helpers shared by the server (lookup, search) and the web app (search in the
 * browser), so both accept the same Chinese alias codes (design §5: SJ, DU, RN).
 */

/** ST36 → ['ST36']; TE5 → ['TE5', 'SJ5']; GV20 → ['GV20', 'DU20']; CV4 → ['CV4', 'RN4']. */
export function aliasCodes(code: string): string[] {
  const alias = Object.entries(MERIDIAN_ALIASES).find(([, m]) => code.startsWith(m) && /^[0-9]/.test(code.slice(m.length)));
  return alias ? [code, alias[0] + code.slice(alias[1].length)] : [code];
}

/** Any case, alias codes resolved: ' sj5 ' → 'TE5', 'du20' → 'GV20', 'st36' → 'ST36'. */
export function canonicalCode(input: string): string {
  const s = input.trim().toUpperCase();
  const m = /^(SJ|DU|RN)([0-9]+)$/.exec(s);
  if (m) return MERIDIAN_ALIASES[m[1]!]! + m[2];
  return s;
}
