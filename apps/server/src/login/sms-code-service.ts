import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';

export const MAX_WRONG_TRIES = 5;

/** The row created last (of rows created in the same millisecond, the last one listed). */
function newest<T extends { created_at: number }>(rows: T[]): T | undefined {
  let found: T | undefined;
  for (const row of rows) if (!found || Number(row.created_at) >= Number(found.created_at)) found = row;
  return found;
}

/** Design §6: 6 digits from a CSPRNG, stored as an HMAC, valid for a limited time, single use. */
export function smsCodeService(db: Db, secret: string, ttlSeconds: number, clock: () => number = Date.now) {
  const hash = (e164: string, code: string) => createHmac('sha256', secret).update(`${e164}:${code}`).digest('hex');
  // The queries of every login call are prepared once (issue #6); each is still one atomic statement.
  // All live codes of a number, newest picked below: normally one, as issue() ends the earlier ones.
  // No ORDER BY … LIMIT ?: with bound parameters, SQLite re-prepares such a statement on every run,
  // which made this lookup 5× slower (issue #6).
  const findLive = preparedQuery(db, (v: { mobile: string; now: number }) =>
    db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts', 'created_at'])
      .where('mobile', '=', v.mobile)
      .where('used_at', 'is', null)
      .where('expires_at', '>', v.now),
  );
  const consume = preparedQuery(db, (v: { id: string; now: number }) =>
    db
      .updateTable('sms_codes')
      .set({ used_at: v.now })
      .where('id', '=', v.id)
      .where('used_at', 'is', null)
      .where('attempts', '<', MAX_WRONG_TRIES)
      .returning('id'),
  );
  const countWrong = preparedQuery(db, (v: { id: string }) =>
    db
      .updateTable('sms_codes')
      .set({ attempts: sql<number>`attempts + 1` })
      .where('id', '=', v.id)
      .where('attempts', '<', MAX_WRONG_TRIES)
      .returning('attempts'),
  );
  return {
    /** Issues a new code for the number; earlier unused codes stop working. */
    async issue(e164: string): Promise<{ id: string; code: string }> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx.updateTable('sms_codes').set({ used_at: now }).where('mobile', '=', e164).where('used_at', 'is', null).execute();
        await trx
          .insertInto('sms_codes')
          .values({
            id,
            mobile: e164,
            code_hash: hash(e164, code),
            created_at: now,
            expires_at: now + ttlSeconds * 1000,
            attempts: 0,
            used_at: null,
          })
          .execute();
      });
      return { id, code };
    },
    /** Removes a code the provider could not deliver. */
    async discard(id: string): Promise<void> {
      await db.deleteFrom('sms_codes').where('id', '=', id).execute();
    },
    /**
     * Checks a code. Wrong tries are counted atomically; the fifth kills the code. A right code is
     * consumed atomically, so two concurrent logins with it cannot both succeed.
     */
    async verify(e164: string, code: string): Promise<{ ok: true } | { ok: false; reason: 'none' | 'dead' | 'wrong'; left: number }> {
      const now = clock();
      const row = newest(await findLive({ mobile: e164, now }));
      if (!row) return { ok: false, reason: 'none', left: 0 };
      if (row.attempts >= MAX_WRONG_TRIES) return { ok: false, reason: 'dead', left: 0 };
      const expected = Buffer.from(row.code_hash, 'hex');
      const actual = Buffer.from(hash(e164, code), 'hex');
      if (timingSafeEqual(expected, actual)) {
        const used = await consume({ id: row.id, now });
        return used.length === 1 ? { ok: true } : { ok: false, reason: 'none', left: 0 };
      }
      const [bumped] = await countWrong({ id: row.id });
      const attempts = bumped ? Number(bumped.attempts) : MAX_WRONG_TRIES;
      return attempts >= MAX_WRONG_TRIES
        ? { ok: false, reason: 'dead', left: 0 }
        : { ok: false, reason: 'wrong', left: MAX_WRONG_TRIES - attempts };
    },
  };
}
export type SmsCodeService = ReturnType<typeof smsCodeService>;
