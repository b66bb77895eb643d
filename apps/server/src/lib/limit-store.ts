import { createHmac } from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { preparedQuery } from '../db/prepared-query.ts';

/** The outcome of `take`: taken, or refused because the window is full; the count and seconds left either way. */
export type Take = { ok: boolean; count: number; retryAfter: number };

/**
 * Shared counters for rate limits and one-time claims (salt replay). Kept in Redis when REDIS_URL
 * is set, otherwise in the database, so limits hold across instances either way (design §2, §6).
 */
export interface LimitStore {
  readonly kind: 'redis' | 'database';
  /** Counts one hit in a window that starts at the key's first hit; returns the count and the seconds left. */
  hit(key: string, windowSeconds: number): Promise<{ count: number; retryAfter: number }>;
  /**
   * Takes one unit of a budget of `max` per window, atomically, only if one is left: a refused take
   * changes nothing (issue #13 item 2: a refused request consumes nothing in any window).
   */
  take(key: string, windowSeconds: number, max: number): Promise<Take>;
  /** Returns a unit taken by `take` (a later check refused the request, or the provider failed). */
  giveBack(key: string): Promise<void>;
  /** Forgets a key. */
  release(key: string): Promise<void>;
  /** True the first time `key` is claimed within `ttlSeconds`. */
  claimOnce(key: string, ttlSeconds: number): Promise<boolean>;
  /** Settles once the store can answer (Redis: connected). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Issue #27 item 3: keys name phone numbers (`sms:cool:+86…`, `login:fail:d:+86…`) and addresses, and
 * a counter outlives the account it counts for by up to a day. Every key is therefore stored as its
 * leading label (`sms:cool`, for operators) and a keyed HMAC of the whole key under the app's secret
 * key: the same key still meets the same counter on every instance, and no number is kept in the
 * database or Redis. Wraps any store; app.ts applies it to the one in use.
 */
export function hashedKeys(store: LimitStore, secret: string): LimitStore {
  const stored = (key: string) => `${labelOf(key)}#${createHmac('sha256', secret).update(key).digest('base64url').slice(0, 32)}`;
  return {
    kind: store.kind,
    hit: (key, windowSeconds) => store.hit(stored(key), windowSeconds),
    take: (key, windowSeconds, max) => store.take(stored(key), windowSeconds, max),
    giveBack: (key) => store.giveBack(stored(key)),
    release: (key) => store.release(stored(key)),
    claimOnce: (key, ttlSeconds) => store.claimOnce(stored(key), ttlSeconds),
    ready: () => store.ready(),
    close: () => store.close(),
  };
}

/** The leading lower-case words of a key (at most three: `login:fail:d`), never a value such as a number. */
export const labelOf = (key: string) => {
  const words: string[] = [];
  for (const word of key.split(':')) {
    if (words.length === 3 || !/^[a-z]{1,12}$/.test(word)) break;
    words.push(word);
  }
  return words.join(':');
};

const secondsLeft = (expiresAt: number, now: number) => Math.max(1, Math.ceil((expiresAt - now) / 1000));

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
  // The same upsert, but the update only happens while the window has room: a full window returns
  // no row and is left as it was. One statement, so two instances cannot both take the last unit.
  const takeQuery = preparedQuery(
    db,
    (v: { key: string; now: number; expires: number; max: number }) =>
      db
        .insertInto('counters')
        .values({ key: v.key, count: 1, expires_at: v.expires })
        .onConflict((oc) =>
          oc
            .column('key')
            .doUpdateSet({
              count: sql<number>`case when counters.expires_at <= ${v.now} then 1 else counters.count + 1 end`,
              expires_at: sql<number>`case when counters.expires_at <= ${v.now} then ${v.expires} else counters.expires_at end`,
            })
            .where((eb) => eb.or([eb('counters.expires_at', '<=', v.now), eb('counters.count', '<', v.max)])),
        )
        .returning(['count', 'expires_at']),
    { groupCommit: true },
  );
  const readQuery = preparedQuery(db, (v: { key: string }) =>
    db.selectFrom('counters').select(['count', 'expires_at']).where('key', '=', v.key),
  );
  const giveBackQuery = preparedQuery(
    db,
    (v: { key: string; now: number }) =>
      db
        .updateTable('counters')
        .set({ count: sql<number>`count - 1` })
        .where('key', '=', v.key)
        .where('count', '>', 0)
        .where('expires_at', '>', v.now),
    { groupCommit: true },
  );
  return {
    kind: 'database',
    async hit(key, windowSeconds) {
      const now = clock();
      const [row] = await hitQuery({ key, now, expires: now + windowSeconds * 1000 });
      if (!row) throw new Error('counter upsert returned no row');
      return { count: Number(row.count), retryAfter: secondsLeft(Number(row.expires_at), now) };
    },
    async take(key, windowSeconds, max) {
      const now = clock();
      const [row] = await takeQuery({ key, now, expires: now + windowSeconds * 1000, max });
      if (row) return { ok: true, count: Number(row.count), retryAfter: secondsLeft(Number(row.expires_at), now) };
      const [full] = await readQuery({ key });
      if (!full) throw new Error('counter refused without a row');
      return { ok: false, count: Number(full.count), retryAfter: secondsLeft(Number(full.expires_at), now) };
    },
    async giveBack(key) {
      await giveBackQuery({ key, now: clock() });
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
    async ready() {},
    async close() {},
  };
}

// Each script runs atomically inside Redis (issue #13 item 10): no window without an expiry, no
// count read apart from its increment. They answer {taken 0/1, count, ttl in ms}.
const HIT_SCRIPT = `
local c = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then redis.call('PEXPIRE', KEYS[1], ARGV[1]); ttl = tonumber(ARGV[1]) end
return {1, c, ttl}`;
const TAKE_SCRIPT = `
local c = tonumber(redis.call('GET', KEYS[1]) or '0')
local ttl = redis.call('PTTL', KEYS[1])
if ttl >= 0 and c >= tonumber(ARGV[2]) then return {0, c, ttl} end
if ttl < 0 then redis.call('SET', KEYS[1], 1, 'PX', ARGV[1]); return {1, 1, tonumber(ARGV[1])} end
c = redis.call('INCR', KEYS[1])
return {1, c, ttl}`;
const GIVE_BACK_SCRIPT = `
if redis.call('PTTL', KEYS[1]) > 0 and tonumber(redis.call('GET', KEYS[1]) or '0') > 0 then redis.call('DECR', KEYS[1]) end
return 1`;

/** A script's answer, checked: anything but three integers is an error, and an error refuses (fails closed). */
export function parseLimitAnswer(answer: unknown): { taken: boolean; count: number; ms: number } {
  if (!Array.isArray(answer) || answer.length !== 3 || !answer.every((n) => typeof n === 'number' && Number.isInteger(n))) {
    throw new Error(`unexpected limit script answer: ${JSON.stringify(answer)}`);
  }
  const [taken, count, ms] = answer as [number, number, number];
  return { taken: taken === 1, count, ms: Math.max(ms, 0) };
}

export function redisLimitStore(url: string, prefix = 'moxa:', onError: (err: Error) => void = () => {}): LimitStore {
  // Fail fast while Redis is unreachable (a refusal, not a 10 s hang), and report its errors through
  // the app's logger rather than as unhandled events.
  const redis = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, connectTimeout: 3000, lazyConnect: false });
  redis.on('error', onError);
  const connected = new Promise<void>((resolve) => redis.once('ready', () => resolve()));
  const run = async (script: string, key: string, ...args: (string | number)[]) =>
    parseLimitAnswer(await redis.eval(script, 1, prefix + key, ...args.map(String)));
  return {
    kind: 'redis',
    async hit(key, windowSeconds) {
      const { count, ms } = await run(HIT_SCRIPT, key, windowSeconds * 1000);
      return { count, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async take(key, windowSeconds, max) {
      const { taken, count, ms } = await run(TAKE_SCRIPT, key, windowSeconds * 1000, max);
      return { ok: taken, count, retryAfter: Math.max(1, Math.ceil(ms / 1000)) };
    },
    async giveBack(key) {
      await redis.eval(GIVE_BACK_SCRIPT, 1, prefix + key);
    },
    async release(key) {
      await redis.del(prefix + key);
    },
    async claimOnce(key, ttlSeconds) {
      return (await redis.set(prefix + key, '1', 'EX', ttlSeconds, 'NX')) === 'OK';
    },
    ready: () => connected,
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
  await db.deleteFrom('wechat_states').where('expires_at', '<=', now).execute();
  await db
    .deleteFrom('sms_codes')
    .where('expires_at', '<=', now - 24 * 3600 * 1000)
    .execute();
}
