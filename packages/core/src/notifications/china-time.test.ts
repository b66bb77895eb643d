import { describe, expect, it } from 'vitest';
import {
  addWorkingMs,
  atMinute,
  dayOf,
  formatDay,
  inQuietHours,
  minuteOf,
  outsideQuietHours,
  parseDay,
  parseTimeOfDay,
  weekdayOf,
  workingMsBetween,
} from './china-time.ts';

const HOUR = 3_600_000;
/** An instant given in China time (UTC+8). */
const china = (iso: string) => Date.parse(`${iso}+08:00`);

describe('China time (issue #31)', () => {
  it('numbers days and minutes in UTC+8, whatever the UTC date', () => {
    // 2026-11-22 23:30 UTC is already the 23rd, 07:30, in China.
    const at = Date.UTC(2026, 10, 22, 23, 30);
    expect(formatDay(dayOf(at))).toBe('2026-11-23');
    expect(minuteOf(at)).toBe(7 * 60 + 30);
    expect(atMinute(dayOf(at), 7 * 60 + 30)).toBe(at);
    expect(weekdayOf(parseDay('2026-11-23')!)).toBe(1);
    expect(weekdayOf(parseDay('2026-11-22')!)).toBe(0);
  });

  it('parses times of day and dates strictly', () => {
    expect(parseTimeOfDay('08:00')).toBe(480);
    expect(parseTimeOfDay('23:59')).toBe(1439);
    for (const bad of ['8:00', '24:00', '12:60', '', '08:00:00']) expect(parseTimeOfDay(bad)).toBeNull();
    expect(parseDay('2026-02-30')).toBeNull();
    expect(formatDay(parseDay('2026-12-31')!)).toBe('2026-12-31');
  });

  it('keeps quiet hours from 21:00 to 08:00 and defers to 08:00', () => {
    expect(inQuietHours(china('2026-11-23T20:59:59'))).toBe(false);
    expect(inQuietHours(china('2026-11-23T21:00:00'))).toBe(true);
    expect(inQuietHours(china('2026-11-24T07:59:59'))).toBe(true);
    expect(inQuietHours(china('2026-11-24T08:00:00'))).toBe(false);
    expect(outsideQuietHours(china('2026-11-23T22:15:00'))).toBe(china('2026-11-24T08:00:00'));
    expect(outsideQuietHours(china('2026-11-24T03:00:00'))).toBe(china('2026-11-24T08:00:00'));
    const noon = china('2026-11-24T12:00:00');
    expect(outsideQuietHours(noon)).toBe(noon);
  });

  it('counts working hours 09:00–18:00 Monday to Friday', () => {
    // Friday 16:00 → Monday 11:00: 2 hours on Friday, 2 on Monday.
    expect(workingMsBetween(china('2026-11-27T16:00:00'), china('2026-11-30T11:00:00'))).toBe(4 * HOUR);
    // A night and a weekend count nothing.
    expect(workingMsBetween(china('2026-11-28T10:00:00'), china('2026-11-29T17:00:00'))).toBe(0);
    expect(workingMsBetween(china('2026-11-23T19:00:00'), china('2026-11-24T08:30:00'))).toBe(0);
    expect(workingMsBetween(china('2026-11-24T10:00:00'), china('2026-11-24T09:00:00'))).toBe(0);
    // Four working hours from Friday 16:00 end on Monday 11:00; from Saturday, on Monday 13:00.
    expect(addWorkingMs(china('2026-11-27T16:00:00'), 4 * HOUR)).toBe(china('2026-11-30T11:00:00'));
    expect(addWorkingMs(china('2026-11-28T16:00:00'), 4 * HOUR)).toBe(china('2026-11-30T13:00:00'));
    expect(addWorkingMs(china('2026-11-24T10:00:00'), 4 * HOUR)).toBe(china('2026-11-24T14:00:00'));
  });

  it('agrees with itself: the instant addWorkingMs finds is that many working hours later', () => {
    for (let from = china('2026-11-20T00:00:00'); from < china('2026-12-02T00:00:00'); from += 37 * 60_000 * 7) {
      for (const hours of [0.5, 4, 9, 13]) {
        const at = addWorkingMs(from, hours * HOUR);
        expect(workingMsBetween(from, at)).toBe(hours * HOUR);
      }
    }
  });
});
