import { randomUUID } from 'node:crypto';
import type { SessionInput, SessionRecord } from '@moxa/core/moxa/moxa-contract';
import { MAX_SESSIONS } from '@moxa/core/moxa/moxa-rules';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** A row as read back (the owner and insert time are never answered). */
type Row = Omit<Database['moxa_sessions'], 'user_id' | 'created_at'>;

const toRecord = (r: Row): SessionRecord => ({
  id: r.id,
  clientId: r.client_id,
  source: { kind: r.source_kind as SessionRecord['source']['kind'], id: r.source_id },
  title: r.title,
  startedAt: Number(r.started_at),
  endedAt: Number(r.ended_at),
  points: JSON.parse(r.points) as SessionRecord['points'],
  feeling: r.feeling,
  notes: r.notes,
  reactions: JSON.parse(r.reactions) as SessionRecord['reactions'],
  courseLength: r.course_length,
  endedEarly: Number(r.ended_early) === 1,
});

/**
 * The moxibustion log kept per user (issue #18). Owner-only: every read and delete is scoped by the
 * user's id. Saving is idempotent on the device's `clientId`, so a retry or a second import of the
 * same sessions adds nothing.
 */
export function moxaSessionRepository(db: Db, clock: () => number = Date.now) {
  return {
    /** The user's sessions, newest first. */
    async listFor(userId: string): Promise<SessionRecord[]> {
      const rows = await db
        .selectFrom('moxa_sessions')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('started_at', 'desc')
        .limit(MAX_SESSIONS)
        .execute();
      return rows.map(toRecord);
    },

    /**
     * Saves sessions the user's device made, in one transaction; those already saved (same clientId)
     * are left as they are. Null when the log would exceed MAX_SESSIONS (nothing is written then).
     */
    async save(userId: string, sessions: SessionInput[]): Promise<{ records: SessionRecord[]; imported: number; existing: number } | null> {
      return db.transaction().execute(async (trx) => {
        const ids = [...new Set(sessions.map((s) => s.clientId))];
        const known = new Map(
          (await trx.selectFrom('moxa_sessions').selectAll().where('user_id', '=', userId).where('client_id', 'in', ids).execute()).map(
            (r) => [r.client_id, r],
          ),
        );
        const fresh = new Map<string, Database['moxa_sessions']>();
        for (const s of sessions) {
          if (known.has(s.clientId) || fresh.has(s.clientId)) continue;
          fresh.set(s.clientId, {
            id: randomUUID(),
            user_id: userId,
            client_id: s.clientId,
            source_kind: s.source.kind,
            source_id: s.source.id,
            title: s.title,
            started_at: s.startedAt,
            ended_at: s.endedAt,
            points: JSON.stringify(s.points),
            feeling: s.feeling,
            notes: s.notes,
            reactions: JSON.stringify(s.reactions),
            course_length: s.courseLength,
            created_at: clock(),
            ended_early: s.endedEarly ? 1 : 0,
          });
        }
        if (fresh.size > 0) {
          const n = Number(
            (
              await trx
                .selectFrom('moxa_sessions')
                .select((eb) => eb.fn.countAll().as('n'))
                .where('user_id', '=', userId)
                .executeTakeFirstOrThrow()
            ).n,
          );
          if (n + fresh.size > MAX_SESSIONS) return null;
          await trx
            .insertInto('moxa_sessions')
            .values([...fresh.values()])
            .execute();
        }
        const byClient = new Map([...known, ...fresh]);
        return {
          records: ids.map((id) => toRecord(byClient.get(id)!)),
          imported: fresh.size,
          existing: ids.length - fresh.size,
        };
      });
    },

    /** Deletes one of the user's sessions; false when it is missing or someone else's. */
    async remove(userId: string, id: string): Promise<boolean> {
      const res = await db.deleteFrom('moxa_sessions').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows) > 0;
    },

    /** Deletes the user's whole log (real deletion: 《个人信息保护法》 §47); answers how many went. */
    async removeAll(userId: string): Promise<number> {
      const res = await db.deleteFrom('moxa_sessions').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type MoxaSessionRepository = ReturnType<typeof moxaSessionRepository>;
