import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { QuestionnaireSchema, type Answers, type ConstitutionType, type Question } from './physical-contract.ts';
import { balancedVerdict, biasedVerdict, checkAnswers, convertedScore, formatScore, questionsFor, scoreAnswers } from './scoring.ts';

const questionnaire = QuestionnaireSchema.parse(
  JSON.parse(readFileSync(new URL('../../../../content/constitution/questionnaire.json', import.meta.url), 'utf8')),
);
const questions = questionnaire.questions;

/** Answers giving each scale a target raw sum, built from the real questionnaire (items answered once, shared ones fixed). */
function answersAll(value: number, gender: 'female' | 'male' = 'female'): Answers {
  return Object.fromEntries(questionsFor(questions, gender).map((q) => [q.id, value]));
}

describe('questionnaire (ZYYXH/T157-2009)', () => {
  it('asks 60 questions of each gender and scores 67 items over nine scales', () => {
    expect(questionsFor(questions, 'female')).toHaveLength(60);
    expect(questionsFor(questions, 'male')).toHaveLength(60);
    const items = (type: ConstitutionType) => questions.filter((q) => q.scales.some((s) => s.type === type));
    expect(items('pinghe')).toHaveLength(8);
    expect(questions.filter((q) => q.scales.some((s) => s.type === 'pinghe' && s.reverse))).toHaveLength(6);
    expect(items('qixu')).toHaveLength(8);
    expect(items('yangxu')).toHaveLength(7);
    expect(items('yinxu')).toHaveLength(8);
    expect(items('tanshi')).toHaveLength(8);
    expect(items('shire')).toHaveLength(7);
    expect(items('xueyu')).toHaveLength(7);
    expect(items('qiyu')).toHaveLength(7);
    expect(items('tebing')).toHaveLength(7);
  });
});

describe('converted score', () => {
  it('is (raw − n) / (n × 4) × 100', () => {
    expect(convertedScore(8, 8)).toBe(0);
    expect(convertedScore(40, 8)).toBe(100);
    expect(convertedScore(26, 8)).toBeCloseTo(56.25);
    expect(convertedScore(6 + 12, 6)).toBe(50);
  });
  it('shows one decimal', () => {
    expect(formatScore(56.25)).toBe('56.3');
    expect(formatScore(30)).toBe('30.0');
  });
});

describe('judgement thresholds (§5.2)', () => {
  it('judges 平和质 at 60 with others < 30 / < 40', () => {
    expect(balancedVerdict(60, [29.99, 0])).toBe('yes');
    expect(balancedVerdict(59.99, [0])).toBe('no');
    expect(balancedVerdict(75, [30, 10])).toBe('basically');
    expect(balancedVerdict(75, [39.99])).toBe('basically');
    expect(balancedVerdict(75, [40])).toBe('no');
  });
  it('judges biased types at 40 and 30, comparing unrounded values', () => {
    expect(biasedVerdict(40)).toBe('yes');
    expect(biasedVerdict(39.99)).toBe('tendency');
    expect(biasedVerdict(30)).toBe('tendency');
    expect(biasedVerdict(29.99)).toBe('no');
  });
});

/** Fake questionnaire with one question per item, to pin exact converted scores. */
function fakeQuestions(): Question[] {
  const counts: [ConstitutionType, number][] = [
    ['pinghe', 8],
    ['qixu', 8],
    ['yangxu', 7],
    ['yinxu', 8],
    ['tanshi', 8],
    ['shire', 6],
    ['xueyu', 7],
    ['qiyu', 7],
    ['tebing', 7],
  ];
  let n = 0;
  return counts.flatMap(([type, k]) =>
    Array.from({ length: k }, () => ({
      id: `q${String(++n).padStart(2, '0')}`,
      text: 'x',
      gender: 'all' as const,
      scales: [{ type, reverse: false }],
    })),
  );
}
/** Answers so that each scale's raw sum hits `raws[type]` (spread over its items). */
function answersFor(qs: Question[], raws: Partial<Record<ConstitutionType, number>>): Answers {
  const out: Answers = {};
  const byType = new Map<ConstitutionType, Question[]>();
  for (const q of qs) byType.set(q.scales[0]!.type, [...(byType.get(q.scales[0]!.type) ?? []), q]);
  for (const [type, list] of byType) {
    let rest = raws[type] ?? list.length;
    list.forEach((q, i) => {
      const left = list.length - i - 1;
      const v = Math.max(1, Math.min(5, rest - left));
      out[q.id] = v;
      rest -= v;
    });
  }
  return out;
}

