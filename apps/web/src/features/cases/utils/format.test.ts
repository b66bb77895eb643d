import { describe, expect, it } from 'vitest';
import { formatCaseTime } from './format.ts';

describe('times', () => {
  it('shows the year only when it is not this year', () => {
    const now = new Date(2026, 4, 20);
    expect(formatCaseTime(new Date(2026, 2, 8, 9, 5).getTime(), now)).toBe('3月8日 09:05');
    expect(formatCaseTime(new Date(2025, 11, 31, 21, 30).getTime(), now)).toBe('2025年12月31日 21:30');
  });
});
