import type { SessionInput, SessionSource } from '@moxa/core/moxa/moxa-contract';

/** What the log needs of a session, whether it lives on the device or on the server. */
export type LoggedSession = Pick<
  SessionInput,
  'clientId' | 'source' | 'title' | 'startedAt' | 'endedAt' | 'points' | 'feeling' | 'reactions' | 'notes' | 'courseLength'
> & {
  /** Ended with 结束 before its last point (issue #32 item 3); absent on sessions kept before the mark. */
  endedEarly?: boolean;
  /** The server's id; absent for sessions only on this device. */
  id?: string;
};

/** A rest longer than this starts a new course (疗程) even if the last one was not completed. */
export const COURSE_BREAK_DAYS = 30;
const DAY = 86_400_000;

export const sourceKey = (s: SessionSource) => `${s.kind}:${s.id ?? ''}`;
export const doneSeconds = (s: Pick<LoggedSession, 'points'>) => s.points.reduce((sum, p) => sum + p.doneSeconds, 0);

export type Course = {
  key: string;
  source: SessionSource;
  title: string;
  /** Sessions in the course's order. */
  sessions: LoggedSession[];
  /** Sessions in one course, when the prescription names a count. */
  length: number | null;
  /** Which course this is (1, 2 …) and how many sessions of it are done. */
  number: number;
  done: number;
  last: number;
};

/**
 * Progress per plan (issue #18 "第 3/10 次"): sessions of one source counted into courses of its
 * length; a new course begins when one is full or after a long rest.
 */
export function courses(sessions: readonly LoggedSession[]): Course[] {
  const bySource = new Map<string, LoggedSession[]>();
  for (const s of sessions) bySource.set(sourceKey(s.source), [...(bySource.get(sourceKey(s.source)) ?? []), s]);
  const out: Course[] = [];
  for (const [key, list] of bySource) {
    const sorted = [...list].sort((a, b) => a.startedAt - b.startedAt);
    const newest = sorted.at(-1)!;
    const length = newest.courseLength;
    let number = 1;
    let done = 0;
    let prev: number | null = null;
    for (const s of sorted) {
      const rested = prev !== null && s.startedAt - prev > COURSE_BREAK_DAYS * DAY;
      if ((length !== null && done >= length) || rested) {
        number += 1;
        done = 0;
      }
      done += 1;
      prev = s.startedAt;
    }
    out.push({ key, source: newest.source, title: newest.title, sessions: sorted, length, number, done, last: newest.startedAt });
  }
  return out.sort((a, b) => b.last - a.last);
}

/** Minutes per point over a plan's recent sessions (oldest first), for the log's chart. */
export function minutesByPoint(
  sessions: readonly LoggedSession[],
  recent = 10,
): { code: string; name: string; minutes: (number | null)[] }[] {
  const last = [...sessions].sort((a, b) => a.startedAt - b.startedAt).slice(-recent);
  const points = new Map<string, string>();
  for (const s of last) for (const p of s.points) points.set(p.code, p.name);
  return [...points].map(([code, name]) => ({
    code,
    name,
    minutes: last.map((s) => {
      const p = s.points.find((x) => x.code === code);
      return p && !p.skipped ? Math.round(p.doneSeconds / 60) : null;
    }),
  }));
}

/** Local calendar day key (YYYY-MM-DD) of an instant, as the phone shows dates. */
export function dayKey(at: number): string {
  const d = new Date(at);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** The month's days as weeks starting on Monday; null pads the first and last week. */
export function monthWeeks(year: number, month: number): (number | null)[][] {
  const first = new Date(year, month, 1).getDay();
  const days = new Date(year, month + 1, 0).getDate();
  const cells: (number | null)[] = [...Array<null>((first + 6) % 7).fill(null), ...Array.from({ length: days }, (_, i) => i + 1)];
  while (cells.length % 7) cells.push(null);
  return Array.from({ length: cells.length / 7 }, (_, w) => cells.slice(w * 7, w * 7 + 7));
}
