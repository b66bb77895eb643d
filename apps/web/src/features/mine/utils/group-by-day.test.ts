import { describe, expect, it } from 'vitest';
import type { SavedItem } from '@moxa/core/mine/saved-kinds';
import { dayLabel, groupByDay, timeOfDay } from './group-by-day.ts';

const at = (y: number, m: number, d: number, h = 9, min = 0) => new Date(y, m - 1, d, h, min).getTime();
const item = (id: string, t: number): SavedItem => ({ kind: 'acupoint', id, title: id, at: t });

describe('history by day (issue #18)', () => {
  const now = at(2026, 11, 25, 10);

  it('labels today, yesterday, this year and earlier years', () => {
    expect(dayLabel(at(2026, 11, 25, 0, 1), now)).toBe('今天');
    expect(dayLabel(at(2026, 11, 24, 23, 59), now)).toBe('昨天');
    expect(dayLabel(at(2026, 11, 3), now)).toBe('11月3日');
    expect(dayLabel(at(2025, 12, 31), now)).toBe('2025年12月31日');
  });

  it('groups newest first, one section per day', () => {
    const groups = groupByDay([item('a', at(2026, 11, 24, 8)), item('b', at(2026, 11, 25, 9)), item('c', at(2026, 11, 25, 8))], now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['今天', ['b', 'c']],
      ['昨天', ['a']],
    ]);
    expect(groupByDay([], now)).toEqual([]);
  });

  it('shows the time as hh:mm', () => {
    expect(timeOfDay(at(2026, 1, 1, 8, 5))).toBe('08:05');
  });
});
