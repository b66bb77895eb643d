import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/**
 * Shared counters for rate limits and one-time claims (salt replay). Kept in Redis when REDIS_URL
 * is set, otherwise in the database, so limits hold across instances either way (design §2, §6).
 */
export interface LimitStore {
  readonly kind: 'redis' | 'database';
  /** Counts one hit in a window that starts at the key's first hit; returns the count and the seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  /** Forgets a key (e.g. the cooldown of an SMS that the provider failed to send). */
  release(key: string): Promise<void>;
  /** True the first time `key` is claimed within `ttlSeconds`. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  close(): Promise<void>;
}

export function databaseLimitStore(db: Db, clock: () => number = Date.now): LimitStore {
  // One atomic upsert on both dialects: a new window when the old one has expired. It runs on every
  // login call, so it is prepared once and on SQLite shares its commit with the other hits of its
  // event-loop turn (issue #6); each hit is still counted in the shared database before it answers.
  const hitQuery = preparedQuery(
    db,
    (v: { key: string; now: number; expires: number }) =>
      db
        .insertInto('counters')
        .values({ key: v.key, count: 1, expires_at: v.expires })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet({
            count: sql<number>`case when counters.expires_at <= ${v.now} then 1 else counters.count + 1 end`,
            expires_at: sql<number>`case when counters.expires_at <= ${v.now} then ${v.expires} else counters.expires_at end`,
          }),
        )
        .returning(['count', 'expires_at']),
    { groupCommit: true },
  );
  return {
    kind: 'database',
    async hit(key, windowSeconds) {
      const now = clock();
      const [row] = await hitQuery({ key, now, expires: now + windowSeconds * 1000 });
      if (!row) throw new Error('counter upsert returned no row');
      return { count: Number(row.count), retryAfter: Math.max(1, Math.ceil((Number(row.expires_at) - now) / 1000)) };
    },
    async release(key) {
      await db.deleteFrom('counters').where('key', '=', key).execute();
    },
    async claimOnce(key, ttlSeconds) {
      const now = clock();
      await db.deleteFrom('used_salts').where('expires_at', '<=', now).where('salt', '=', key).execute();
      const inserted = await db
        .insertInto('used_salts')
        .values({ salt: key, expires_at: now + ttlSeconds * 1000 })
        .onConflict((oc) => oc.column('salt').doNothing())
        .executeTakeFirst();
      return Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    async close() {},
  };
}

export function redisLimitStore(url: string, prefix = 'moxa:', onError: (err: Error) => void = () => {}): LimitStore {
  // Fail fast while Redis is unreachable (a refusal, not a 10 s hang), and report its errors through
  // the app's logger rather than as unhandled events.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 3000, lazyConnect: false });
  redis.on('error', onError);
  return {
    kind: 'redis',
    async hit(key, windowSeconds) {
      const k = prefix + key;
      const [[, count], [, ttl]] = (await redis.multi().incr(k).pttl(k).exec()) as [[null, number], [null, number]];
      let ms = ttl;
      if (ttl < 0) {
        await redis.pexpire(k, windowSeconds * 1000);
        ms = windowSeconds * 1000;
      }
      return { count, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async release(key) {
      await redis.del(prefix + key);
    },
    async claimOnce(key, ttlSeconds) {
      return (await redis.set(prefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    async close() {
      await redis.quit();
    },
  };
}

/** Periodic clean-up of expired rows (database store only). */
export async function purgeExpired(db: Db, now = Date.now()): Promise<void> {
  await db.deleteFrom('counters').where('expires_at', '<=', now).execute();
  await db.deleteFrom('used_salts').where('expires_at', '<=', now).execute();
  await db.deleteFrom('wechat_tickets').where('expires_at', '<=', now).execute();
  await db
    .deleteFrom('sms_codes')
    .where('expires_at', '<=', now - 24 * 3600 * 1000)
    .execute();
}
