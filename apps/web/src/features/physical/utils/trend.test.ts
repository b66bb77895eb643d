import { describe, expect, it } from 'vitest';
import { defaultTrendType, guideLines, trendSeries } from './trend.ts';
import { resultWith } from './test-fixtures.ts';

const rec = (createdAt: string, qixu: number, primary: 'qixu' | null = null) => ({
  createdAt,
  result: resultWith(
    { qixu: { raw: 0, items: 8, converted: qixu, verdict: 'no' }, yangxu: { raw: 0, items: 7, converted: 20, verdict: 'no' } },
    { primary },
  ),
});

describe('trend', () => {
  it('orders oldest first and rounds to one decimal', () => {
    const s = trendSeries([rec('2025-03-08T04:00:00Z', 56.25), rec('2025-01-02T04:00:00Z', 40)], 'qixu');
    expect(s.values).toEqual([40, 56.3]);
    expect(s.labels).toEqual(['1/2', '3/8']);
  });

  it('shows the year when the tests span years, and keeps the most recent points', () => {
    const s = trendSeries([rec('2025-01-02T04:00:00Z', 1), rec('2024-12-30T04:00:00Z', 2), rec('2024-06-01T04:00:00Z', 3)], 'qixu', 2);
    expect(s.labels).toEqual(['24/12/30', '25/1/2']);
    expect(s.values).toEqual([2, 1]);
  });

  it('defaults to the latest primary type, else the highest biased score, else 平和质', () => {
    expect(defaultTrendType([])).toBe('pinghe');
    expect(defaultTrendType([rec('2025-01-01T00:00:00Z', 10), rec('2025-02-01T00:00:00Z', 50, 'qixu')])).toBe('qixu');
    expect(defaultTrendType([rec('2025-02-01T00:00:00Z', 10)])).toBe('yangxu');
  });

  it('uses the judgement thresholds as guide lines', () => {
    expect(guideLines('qixu').map((g) => g.value)).toEqual([30, 40]);
    expect(guideLines('pinghe').map((g) => g.value)).toEqual([60]);
  });
});
