import type { ScaleResult } from '@moxa/core/physical/physical-contract';
import { CONSTITUTION_NAMES, VERDICT_LABELS } from '@moxa/core/physical/constitution';
import { formatScore } from '@moxa/core/physical/scoring';

export type WorkedScale = {
  name: string;
  /** 原始分 26，条目数 8 */
  inputs: string;
  /** 转化分 = (26 − 8) ÷ (8 × 4) × 100 = 56.3 */
  formula: string;
  /** Why the verdict follows, in the words of the judgement table. */
  reason: string;
  verdict: string;
  /** The whole line, e.g. 气虚质：原始分 26，条目数 8，转化分 = (26 − 8) ÷ (8 × 4) × 100 = 56.3 → 是 */
  line: string;
};

/** 转化分 = (原始分 − 条目数) ÷ (条目数 × 4) × 100, written out with the user's numbers (ZYYXH/T157-2009 §5.1). */
export function workedFormula(s: Pick<ScaleResult, 'raw' | 'items' | 'converted'>): string {
  return `转化分 = (${s.raw} − ${s.items}) ÷ (${s.items} × 4) × 100 = ${formatScore(s.converted)}`;
}

/**
 * The judgement of §5.2 applied to one scale, quoting the numbers that decided it. Uses the stored
 * verdict (the standard compares unrounded scores) and only explains it.
 */
export function verdictReason(s: ScaleResult, all: readonly ScaleResult[]): string {
  const score = formatScore(s.converted);
  if (s.type === 'pinghe') {
    const others = all.filter((o) => o.type !== 'pinghe');
    const top = others.reduce<ScaleResult | null>((m, o) => (m === null || o.converted > m.converted ? o : m), null);
    const topText = top ? `其他8种最高为${CONSTITUTION_NAMES[top.type]} ${formatScore(top.converted)} 分` : '';
    if (s.verdict === 'yes') return `平和质 ${score} ≥ 60，且${topText}（< 30）`;
    if (s.verdict === 'basically') return `平和质 ${score} ≥ 60，${topText}（< 40）`;
    if (s.converted < 60) return `平和质 ${score} < 60`;
    return `平和质 ${score} ≥ 60，但${topText}（≥ 40）`;
  }
  if (s.verdict === 'yes') return `${score} ≥ 40`;
  if (s.verdict === 'tendency') return `${score} 在 30～39 之间`;
  return `${score} < 30`;
}

export function workedScale(s: ScaleResult, all: readonly ScaleResult[]): WorkedScale {
  const name = CONSTITUTION_NAMES[s.type];
  const inputs = `原始分 ${s.raw}，条目数 ${s.items}`;
  const formula = workedFormula(s);
  const verdict = VERDICT_LABELS[s.verdict];
  return { name, inputs, formula, reason: verdictReason(s, all), verdict, line: `${name}：${inputs}，${formula} → ${verdict}` };
}
