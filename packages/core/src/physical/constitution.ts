/**
 * The nine constitutions of ZYYXH/T157-2009 and plain type guards. No zod here: web screens import
 * these and must stay small (issue #6); the zod schemas for the API are in physical-contract.ts.
 */
import type { Answers, Gender, PhysicalResult, Verdict } from './physical-contract.ts';

export const CONSTITUTION_TYPES = ['pinghe', 'qixu', 'yangxu', 'yinxu', 'tanshi', 'shire', 'xueyu', 'qiyu', 'tebing'] as const;
export type ConstitutionType = (typeof CONSTITUTION_TYPES)[number];

export const CONSTITUTION_NAMES: Record<ConstitutionType, string> = {
  pinghe: '平和质',
  qixu: '气虚质',
  yangxu: '阳虚质',
  yinxu: '阴虚质',
  tanshi: '痰湿质',
  shire: '湿热质',
  xueyu: '血瘀质',
  qiyu: '气郁质',
  tebing: '特禀质',
};

export const VERDICTS = ['yes', 'basically', 'tendency', 'no'] as const;
export const VERDICT_LABELS: Record<Verdict, string> = { yes: '是', basically: '基本是', tendency: '倾向是', no: '否' };

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export const isConstitutionType = (v: unknown): v is ConstitutionType => CONSTITUTION_TYPES.includes(v as ConstitutionType);
export const isGender = (v: unknown): v is Gender => v === 'female' || v === 'male';

/** Answers keyed q01…q99, each an integer 1–5. */
export function isAnswers(v: unknown): v is Answers {
  return (
    isObject(v) &&
    Object.entries(v).every(([k, x]) => /^q[0-9]{2}$/.test(k) && Number.isInteger(x) && (x as number) >= 1 && (x as number) <= 5)
  );
}

export function isPhysicalResult(v: unknown): v is PhysicalResult {
  if (!isObject(v) || typeof v.conclusion !== 'string') return false;
  if (!(v.primary === null || isConstitutionType(v.primary))) return false;
  if (!Array.isArray(v.also) || !v.also.every(isConstitutionType)) return false;
  if (!Array.isArray(v.tendencies) || !v.tendencies.every(isConstitutionType)) return false;
  return (
    Array.isArray(v.scales) &&
    v.scales.every(
      (s) =>
        isObject(s) &&
        isConstitutionType(s.type) &&
        Number.isInteger(s.raw) &&
        Number.isInteger(s.items) &&
        typeof s.converted === 'number' &&
        VERDICTS.includes(s.verdict as Verdict),
    )
  );
}
