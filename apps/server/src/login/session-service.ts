import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { User } from '@moxa/core/login/login-info';
import type { Db } from '../db/database.ts';

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Design §6: 256-bit random tokens, stored only as a hash, with an expiry; logout revokes. */
export function sessionService(db: Db, ttlDays: number, clock: () => number = Date.now) {
  return {
    async issue(userId: string): Promise<string> {
      const token = randomBytes(32).toString('base64url');
      const now = clock();
      await db
        .insertInto('sessions')
        .values({ token_hash: hashToken(token), user_id: userId, created_at: now, expires_at: now + ttlDays * 86400_000, revoked_at: null })
        .execute();
      return token;
    },
    /** The user behind a live token, or null when unknown, expired or revoked. */
    async verify(token: string): Promise<(User & { mobile: string }) | null> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.user_id')
        .select(['users.id', 'users.name', 'users.avatar_url', 'users.mobile', 'sessions.expires_at', 'sessions.revoked_at'])
        .where('sessions.token_hash', '=', hashToken(token))
        .executeTakeFirst();
      if (!row || row.revoked_at !== null || Number(row.expires_at) <= clock()) return null;
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
    /** First login creates the user: name 用户 + last four digits, empty avatar (issue #3). */
    async findOrCreateUser(e164: string): Promise<User> {
      const existing = await db.selectFrom('users').selectAll().where('mobile', '=', e164).executeTakeFirst();
      if (existing) return { id: existing.id, name: existing.name, avatarUrl: existing.avatar_url };
      const user = { id: randomUUID(), mobile: e164, name: `用户${e164.slice(-4)}`, avatar_url: '', created_at: clock() };
      await db
        .insertInto('users')
        .values(user)
        .onConflict((oc) => oc.column('mobile').doNothing())
        .execute();
      const row = await db.selectFrom('users').selectAll().where('mobile', '=', e164).executeTakeFirstOrThrow();
      return { id: row.id, name: row.name, avatarUrl: row.avatar_url };
    },
  };
}
export type SessionService = ReturnType<typeof sessionService>;
