/**
 * China time (UTC+8, no daylight saving) for notices and reminders (issue #31): quiet hours, working
 * hours and calendar days. Pure and zod-free, so web screens and the server share one implementation.
 * Times are epoch milliseconds; a "day" is the number of China-time calendar days since 1970-01-01.
 */

const HOUR = 3_600_000;
export const DAY_MS = 86_400_000;
const OFFSET = 8 * HOUR;

/** The China-time calendar day of an instant (the same numbering as moxa-rules' chinaDay). */
export const dayOf = (at: number): number => Math.floor((at + OFFSET) / DAY_MS);
/** The instant `minutes` after midnight of a China-time day. */
export const atMinute = (day: number, minutes: number): number => day * DAY_MS - OFFSET + minutes * 60_000;
/** Minutes since China-time midnight (0–1439). */
export const minuteOf = (at: number): number => Math.floor(((((at + OFFSET) % DAY_MS) + DAY_MS) % DAY_MS) / 60_000);
/** 0 Sunday … 6 Saturday, in China time (1970-01-01 was a Thursday). */
export const weekdayOf = (day: number): number => (((day + 4) % 7) + 7) % 7;
export const isWeekday = (day: number): boolean => weekdayOf(day) >= 1 && weekdayOf(day) <= 5;

/** "HH:MM" → minutes after midnight; null when it is not a time of day. */
export function parseTimeOfDay(text: string): number | null {
  const m = /^([01][0-9]|2[0-3]):([0-5][0-9])$/.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}
export const formatTimeOfDay = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** "2026-11-26" for a China-time day. */
export function formatDay(day: number): string {
  const d = new Date(day * DAY_MS);
  return d.toISOString().slice(0, 10);
}
/** "2026-11-26" → its day number; null when it is not a date. */
export function parseDay(text: string): number | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return null;
  const t = Date.parse(`${text}T00:00:00Z`);
  return Number.isNaN(t) || formatDay(t / DAY_MS) !== text ? null : t / DAY_MS;
}

/**
 * Quiet hours (issue #31): no SMS or WeChat notice from 21:00 to 08:00 China time; a notice due then
 * waits until 08:00. Fixed for everyone, advisors included.
 */
export const QUIET_HOURS = { start: '21:00', end: '08:00' } as const;
const QUIET_START = 21 * 60;
const QUIET_END = 8 * 60;

export const inQuietHours = (at: number): boolean => {
  const m = minuteOf(at);
  return m >= QUIET_START || m < QUIET_END;
};

/** `at` itself outside quiet hours, else the 08:00 that ends them. */
export function outsideQuietHours(at: number): number {
  if (!inQuietHours(at)) return at;
  const day = dayOf(at);
  return minuteOf(at) >= QUIET_START ? atMinute(day + 1, QUIET_END) : atMinute(day, QUIET_END);
}

/**
 * Working hours for the advisors' waiting-time target (issue #31): 09:00–18:00 China time, Monday to
 * Friday. Public holidays are not known to the app and count as working days (docs/decisions/035).
 */
export const WORKING_HOURS = { start: '09:00', end: '18:00' } as const;
const WORK_START = 9 * 60;
const WORK_END = 18 * 60;

/** Working milliseconds between two instants (0 when `to` is not after `from`). */
export function workingMsBetween(from: number, to: number): number {
  if (to <= from) return 0;
  let total = 0;
  for (let day = dayOf(from); day <= dayOf(to); day++) {
    if (!isWeekday(day)) continue;
    const open = Math.max(from, atMinute(day, WORK_START));
    const close = Math.min(to, atMinute(day, WORK_END));
    if (close > open) total += close - open;
  }
  return total;
}

/** The instant `ms` working milliseconds after `from` (where a waiting case becomes overdue). */
export function addWorkingMs(from: number, ms: number): number {
  let left = ms;
  for (let day = dayOf(from); ; day++) {
    if (!isWeekday(day)) continue;
    const open = Math.max(from, atMinute(day, WORK_START));
    const close = atMinute(day, WORK_END);
    if (close <= open) continue;
    if (close - open >= left) return open + left;
    left -= close - open;
  }
}
