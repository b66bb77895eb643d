import { CONSTITUTION_NAMES, CONSTITUTION_TYPES, type ConstitutionType } from './constitution.ts';
import type { Answers, Gender, PhysicalResult, Question, ScaleResult, Verdict } from './physical-contract.ts';

/** The questions asked to one person: the gender-specific 湿热 item is asked to that gender only. */
export function questionsFor(questions: readonly Question[], gender: Gender): Question[] {
  return questions.filter((q) => q.gender === 'all' || q.gender === gender);
}

/** Returns a Chinese message when answers are missing, extra or out of range; null when complete. */
export function checkAnswers(questions: readonly Question[], gender: Gender, answers: Answers): string | null {
  const asked = questionsFor(questions, gender);
  const ids = new Set(asked.map((q) => q.id));
  const extra = Object.keys(answers).filter((id) => !ids.has(id));
  if (extra.length > 0) return `包含不属于本问卷的题目：${extra.slice(0, 3).join('、')}`;
  const missing = asked.filter((q) => answers[q.id] === undefined);
  if (missing.length > 0) return `还有${missing.length}道题没有回答`;
  for (const q of asked) {
    const v = answers[q.id];
    if (v === undefined || !Number.isInteger(v) || v < 1 || v > 5) return '答案必须是1到5之间的整数';
  }
  return null;
}

/** 转化分 = (原始分 − n) / (n × 4) × 100 (ZYYXH/T157-2009 §5.1). */
export function convertedScore(raw: number, items: number): number {
  return ((raw - items) / (items * 4)) * 100;
}

/**
 * Scores a complete questionnaire exactly as ZYYXH/T157-2009 §5 prescribes. Values are compared
 * unrounded; rounding is for display only.
 */
export function scoreAnswers(questions: readonly Question[], gender: Gender, answers: Answers): PhysicalResult {
  const problem = checkAnswers(questions, gender, answers);
  if (problem) throw new Error(problem);
  const raw = new Map<ConstitutionType, { sum: number; items: number }>(CONSTITUTION_TYPES.map((t) => [t, { sum: 0, items: 0 }]));
  for (const q of questionsFor(questions, gender)) {
    const value = answers[q.id] as number;
    for (const scale of q.scales) {
      const acc = raw.get(scale.type)!;
      acc.sum += scale.reverse ? 6 - value : value;
      acc.items += 1;
    }
  }
  const converted = new Map(CONSTITUTION_TYPES.map((t) => [t, convertedScore(raw.get(t)!.sum, raw.get(t)!.items)]));
  const biased = CONSTITUTION_TYPES.filter((t) => t !== 'pinghe');
  const scales: ScaleResult[] = CONSTITUTION_TYPES.map((type) => ({
    type,
    raw: raw.get(type)!.sum,
    items: raw.get(type)!.items,
    converted: converted.get(type)!,
    verdict:
      type === 'pinghe'
        ? balancedVerdict(
            converted.get('pinghe')!,
            biased.map((t) => converted.get(t)!),
          )
        : biasedVerdict(converted.get(type)!),
  }));
  return judge(scales);
}

/** §5.2: 平和质 是 ≥ 60 with every biased < 30; 基本是 ≥ 60 with every biased < 40; else 否. */
export function balancedVerdict(pinghe: number, biased: readonly number[]): Verdict {
  if (pinghe >= 60 && biased.every((s) => s < 30)) return 'yes';
  if (pinghe >= 60 && biased.every((s) => s < 40)) return 'basically';
  return 'no';
}

/** §5.2: a biased constitution is 是 at ≥ 40, 倾向是 at 30–39.x, 否 below 30. */
export function biasedVerdict(score: number): Verdict {
  if (score >= 40) return 'yes';
  if (score >= 30) return 'tendency';
  return 'no';
}

function judge(scales: ScaleResult[]): PhysicalResult {
  const byScore = (a: ScaleResult, b: ScaleResult) => b.converted - a.converted;
  const pinghe = scales[0]!;
  const biased = scales.slice(1);
  const yes = biased.filter((s) => s.verdict === 'yes').sort(byScore);
  const tendencies = biased
    .filter((s) => s.verdict === 'tendency')
    .sort(byScore)
    .map((s) => s.type);
  const names = (types: readonly ConstitutionType[]) => types.map((t) => CONSTITUTION_NAMES[t]).join('、');
  const tendencyText = tendencies.length ? `，有${names(tendencies)}倾向` : '';

  if (pinghe.verdict === 'yes') {
    return { scales, primary: 'pinghe', also: [], tendencies, conclusion: '是平和质', undecided: false };
  }
  if (pinghe.verdict === 'basically') {
    return { scales, primary: 'pinghe', also: [], tendencies, conclusion: `基本是平和质${tendencyText}`, undecided: false };
  }
  if (yes.length > 0) {
    const [first, ...rest] = yes;
    // The standard's verdicts stay exact; what changes is that a tie at the top, or most types at 是
    // together, is not presented as one constitution (issue #26).
    const tied = yes.filter((s) => Math.abs(s.converted - first!.converted) < 1e-9);
    if (tied.length > 1 || yes.length >= UNDECIDED_YES_COUNT) {
      return {
        scales,
        primary: null,
        also: yes.map((s) => s.type),
        tendencies,
        conclusion:
          tied.length > 1
            ? `${names(tied.map((s) => s.type))}得分相同，您的回答没有明显指向某一种体质`
            : `${yes.length}种偏颇体质同时达到判定标准，您的回答没有明显指向某一种体质`,
        undecided: true,
      };
    }
    const also = rest.map((s) => s.type);
    const alsoText = also.length ? `，兼有${names(also)}` : '';
    return {
      scales,
      primary: first!.type,
      also,
      tendencies,
      conclusion: `${CONSTITUTION_NAMES[first!.type]}${alsoText}${tendencyText}`,
      undecided: false,
    };
  }
  if (tendencies.length > 0) {
    return {
      scales,
      primary: null,
      also: [],
      tendencies,
      conclusion: `未达到某一体质的判定标准，有${names(tendencies)}倾向`,
      undecided: false,
    };
  }
  return {
    scales,
    primary: null,
    also: [],
    tendencies: [],
    conclusion: '各偏颇体质得分都低于30分，但平和质得分未达到60分，暂不能判定为某一种体质',
    undecided: false,
  };
}

/** As many biased types at 是 as this (of 8) no longer describe one person's constitution. */
export const UNDECIDED_YES_COUNT = 5;

/** One decimal for display (the standard compares unrounded values). */
export const formatScore = (n: number): string => (Math.round(n * 10) / 10).toFixed(1);
