import { createHmac, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import { sql } from 'kysely';
import type { SmsPurpose } from '@moxa/core/login/login-contract';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';

const MAX_WRONG_TRIES = 5;

/**
 * The outcome of a check. `wrong`: the code's own client typed a wrong code (counted on the code;
 * `left` 0: this try ended it); `foreign`: another client did (the code is left as it was: issue #27
 * item 1); `refused`: another client, while the number is over its daily budget of wrong codes, was
 * not compared at all; `dead`: the code had already had its wrong tries.
 */
type CodeCheck =
  { ok: true } | { ok: false; reason: 'none' | 'dead' | 'refused'; left: 0 } | { ok: false; reason: 'wrong' | 'foreign'; left: number };

/** The row created last (of rows created in the same millisecond, the last one listed). */
function newest<T extends { created_at: number }>(rows: T[]): T | undefined {
  let found: T | undefined;
  for (const row of rows) if (!found || Number(row.created_at) >= Number(found.created_at)) found = row;
  return found;
}

/**
 * Design §6: 6 digits from a CSPRNG, stored as an HMAC, valid for a limited time, single use. Issue #27
 * item 10: each code has a purpose and is found only by a check for that purpose; a new code ends only
 * the earlier codes of its own purpose. Issue #27 item 1: a code remembers which client asked for it
 * (a keyed hash of the address bucket, never the address).
 */
export function smsCodeService(db: Db, secret: string, ttlSeconds: number, clock: () => number = Date.now) {
  const hash = (e164: string, code: string) => createHmac('sha256', secret).update(`${e164}:${code}`).digest('hex');
  const requesterOf = (client: string) => createHmac('sha256', secret).update(`sms-requester:${client}`).digest('hex').slice(0, 32);
  // The queries of every login call are prepared once (issue #6); each is still one atomic statement.
  // All live codes of a number for a purpose, newest picked below: normally one, as issue() ends the
  // earlier ones. No ORDER BY … LIMIT ?: with bound parameters, SQLite re-prepares such a statement on
  // every run, which made this lookup 5× slower (issue #6).
  const findLive = preparedQuery(db, (v: { mobile: string; purpose: string; now: number }) =>
    db
      .selectFrom('sms_codes')
      .select(['id', 'code_hash', 'attempts', 'created_at', 'requester'])
      .where('mobile', '=', v.mobile)
      .where('purpose', '=', v.purpose)
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
  const kill = preparedQuery(db, (v: { id: string }) =>
    db.updateTable('sms_codes').set({ attempts: MAX_WRONG_TRIES }).where('id', '=', v.id).returning('id'),
  );
  return {
    /**
     * Issues a new code of `purpose` for the number, asked for by `client` (its address bucket;
     * omitted: any client counts as its own); earlier unused codes of that purpose stop working.
     */
    async issue(e164: string, purpose: SmsPurpose, client?: string): Promise<{ id: string; code: string }> {
      const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      const now = clock();
      const id = randomUUID();
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('sms_codes')
          .set({ used_at: now })
          .where('mobile', '=', e164)
          .where('purpose', '=', purpose)
          .where('used_at', 'is', null)
          .execute();
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
            purpose,
            requester: client === undefined ? null : requesterOf(client),
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
     * Checks a code of `purpose`, typed by `client`. Wrong tries of the code's own client are counted
     * atomically and the fifth kills the code; with `strict` (the number is over its daily budget of
     * wrong codes) the first one does, and other clients are not compared at all. A right code is
     * consumed atomically, so two concurrent uses of it cannot both succeed.
     */
    async verify(e164: string, purpose: SmsPurpose, code: string, opts: { client?: string; strict?: boolean } = {}): Promise<CodeCheck> {
      const now = clock();
      const row = newest(await findLive({ mobile: e164, purpose, now }));
      if (!row) return { ok: false, reason: 'none', left: 0 };
      const attempts = Number(row.attempts);
      if (attempts >= MAX_WRONG_TRIES) return { ok: false, reason: 'dead', left: 0 };
      const own = row.requester === null || opts.client === undefined || row.requester === requesterOf(opts.client);
      if (!own && opts.strict) return { ok: false, reason: 'refused', left: 0 };
      const expected = Buffer.from(row.code_hash, 'hex');
      const actual = Buffer.from(hash(e164, code), 'hex');
      if (timingSafeEqual(expected, actual)) {
        const used = await consume({ id: row.id, now });
        return used.length === 1 ? { ok: true } : { ok: false, reason: 'none', left: 0 };
      }
      if (!own) return { ok: false, reason: 'foreign', left: MAX_WRONG_TRIES - attempts };
      if (opts.strict) {
        await kill({ id: row.id });
        return { ok: false, reason: 'wrong', left: 0 };
      }
      const [bumped] = await countWrong({ id: row.id });
      // No row: a concurrent try ended the code first; this one was a wrong guess all the same.
      const after = bumped ? Number(bumped.attempts) : MAX_WRONG_TRIES;
      return { ok: false, reason: 'wrong', left: Math.max(0, MAX_WRONG_TRIES - after) };
    },
  };
}
export type SmsCodeService = ReturnType<typeof smsCodeService>;
