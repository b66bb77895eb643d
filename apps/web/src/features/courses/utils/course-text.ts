import type { CourseScheme } from '@moxa/core/courses/course-contract';
import { paceOf } from '@moxa/core/moxa/moxa-rules';

/** Issue #31: `?scheme=disease:insomnia` / `scheme:yangxu` → the scheme; null when it is not one. */
export function parseSchemeParam(value: string | null): CourseScheme | null {
  const m = /^(disease|scheme):([a-z0-9-]{1,64})$/.exec(value ?? '');
  return m ? { kind: m[1] as CourseScheme['kind'], id: m[2]! } : null;
}
export const schemeParam = (s: CourseScheme) => `${s.kind}:${s.id}`;

/** The frequency a prescription suggests: every other day when it says 隔天, else every day. */
export const suggestedFrequency = (frequency: string | null) => (paceOf(frequency ?? '').minGapDays > 1 ? 'every-other-day' : 'daily');

/** The reminder time a prescription suggests: evening (20:00) for 每晚 / 睡前 / 晚上, else 08:00. */
export const suggestedTime = (frequency: string | null) => (/每晚|睡前|晚上|傍晚/.test(frequency ?? '') ? '20:00' : '08:00');

/** Where the guided session of a scheme starts (the same query the condition and scheme pages use). */
export const sessionPath = (s: CourseScheme) => `/moxa_session?${s.kind}=${encodeURIComponent(s.id)}`;

/** 11月26日 周四 08:00 in China time. */
export function reminderTime(at: number): string {
  const d = new Date(at + 8 * 3_600_000);
  const week = '日一二三四五六'[d.getUTCDay()];
  return `${d.getUTCMonth() + 1}月${d.getUTCDate()}日 周${week} ${String(d.getUTCHours()).padStart(2, '0')}:${String(d.getUTCMinutes()).padStart(2, '0')}`;
}
/** "2026-11-26" → 11月26日. */
export const shortDate = (date: string) => `${Number(date.slice(5, 7))}月${Number(date.slice(8, 10))}日`;
