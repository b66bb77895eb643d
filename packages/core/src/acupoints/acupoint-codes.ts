/**
 * Acupoint reference constants and code helpers, free of zod so the web app can use them in the
 * browser (search, labels) without loading the validation library; the zod contract
 * (acupoint-contract.ts) re-exports them. Shared by the server (lookup, search) and the web app, so
 * both accept the same Chinese alias codes (design §5: SJ, DU, RN).
 */

/** WHO meridian codes (GB/T 12346-2021 uses the same), plus EX for extra points. */
export const MERIDIAN_CODES = ['LU', 'LI', 'ST', 'SP', 'HT', 'SI', 'BL', 'KI', 'PC', 'TE', 'GB', 'LR', 'GV', 'CV'] as const;

/** Chinese aliases accepted in search and in ids (design §5): 三焦 SJ, 督脉 DU, 任脉 RN. */
export const MERIDIAN_ALIASES: Record<string, (typeof MERIDIAN_CODES)[number]> = { SJ: 'TE', DU: 'GV', RN: 'CV' };

export const REGIONS = {
  head: '头面部',
  neck: '颈项部',
  chest: '胸胁部',
  abdomen: '腹部',
  back: '肩背腰骶部',
  upper_limb: '上肢部',
  lower_limb: '下肢部',
} as const;

export const MOXA_LEVELS = { suitable: '可灸', caution: '慎灸', forbidden: '禁灸' } as const;

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
