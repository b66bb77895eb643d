import { randomUUID } from 'node:crypto';
import type { CourseInput, CoursePatch, CourseScheme, CourseStatus, ReminderChannel } from '@moxa/core/courses/course-contract';
import type { CourseTiming, Frequency, Pause, PauseReason } from '@moxa/core/courses/course-schedule';
import { atMinute, dayOf } from '@moxa/core/notifications/china-time';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

export type CourseRow = {
  id: string;
  userId: string;
  scheme: CourseScheme;
  title: string;
  frequency: Frequency;
  minute: number;
  sessions: number;
  channel: ReminderChannel;
  status: CourseStatus;
  pauseReason: PauseReason | null;
  pauses: Pause[];
  firstDay: number;
  createdAt: number;
  updatedAt: number;
};

const toRow = (r: Database['courses']): CourseRow => ({
  id: r.id,
  userId: r.user_id,
  scheme: { kind: r.scheme_kind as CourseScheme['kind'], id: r.scheme_id },
  title: r.title,
  frequency: r.frequency as Frequency,
  minute: r.minute,
  sessions: r.sessions,
  channel: r.channel as ReminderChannel,
  status: r.status as CourseStatus,
  pauseReason: r.pause_reason as PauseReason | null,
  pauses: JSON.parse(r.pauses) as Pause[],
  firstDay: Number(r.first_day),
  createdAt: Number(r.created_at),
  updatedAt: Number(r.updated_at),
});

export const timingOf = (c: CourseRow): CourseTiming => ({
  firstDay: c.firstDay,
  frequency: c.frequency,
  minute: c.minute,
  sessions: c.sessions,
  pauses: c.pauses,
});

/** Courses (疗程, issue #31): owner-scoped reads and writes; the planner reads the active ones. */
export function courseRepository(db: Db, clock: () => number) {
  return {
    async create(userId: string, input: CourseInput & { minute: number; firstDay: number; title: string }): Promise<CourseRow> {
      const now = clock();
      const row: Database['courses'] = {
        id: randomUUID(),
        user_id: userId,
        scheme_kind: input.scheme.kind,
        scheme_id: input.scheme.id,
        title: input.title,
        frequency: input.frequency,
        minute: input.minute,
        sessions: input.sessions,
        channel: input.channel,
        status: 'active',
        pause_reason: null,
        pauses: '[]',
        first_day: input.firstDay,
        created_at: now,
        updated_at: now,
      };
      await db.insertInto('courses').values(row).execute();
      return toRow(row);
    },
    async listOf(userId: string): Promise<CourseRow[]> {
      const rows = await db.selectFrom('courses').selectAll().where('user_id', '=', userId).orderBy('created_at', 'desc').execute();
      return rows.map(toRow);
    },
    /** The user's own course, or null (another user's course is indistinguishable from none). */
    async ownedBy(id: string, userId: string): Promise<CourseRow | null> {
      const r = await db.selectFrom('courses').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return r ? toRow(r) : null;
    },
    async get(id: string): Promise<CourseRow | null> {
      const r = await db.selectFrom('courses').selectAll().where('id', '=', id).executeTakeFirst();
      return r ? toRow(r) : null;
    },
    /** How many of the user's courses are not ended. */
    async openCount(userId: string): Promise<number> {
      const r = await db
        .selectFrom('courses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('user_id', '=', userId)
        .where('status', '!=', 'ended')
        .executeTakeFirstOrThrow();
      return Number(r.n);
    },
    /** Courses that may have a reminder due (the planner; issue #31). */
    async active(): Promise<CourseRow[]> {
      return (await db.selectFrom('courses').selectAll().where('status', '=', 'active').execute()).map(toRow);
    },
    /**
     * Applies a change: a pause opens a pause interval (its reason kept), resuming closes it, ending is
     * final; a new time or channel applies from now on.
     */
    async update(c: CourseRow, patch: CoursePatch & { minute?: number }): Promise<CourseRow> {
      const now = clock();
      let pauses = c.pauses;
      let status = c.status;
      let pauseReason = c.pauseReason;
      if (patch.status === 'paused') {
        pauseReason = patch.pauseReason ?? 'other';
        if (c.status !== 'paused') pauses = [...pauses, { from: now, to: null, reason: pauseReason }];
        else pauses = pauses.map((p) => (p.to === null ? { ...p, reason: pauseReason! } : p));
        status = 'paused';
      } else if (patch.status === 'active' && c.status === 'paused') {
        pauses = pauses.map((p) => (p.to === null ? { ...p, to: now } : p));
        status = 'active';
        pauseReason = null;
      } else if (patch.status === 'ended') {
        pauses = pauses.map((p) => (p.to === null ? { ...p, to: now } : p));
        status = 'ended';
        pauseReason = null;
      }
      await db
        .updateTable('courses')
        .set({
          status,
          pause_reason: pauseReason,
          pauses: JSON.stringify(pauses),
          ...(patch.minute !== undefined ? { minute: patch.minute } : {}),
          ...(patch.channel !== undefined ? { channel: patch.channel } : {}),
          updated_at: now,
        })
        .where('id', '=', c.id)
        .execute();
      return (await this.get(c.id))!;
    },
    /** A course past its last due day ends itself (the planner; issue #31). */
    async markEnded(id: string): Promise<void> {
      await db
        .updateTable('courses')
        .set({ status: 'ended', updated_at: clock() })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .execute();
    },
    /**
     * The China-time days from `fromDay` to `toDay` with a logged guided session of the scheme (the
     * moxibustion log, issue #18), so a course shows plan against done.
     */
    async loggedDays(userId: string, scheme: CourseScheme, fromDay: number, toDay: number): Promise<number[]> {
      const rows = await db
        .selectFrom('moxa_sessions')
        .select('started_at')
        .where('user_id', '=', userId)
        .where('source_kind', '=', scheme.kind)
        .where('source_id', '=', scheme.id)
        .where('started_at', '>=', atMinute(fromDay, 0))
        .where('started_at', '<', atMinute(toDay + 1, 0))
        .execute();
      return [...new Set(rows.map((r) => dayOf(Number(r.started_at))))];
    },
  };
}
export type CourseRepository = ReturnType<typeof courseRepository>;
