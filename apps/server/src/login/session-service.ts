import { createHash, randomBytes } from 'node:crypto';
import type { User } from '@moxa/core/login/login-info';
import type { Db } from '../db/database.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** A session's use is written back at most this often (the idle limit is counted in days). */
const SEEN_GRANULARITY_MS = 5 * 60 * 1000;

/**
 * Design §6: 256-bit random tokens, stored only as a hash, with an absolute expiry; logout revokes.
 * Issue #13 item 6: a session also ends after `idleDays` without use (sliding), `revokeAll` ends every
 * session of a user, and `purge` deletes the rows of sessions that can no longer be used.
 */
export function sessionService(db: Db, limits: { ttlDays: number; idleDays: number }, clock: () => number = Date.now) {
  const idleMs = limits.idleDays * 86400_000;
  return {
    /** `sms`: the login proved the phone with an SMS code (the console accepts only those, issue #29). */
    async issue(userId: string, how: { sms?: boolean } = {}): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await db
        .insertInto('sessions')
        .values({
          token_hash: hashToken(token),
          user_id: userId,
          created_at: now,
          expires_at: now + limits.ttlDays * 86400_000,
          revoked_at: null,
          last_seen_at: now,
          sms_login_at: how.sms ? now : null,
          console_seen_at: null,
        })
        .execute();
      return token;
    },
    /** The user behind a live token, or null when unknown, expired, idle too long or revoked. */
    async verify(token: string): Promise<(User & { mobile: string }) | null> {
      const tokenHash = hashToken(token);
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select([
          'users.id',
          'users.name',
          'users.avatar_url',
          'users.mobile',
          'sessions.expires_at',
          'sessions.revoked_at',
          'sessions.created_at',
          'sessions.last_seen_at',
        ])
        .where('sessions.token_hash', '=', tokenHash)
        .executeTakeFirst();
      const now = clock();
      if (!row || row.revoked_at !== null || Number(row.expires_at) <= now) return null;
      const lastSeen = Number(row.last_seen_at ?? row.created_at);
      if (now - lastSeen >= idleMs) return null;
      if (now - lastSeen >= SEEN_GRANULARITY_MS) {
        await db.updateTable('sessions').set({ last_seen_at: now }).where('token_hash', '=', tokenHash).execute();
      }
      return { id: row.id, name: row.name, avatarUrl: row.avatar_url, mobile: row.mobile };
    },
    async revoke(token: string): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revoked_at: clock() })
        .where('token_hash', '=', hashToken(token))
        .where('revoked_at', 'is', null)
        .execute();
    },
    /** Ends every session of the user (logout-all), or every one but `keepToken`'s. Returns how many. */
    async revokeAll(userId: string, keepToken?: string): Promise<number> {
      let q = db.updateTable('sessions').set({ revoked_at: clock() }).where('user_id', '=', userId).where('revoked_at', 'is', null);
      if (keepToken) q = q.where('token_hash', '!=', hashToken(keepToken));
      const result = await q.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
    /** Deletes sessions that are expired, revoked or idle past the limit; returns how many. */
    async purge(): Promise<number> {
      const now = clock();
      const result = await db
        .deleteFrom('sessions')
        .where((eb) =>
          eb.or([
            eb('expires_at', '<=', now),
            eb('revoked_at', 'is not', null),
            eb('last_seen_at', '<=', now - idleMs),
            eb.and([eb('last_seen_at', 'is', null), eb('created_at', '<=', now - idleMs)]),
          ]),
        )
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
