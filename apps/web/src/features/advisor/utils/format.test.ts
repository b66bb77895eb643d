import { describe, expect, it } from 'vitest';
import { formatClock, formatDay, formatTime, formatWaiting, isLongWait } from './format.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

describe('formatWaiting', () => {
  it('says nothing once the user is answered (0) or for nonsense', () => {
    expect(formatWaiting(0)).toBe('');
    expect(formatWaiting(-5)).toBe('');
    expect(formatWaiting(Number.NaN)).toBe('');
    expect(formatWaiting(Number.POSITIVE_INFINITY)).toBe('');
  });
  it('words a short wait', () => {
    expect(formatWaiting(1)).toBe('等待不到 1 分钟');
    expect(formatWaiting(59_999)).toBe('等待不到 1 分钟');
    expect(formatWaiting(MIN)).toBe('等待 1 分钟');
    expect(formatWaiting(59 * MIN + 59_000)).toBe('等待 59 分钟');
  });
  it('counts whole hours, then whole days', () => {
    expect(formatWaiting(HOUR)).toBe('等待 1 小时');
    expect(formatWaiting(2 * HOUR + 59 * MIN)).toBe('等待 2 小时');
    expect(formatWaiting(DAY - 1)).toBe('等待 23 小时');
    expect(formatWaiting(DAY)).toBe('等待 1 天');
    expect(formatWaiting(3 * DAY + 23 * HOUR)).toBe('等待 3 天');
  });
  it('marks a wait of a day or more as long', () => {
    expect(isLongWait(0)).toBe(false);
    expect(isLongWait(DAY - 1)).toBe(false);
    expect(isLongWait(DAY)).toBe(true);
  });
});

describe('formatTime / formatDay', () => {
  const now = new Date(2025, 5, 1, 12, 0);
  it('leaves out this year', () => {
    expect(formatTime(new Date(2025, 2, 8, 9, 5).getTime(), now)).toBe('3月8日 09:05');
    expect(formatTime(new Date(2024, 11, 31, 23, 59).getTime(), now)).toBe('2024年12月31日 23:59');
    expect(formatTime(Number.NaN, now)).toBe('');
  });
  it('gives the clock time alone', () => {
    expect(formatClock(new Date(2025, 2, 8, 9, 5).getTime())).toBe('09:05');
    expect(formatClock(Number.NaN)).toBe('');
  });
  it('gives a whole date', () => {
    expect(formatDay(new Date(2025, 2, 8, 9, 5).getTime())).toBe('2025年3月8日');
    expect(formatDay(Number.NaN)).toBe('');
  });
});
