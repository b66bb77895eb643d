import { describe, expect, it } from 'vitest';
import { verdictReason, workedFormula, workedScale } from './computing.ts';
import { resultWith } from './test-fixtures.ts';

describe('worked-through numbers', () => {
  it('writes the formula with the user’s numbers (issue #5 example)', () => {
    const { scales } = resultWith({ qixu: { raw: 26, items: 8, converted: 56.25, verdict: 'yes' } });
    const qixu = scales.find((s) => s.type === 'qixu')!;
    expect(workedFormula(qixu)).toBe('转化分 = (26 − 8) ÷ (8 × 4) × 100 = 56.3');
    expect(workedScale(qixu, scales).line).toBe('气虚质：原始分 26，条目数 8，转化分 = (26 − 8) ÷ (8 × 4) × 100 = 56.3 → 是');
  });

  it('explains biased verdicts by the 30/40 thresholds', () => {
    const { scales } = resultWith({
      yangxu: { raw: 19, items: 7, converted: (12 / 28) * 100, verdict: 'yes' },
      qiyu: { raw: 18, items: 7, converted: (11 / 28) * 100, verdict: 'tendency' },
      tebing: { raw: 10, items: 7, converted: (3 / 28) * 100, verdict: 'no' },
    });
    const by = (t: string) => scales.find((s) => s.type === t)!;
    expect(verdictReason(by('yangxu'), scales)).toBe('42.9 ≥ 40');
    expect(verdictReason(by('qiyu'), scales)).toBe('39.3 在 30～39 之间');
    expect(verdictReason(by('tebing'), scales)).toBe('10.7 < 30');
    expect(workedScale(by('qiyu'), scales).verdict).toBe('倾向是');
  });

  it('explains 平和质 with the highest of the other eight', () => {
    const yes = resultWith({
      pinghe: { raw: 30, items: 8, converted: 68.75, verdict: 'yes' },
      qixu: { raw: 14, items: 8, converted: 18.75, verdict: 'no' },
    });
    expect(verdictReason(yes.scales[0]!, yes.scales)).toBe('平和质 68.8 ≥ 60，且其他8种最高为气虚质 18.8 分（< 30）');
    const basically = resultWith({
      pinghe: { raw: 30, items: 8, converted: 68.75, verdict: 'basically' },
      shire: { raw: 12, items: 6, converted: 25, verdict: 'no' },
      xueyu: { raw: 17, items: 7, converted: 35.7, verdict: 'tendency' },
    });
    expect(verdictReason(basically.scales[0]!, basically.scales)).toBe('平和质 68.8 ≥ 60，其他8种最高为血瘀质 35.7 分（< 40）');
    const low = resultWith({ pinghe: { raw: 20, items: 8, converted: 37.5, verdict: 'no' } });
    expect(verdictReason(low.scales[0]!, low.scales)).toBe('平和质 37.5 < 60');
    const high = resultWith({
      pinghe: { raw: 30, items: 8, converted: 68.75, verdict: 'no' },
      qixu: { raw: 26, items: 8, converted: 56.25, verdict: 'yes' },
    });
    expect(verdictReason(high.scales[0]!, high.scales)).toBe('平和质 68.8 ≥ 60，但其他8种最高为气虚质 56.3 分（≥ 40）');
  });
});
