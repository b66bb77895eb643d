import type { SessionInput, SessionPlan } from '@moxa/core/moxa/moxa-contract';
import { MAX_EXTRA_MINUTES, sideSwitchDue } from '@moxa/core/moxa/moxa-rules';

/**
 * The state of a guided session (issue #18), kept on the device after every step. Time is never
 * counted in ticks: what has elapsed is computed from stored instants, so the countdown stays right
 * when the screen locks, WeChat goes to the background or the page reloads.
 */
export type ActiveSession = {
  clientId: string;
  plan: SessionPlan;
  startedAt: number;
  /** The point on screen (index into plan.points); equal to its length once every point is done. */
  index: number;
  /** When the current point's countdown began; null before it starts. */
  pointStartedAt: number | null;
  /** Set while paused. */
  pausedAt: number | null;
  /** Milliseconds paused so far on the current point. */
  pausedMs: number;
  /** Seconds added to the current point with +1 分钟. */
  extraSeconds: number;
  /** Whether the end of the current point was already signalled (sound, vibration). */
  signalled: boolean;
  /** Whether 换另一侧 was already prompted on the current (bilateral) point (issue #32 item 3). */
  sideSwitched: boolean;
  /** When the user ended the session with 结束 before its last point (issue #32 item 3); else null. */
  endedEarlyAt: number | null;
  results: SessionInput['points'];
};

export function newSession(plan: SessionPlan, now: number, clientId: string): ActiveSession {
  return {
    clientId,
    plan,
    startedAt: now,
    index: 0,
    pointStartedAt: null,
    pausedAt: null,
    pausedMs: 0,
    extraSeconds: 0,
    signalled: false,
    sideSwitched: false,
    endedEarlyAt: null,
    results: [],
  };
}

export const currentPoint = (s: ActiveSession) => s.plan.points[s.index];
/** Every point done or skipped, or ended early with 结束: what is left is how it felt. */
export const isFinished = (s: ActiveSession) => s.index >= s.plan.points.length || s.endedEarlyAt !== null;
export const plannedSeconds = (s: ActiveSession) => (currentPoint(s)?.minutes ?? 0) * 60 + s.extraSeconds;

/** Seconds the current point has run, paused time excluded, never past its planned time. */
export function elapsedSeconds(s: ActiveSession, now: number): number {
  if (s.pointStartedAt === null) return 0;
  const ms = (s.pausedAt ?? now) - s.pointStartedAt - s.pausedMs;
  return Math.min(plannedSeconds(s), Math.max(0, Math.floor(ms / 1000)));
}

export const remainingSeconds = (s: ActiveSession, now: number) => plannedSeconds(s) - elapsedSeconds(s, now);
export const isRunning = (s: ActiveSession) => s.pointStartedAt !== null && s.pausedAt === null;
export const isTimeUp = (s: ActiveSession, now: number) => s.pointStartedAt !== null && remainingSeconds(s, now) === 0;

export const startPoint = (s: ActiveSession, now: number): ActiveSession => ({
  ...s,
  pointStartedAt: now,
  pausedAt: null,
  pausedMs: 0,
  signalled: false,
  sideSwitched: false,
});

export const pause = (s: ActiveSession, now: number): ActiveSession => (isRunning(s) ? { ...s, pausedAt: now } : s);

export const resume = (s: ActiveSession, now: number): ActiveSession =>
  s.pausedAt === null ? s : { ...s, pausedMs: s.pausedMs + (now - s.pausedAt), pausedAt: null };

/** +1 分钟, up to MAX_EXTRA_MINUTES past the prescription; a finished countdown runs again. */
export function addMinute(s: ActiveSession, now: number): ActiveSession {
  if (s.extraSeconds >= MAX_EXTRA_MINUTES * 60) return s;
  const wasUp = isTimeUp(s, now);
  const next = { ...s, extraSeconds: s.extraSeconds + 60, signalled: false };
  // Time that passed after the countdown ended does not count: the extra minute starts now.
  if (wasUp && s.pointStartedAt !== null && s.pausedAt === null)
    return { ...next, pausedMs: now - s.pointStartedAt - plannedSeconds(s) * 1000 };
  return next;
}

