/** Times and days of cases as people read them (issue #17), in the phone's own time zone. */

const pad = (n: number) => String(n).padStart(2, '0');

/** 3月8日 09:05, with the year when it is not this year's; in the phone's own time zone. */
export function formatCaseTime(ms: number, now: Date = new Date()): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return '';
  const day = `${d.getMonth() + 1}月${d.getDate()}日`;
  const time = `${pad(d.getHours())}:${pad(d.getMinutes())}`;
  return d.getFullYear() === now.getFullYear() ? `${day} ${time}` : `${d.getFullYear()}年${day} ${time}`;
}

/** 2025年3月8日 */
export function formatDay(value: number | string): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}年${d.getMonth() + 1}月${d.getDate()}日`;
}
