/** Times and waits as the advisors' screens word them (issue #17). Pure: tested in format.test.ts. */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long the user has waited for an answer, from the queue's `waiting` (ms): "等待 2 小时",
 * "等待 3 天". Nothing (an empty string) once it is 0 — replied or closed — or not a number.
 */
export function formatWaiting(ms: number): string {
  if (!Number.isFinite(ms) || ms <= 0) return '';
  if (ms < MINUTE) return '等待不到 1 分钟';
  if (ms < HOUR) return `等待 ${Math.floor(ms / MINUTE)} 分钟`;
  if (ms < DAY) return `等待 ${Math.floor(ms / HOUR)} 小时`;
  return `等待 ${Math.floor(ms / DAY)} 天`;
}

/** A wait of a day or more is shown in the warning colour: it should be answered first. */
export const isLongWait = (ms: number): boolean => Number.isFinite(ms) && ms >= DAY;

const pad = (n: number) => String(n).padStart(2, '0');

/** 3月8日 14:05 this year, 2024年3月8日 14:05 before. */
export function formatTime(ms: number, now: Date = new Date()): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getMonth() + 1}月${d.getDate()}日`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${d.getFullYear()}年${day} ${time}`;
}

/** 14:05 */
export function formatClock(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? '' : `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** 2025年3月8日 */
export function formatDay(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
}
