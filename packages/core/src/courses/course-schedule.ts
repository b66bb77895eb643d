import { atMinute, dayOf, inQuietHours, isWeekday, parseTimeOfDay, QUIET_HOURS } from '../notifications/china-time.ts';

/**
 * Course reminders (疗程提醒, issue #31): when the sessions of a course fall due. Pure and zod-free.
 *
 * A course has a first day, a frequency, a time of day (China time) and a number of sessions. Its due
 * days are the first `sessions` days of the frequency from the first day that are not paused; the
 * course ends itself once its last due day is over (docs/decisions/035: counted in due days, not in
 * logged sessions, so a person who never logs still gets a course that ends). A pause moves the rest
 * of the course later, so no session is lost to a fever.
 */
export const FREQUENCIES = ['daily', 'every-other-day', 'weekdays'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
export const FREQUENCY_NAMES: Record<Frequency, string> = { daily: '每天', 'every-other-day': '隔天', weekdays: '工作日（周一至周五）' };

export const PAUSE_REASONS = ['fever', 'pregnancy', 'menstruation', 'other'] as const;
export type PauseReason = (typeof PAUSE_REASONS)[number];
export const PAUSE_REASON_NAMES: Record<PauseReason, string> = {
  fever: '发热',
  pregnancy: '怀孕',
  menstruation: '月经期',
  other: '其他原因',
};

/** A pause from `from` until `to` (null: still paused), epoch ms. */
export type Pause = { from: number; to: number | null; reason: PauseReason };
export type CourseTiming = {
  /** The first China-time day sessions may fall on. */
  firstDay: number;
  frequency: Frequency;
  /** Minutes after China-time midnight. */
  minute: number;
  sessions: number;
  pauses: readonly Pause[];
};

/** Most sessions one course may have (a season of daily moxibustion). */
export const MAX_COURSE_SESSIONS = 90;

/** Why a time of day cannot carry a reminder (in quiet hours), or null when it can. */
export function reminderTimeProblem(time: string): string | null {
  const minute = parseTimeOfDay(time);
  if (minute === null) return '请选择提醒时间';
  if (inQuietHours(atMinute(0, minute))) return `提醒时间请选在 ${QUIET_HOURS.end} 到 ${QUIET_HOURS.start} 之间（夜间不打扰）`;
  return null;
}

/** Whether a day is one the frequency can fall on, counted from the first day. */
function onRhythm(timing: Pick<CourseTiming, 'firstDay' | 'frequency'>, day: number): boolean {
  if (day < timing.firstDay) return false;
  if (timing.frequency === 'daily') return true;
  if (timing.frequency === 'weekdays') return isWeekday(day);
  return (day - timing.firstDay) % 2 === 0;
}

/** Paused at that day's reminder time. */
const pausedAt = (pauses: readonly Pause[], at: number) => pauses.some((p) => p.from <= at && (p.to === null || at < p.to));

/**
 * The due days of a course, in order, with their reminder instant: the first `sessions` days on the
 * frequency's rhythm whose reminder time is not inside a pause. With an open pause, only the days
 * before it are known (the rest follow once the course is resumed): `complete` is false then.
 */
export function dueDays(timing: CourseTiming): { days: { day: number; at: number }[]; complete: boolean } {
  const days: { day: number; at: number }[] = [];
  const open = timing.pauses.find((p) => p.to === null);
  // Bounded: the longest rhythm (weekdays) needs fewer than 2 days per session, pauses aside.
  const limit =
    timing.firstDay +
    timing.sessions * 3 +
    timing.pauses.reduce((n, p) => n + Math.ceil(((p.to ?? p.from) - p.from) / 86_400_000) + 1, 0) +
    7;
  for (let day = timing.firstDay; days.length < timing.sessions && day <= limit; day++) {
    if (!onRhythm(timing, day)) continue;
    const at = atMinute(day, timing.minute);
    if (open && at >= open.from) return { days, complete: false };
    if (pausedAt(timing.pauses, at)) continue;
    days.push({ day, at });
  }
  return { days, complete: days.length === timing.sessions };
}

/** The first day on the rhythm whose reminder is still ahead of `now` (where a new course starts). */
export function firstDayFrom(now: number, frequency: Frequency, minute: number): number {
  let day = dayOf(now);
  if (atMinute(day, minute) <= now) day++;
  while (frequency === 'weekdays' && !isWeekday(day)) day++;
  return day;
}

/**
 * The reminder due at `now` for a course, or null: the due day that is today, once its time has come,
 * until quiet hours begin that evening. A reminder missed that way (the server was down all day) is
 * not sent the next day: a missed day is not nagged twice.
 */
export function reminderDue(timing: CourseTiming, now: number): { day: number; at: number; n: number } | null {
  const today = dayOf(now);
  const { days } = dueDays(timing);
  const i = days.findIndex((d) => d.day === today);
  if (i === -1) return null;
  const due = days[i]!;
  if (now < due.at || inQuietHours(now)) return null;
  return { ...due, n: i + 1 };
}

/** The course is over: its last due day has passed (every session's day is behind `now`). */
export function courseOver(timing: CourseTiming, now: number): boolean {
  const { days, complete } = dueDays(timing);
  return complete && (days.length === 0 || dayOf(now) > days.at(-1)!.day);
}

/** When the next reminder goes (null: none left, or paused). */
export function nextReminderAt(timing: CourseTiming, now: number): number | null {
  return dueDays(timing).days.find((d) => d.at > now)?.at ?? null;
}

/**
 * The reminder's words (issue #31): a reminder, never a prescription — it names the session, not a
 * duty, and says to pause when unwell.
 */
export function reminderText(title: string, n: number, total: number): string {
  return `今天是您「${title}」艾灸疗程的第${n}次（共${total}次），身体不适时请暂停。`;
}