describe('the standard’s worked examples', () => {
  const qs = fakeQuestions();
  it('平和 75, 气虚 56, others < 30 → 气虚质', () => {
    // 平和 raw 32 → 75; 气虚 raw 26 → 56.25; others raw n → 0.
    const r = scoreAnswers(qs, 'female', answersFor(qs, { pinghe: 32, qixu: 26 }));
    expect(r.scales.find((s) => s.type === 'pinghe')!.converted).toBe(75);
    expect(r.scales.find((s) => s.type === 'qixu')!.converted).toBeCloseTo(56.25);
    expect(r.scales.find((s) => s.type === 'pinghe')!.verdict).toBe('no');
    expect(r.primary).toBe('qixu');
    expect(r.conclusion).toBe('气虚质');
  });
  it('平和 75, 痰湿 32, others < 30 → 基本是平和质，有痰湿质倾向', () => {
    // 痰湿 raw 18.25 is impossible; raw 19 → 34.4 (between 30 and 40) is the same case.
    const r = scoreAnswers(qs, 'female', answersFor(qs, { pinghe: 32, tanshi: 19 }));
    expect(r.scales.find((s) => s.type === 'tanshi')!.verdict).toBe('tendency');
    expect(r.primary).toBe('pinghe');
    expect(r.tendencies).toEqual(['tanshi']);
    expect(r.conclusion).toBe('基本是平和质，有痰湿质倾向');
  });
  it('names the highest 是 as primary, the other 是 as 兼夹, and lists tendencies', () => {
    const r = scoreAnswers(qs, 'female', answersFor(qs, { pinghe: 20, yangxu: 25, qixu: 22, qiyu: 17 }));
    expect(r.primary).toBe('yangxu');
    expect(r.also).toEqual(['qixu']);
    expect(r.tendencies).toEqual(['qiyu']);
    expect(r.conclusion).toBe('阳虚质，兼有气虚质，有气郁质倾向');
    expect(r.undecided).toBe(false);
  });
  it('names no primary when the two highest 是 scores tie (issue #26)', () => {
    const r = scoreAnswers(qs, 'female', answersFor(qs, { pinghe: 20, yangxu: 25, xueyu: 25 }));
    expect(r.undecided).toBe(true);
    expect(r.primary).toBeNull();
    expect(r.also.sort()).toEqual(['xueyu', 'yangxu']);
    expect(r.conclusion).toMatch(/得分相同/);
  });
  it('explains plainly when no scale reaches 30 and 平和 is below 60', () => {
    const r = scoreAnswers(qs, 'female', answersFor(qs, { pinghe: 20 }));
    expect(r.primary).toBeNull();
    expect(r.conclusion).toMatch(/都低于30分/);
  });
});

describe('scoring the real questionnaire', () => {
  it('scores shared questions into both scales and reverses 平和 items', () => {
    const r = scoreAnswers(questions, 'male', answersAll(1, 'male'));
    const pinghe = r.scales.find((s) => s.type === 'pinghe')!;
    // 2 positive items at 1 and 6 reversed items at 6 − 1 = 5: raw 32 → 75.
    expect(pinghe.raw).toBe(32);
    expect(pinghe.converted).toBe(75);
    expect(r.scales.find((s) => s.type === 'shire')!.items).toBe(6);
    expect(r.conclusion).toBe('是平和质');
    const all5 = scoreAnswers(questions, 'female', answersAll(5));
    expect(all5.scales.filter((s) => s.type !== 'pinghe').every((s) => s.converted === 100)).toBe(true);
    expect(all5.scales.find((s) => s.type === 'pinghe')!.verdict).toBe('no');
  });
  it.each([3, 4, 5])('does not name one constitution when every answer is %i (issue #26)', (value) => {
    const r = scoreAnswers(questions, 'female', answersAll(value));
    // The scores stay exactly the standard's; only the headline refuses to pick one of equal types.
    expect(r.scales.filter((s) => s.type !== 'pinghe').every((s) => s.verdict === 'yes')).toBe(true);
    expect(r.undecided).toBe(true);
    expect(r.primary).toBeNull();
    expect(r.conclusion).toMatch(/没有明显指向某一种体质/);
    expect(r.conclusion).not.toMatch(/兼有/);
  });
  it('refuses missing, extra and out-of-range answers with a Chinese message', () => {
    const answers = answersAll(3);
    const { q01: _dropped, ...missing } = answers;
    expect(checkAnswers(questions, 'female', missing)).toBe('还有1道题没有回答');
    const maleOnly = questions.find((q) => q.gender === 'male')!.id;
    expect(checkAnswers(questions, 'female', { ...answers, [maleOnly]: 3 })).toMatch(/包含不属于本问卷的题目/);
    expect(checkAnswers(questions, 'female', { ...answers, q01: 6 })).toBe('答案必须是1到5之间的整数');
    expect(() => scoreAnswers(questions, 'female', missing)).toThrow();
  });
});