/** Ends the current point (done, or skipped) and moves to the next one. */
export function finishPoint(s: ActiveSession, now: number, skipped: boolean): ActiveSession {
  const p = currentPoint(s);
  if (!p) return s;
  return {
    ...s,
    index: s.index + 1,
    pointStartedAt: null,
    pausedAt: null,
    pausedMs: 0,
    extraSeconds: 0,
    signalled: false,
    sideSwitched: false,
    results: [...s.results, { code: p.code, name: p.name, plannedSeconds: p.minutes * 60, doneSeconds: elapsedSeconds(s, now), skipped }],
  };
}

/** Seconds of moxibustion done so far: the points finished and the one running. */
export const doneSoFar = (s: ActiveSession, now: number) => s.results.reduce((n, r) => n + r.doneSeconds, 0) + elapsedSeconds(s, now);

/**
 * 结束 before the last point (issue #32 item 3): the point in progress keeps the time it ran (a point
 * not started is left out, as are the ones after it), and the session is marked as ended early.
 * Null when nothing was done yet: there is nothing to record.
 */
export function endEarly(s: ActiveSession, now: number): ActiveSession | null {
  if (doneSoFar(s, now) === 0) return null;
  const ended = s.pointStartedAt !== null ? finishPoint(s, now, elapsedSeconds(s, now) === 0) : s;
  return { ...ended, endedEarlyAt: now };
}

/** Whether 换另一侧 is due now on the current point (the rule is core's sideSwitchDue). */
export const sideSwitchNow = (s: ActiveSession, now: number) =>
  s.pointStartedAt !== null &&
  sideSwitchDue({
    bilateral: currentPoint(s)?.bilateral ?? false,
    elapsedSeconds: elapsedSeconds(s, now),
    plannedSeconds: plannedSeconds(s),
    prompted: s.sideSwitched,
  });

/** Heat reminders due so far on the current point (one every `every` seconds of running). */
export const remindersDue = (s: ActiveSession, now: number, every: number) => Math.floor(elapsedSeconds(s, now) / every);

export const formatClock = (seconds: number) =>
  `${String(Math.floor(seconds / 60)).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;

/** The record of a finished session, as saved on the device or sent to the server. */
export function toInput(
  s: ActiveSession,
  now: number,
  answers: { feeling: number | null; notes: string; reactions: SessionInput['reactions'] },
): SessionInput {
  return {
    clientId: s.clientId,
    source: s.plan.source,
    title: s.plan.title.slice(0, 40),
    startedAt: s.startedAt,
    endedAt: Math.max(s.startedAt, Math.min(s.endedEarlyAt ?? now, s.startedAt + 6 * 3_600_000)),
    points: s.results,
    feeling: answers.feeling,
    notes: answers.notes.trim(),
    reactions: answers.reactions,
    courseLength: s.plan.courseLength,
    endedEarly: s.endedEarlyAt !== null,
  };
}

/**
 * Reads a stored session; anything unreadable or from another shape is null, never thrown. A session
 * stored before the side switch and 结束 were kept (issue #32) reads as neither.
 */
export function parseActive(raw: string | null): ActiveSession | null {
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Partial<ActiveSession> | null;
    if (typeof v?.clientId !== 'string' || !Array.isArray(v.plan?.points) || typeof v.index !== 'number' || !Array.isArray(v.results))
      return null;
    return {
      ...v,
      sideSwitched: v.sideSwitched === true,
      endedEarlyAt: typeof v.endedEarlyAt === 'number' ? v.endedEarlyAt : null,
    } as ActiveSession;
  } catch {
    return null;
  }
}
