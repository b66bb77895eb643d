import { randomUUID } from 'node:crypto';
import type { Answers, Gender, PhysicalRecord, PhysicalRecordSummary, PhysicalResult } from '@moxa/core/physical/physical-contract';
import type { Db } from '../db/database.ts';

type RecordRow = { id: string; created_at: number; gender: string; version: string; answers: string; result: string };
const toRecord = (r: RecordRow): PhysicalRecord => ({
  id: r.id,
  createdAt: new Date(Number(r.created_at)).toISOString(),
  gender: r.gender as PhysicalRecord['gender'],
  version: r.version,
  answers: JSON.parse(r.answers) as PhysicalRecord['answers'],
  result: JSON.parse(r.result) as PhysicalRecord['result'],
});

/** The most records one list answer holds. */
const LIST_LIMIT = 200;

/**
 * Scored constitution-test records (issue #5; issue #14 §7: queries live in repositories, not in
 * routes). Owner-only: every read is scoped by the user's id, so someone else's record is
 * indistinguishable from a missing one.
 */
export function physicalRecordRepository(db: Db, clock: () => number = Date.now) {
  return {
    /** Saves a scored record for the user and answers it as served. */
    async create(
      userId: string,
      record: { gender: Gender; version: string; answers: Answers; result: PhysicalResult },
    ): Promise<PhysicalRecord> {
      const row = {
        id: randomUUID(),
        user_id: userId,
        created_at: clock(),
        gender: record.gender,
        version: record.version,
        primary_type: record.result.primary,
        answers: JSON.stringify(record.answers),
        result: JSON.stringify(record.result),
      };
      await db.insertInto('physical_records').values(row).execute();
      return toRecord(row);
    },

    /** The user's records without their answers, newest first (at most 200). */
    async listFor(userId: string): Promise<PhysicalRecordSummary[]> {
      const rows = await db
        .selectFrom('physical_records')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .limit(LIST_LIMIT)
        .execute();
      return rows.map((r) => {
        const { answers: _a, ...rest } = toRecord(r);
        return rest;
      });
    },

    /** Deletes all of the user's records; answers how many (issue #27 item 15: deletion after withdrawal). */
    async removeAll(userId: string): Promise<number> {
      const res = await db.deleteFrom('physical_records').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** One of the user's records; null when it is missing or belongs to someone else. */
    async findFor(userId: string, id: string): Promise<PhysicalRecord | null> {
      const row = await db.selectFrom('physical_records').selectAll().where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
      return row ? toRecord(row) : null;
    },
  };
}
export type PhysicalRecordRepository = ReturnType<typeof physicalRecordRepository>;
