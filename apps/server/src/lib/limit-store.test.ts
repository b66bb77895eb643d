import { Redis } from 'ioredis';
import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestDb, testClock } from '../../test/support/test-app.ts';
import { databaseLimitStore, hashedKeys, labelOf, parseLimitAnswer, redisLimitStore, type LimitStore } from './limit-store.ts';

const REDIS = process.env.TEST_REDIS_URL;
let n = 0;
const redisStore = async () => {
  const store = redisLimitStore(REDIS!, `moxa-test:ls:${process.pid}:${Date.now()}:${n++}:`);
  await store.ready();
  return store;
};

/** The contract both stores keep (issue #6, issue #13 items 2 and 10). */
function storeContract(make: () => LimitStore | Promise<LimitStore>) {
  it('counts every one of many concurrent hits exactly once', async () => {
    const limits = await make();
    const counts = await Promise.all(Array.from({ length: 50 }, () => limits.hit('login:ip:h:192.0.2.1', 3600).then((r) => r.count)));
    expect(counts.sort((a, b) => a - b)).toEqual(Array.from({ length: 50 }, (_, i) => i + 1));
    await limits.close();
  });

  it('gives out exactly max units to many concurrent takes, and a refused take changes nothing', async () => {
    const limits = await make();
    const results = await Promise.all(Array.from({ length: 40 }, () => limits.take('budget', 3600, 10)));
    expect(results.filter((r) => r.ok)).toHaveLength(10);
    expect(results.filter((r) => !r.ok).every((r) => r.count === 10 && r.retryAfter > 3500)).toBe(true);
    // Refusals did not grow the count: one unit given back is one unit to take again.
    await limits.giveBack('budget');
    expect(await limits.take('budget', 3600, 10)).toMatchObject({ ok: true, count: 10 });
    expect(await limits.take('budget', 3600, 10)).toMatchObject({ ok: false, count: 10 });
    await limits.close();
  });

  it('never gives back below zero or into a missing window', async () => {
    const limits = await make();
    await limits.giveBack('never-taken');
    expect(await limits.take('never-taken', 60, 1)).toMatchObject({ ok: true, count: 1 });
    await limits.giveBack('never-taken');
    await limits.giveBack('never-taken');
    expect(await limits.take('never-taken', 60, 1)).toMatchObject({ ok: true, count: 1 });
    expect((await limits.take('never-taken', 60, 1)).ok).toBe(false);
    await limits.close();
  });
}

describe.each(DIALECTS)('database limit store on %s', (dialect) => {
  const db = useTestDb(dialect);
  storeContract(() => databaseLimitStore(db()));

  it('is shared by instances: a second store on the same database continues the same count', async () => {
    await databaseLimitStore(db()).hit('shared', 3600);
    expect((await databaseLimitStore(db()).hit('shared', 3600)).count).toBe(2);
  });

  it('starts a new window once the old one has expired, for hits and takes', async () => {
    const clock = testClock();
    const limits = databaseLimitStore(db(), clock.now);
    expect(await limits.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    clock.advance(20_000);
    expect(await limits.hit('k', 60)).toEqual({ count: 2, retryAfter: 40 });
    clock.advance(40_000);
    expect(await limits.hit('k', 60)).toEqual({ count: 1, retryAfter: 60 });
    expect(await limits.take('t', 60, 1)).toEqual({ ok: true, count: 1, retryAfter: 60 });
    clock.advance(30_000);
    expect(await limits.take('t', 60, 1)).toEqual({ ok: false, count: 1, retryAfter: 30 });
    clock.advance(30_000);
    expect(await limits.take('t', 60, 1)).toEqual({ ok: true, count: 1, retryAfter: 60 });
  });
});

describe.runIf(REDIS)('Redis limit store (issue #13 item 10)', () => {
  storeContract(redisStore);

  it('sets the window on the first unit, atomically with the count', async () => {
    const limits = await redisStore();
    expect(await limits.take('w', 120, 5)).toEqual({ ok: true, count: 1, retryAfter: 120 });
    expect(await limits.hit('h', 90)).toEqual({ count: 1, retryAfter: 90 });
    await limits.close();
  });

  it('fails closed: an unreachable Redis refuses rather than letting requests through', async () => {
    const limits = redisLimitStore('redis://127.0.0.1:1', 'moxa-test:down:');
    await expect(limits.take('k', 60, 100)).rejects.toThrow();
    await expect(limits.hit('k', 60)).rejects.toThrow();
    await limits.close().catch(() => {});
  });
});

describe('Redis script answers (issue #13 item 10)', () => {
  it('accepts three integers and refuses anything else', () => {
    expect(parseLimitAnswer([1, 3, 5000])).toEqual({ taken: true, count: 3, ms: 5000 });
    for (const bad of [null, [null, 1, 1], [1, '3', 5], [1, 2], [1, 2.5, 3], 'OK', [1, 2, 3, 4]])
      expect(() => parseLimitAnswer(bad)).toThrow();
  });
});

/**
 * Issue #27 item 3: a deleted account's number must not stay in the limit keys. Keys are kept as a
 * label and a keyed hash: the same key still meets the same counter (on every instance sharing the
 * secret), and neither the database nor Redis holds the number.
 */
const NUMBER = '+8613812345678';
const numberKeys = [`sms:cool:${NUMBER}`, `sms:num:h:${NUMBER}`, `sms:num:d:${NUMBER}`, `login:fail:d:${NUMBER}`, 'sms:blk:h:86:1381234'];
const SECRET = 'limit-key-secret-of-at-least-32-chars';

async function exercise(makeStore: () => LimitStore | Promise<LimitStore>) {
  const made: LimitStore[] = [];
  const make = async () => {
    const store = await makeStore();
    made.push(store);
    return store;
  };
  try {
    await exerciseWith(make);
  } finally {
    for (const store of made) await store.close();
  }
}

async function exerciseWith(make: () => Promise<LimitStore>) {
  const a = hashedKeys(await make(), SECRET);
  for (const key of numberKeys) expect((await a.take(key, 3600, 1)).ok, key).toBe(true);
  expect((await a.hit(`login:fail:d:${NUMBER}`, 3600)).count).toBe(2);
  expect(await a.claimOnce(`salt:${NUMBER}`, 60)).toBe(true);
  // Another instance with the same secret meets the same counters.
  const b = hashedKeys(await make(), SECRET);
  expect((await b.take(`sms:cool:${NUMBER}`, 3600, 1)).ok).toBe(false);
  expect(await b.claimOnce(`salt:${NUMBER}`, 60)).toBe(false);
  // Given back and released by the same key.
  await b.giveBack(`sms:cool:${NUMBER}`);
  expect((await a.take(`sms:cool:${NUMBER}`, 3600, 1)).ok).toBe(true);
  await a.release(`sms:num:h:${NUMBER}`);
  expect((await b.take(`sms:num:h:${NUMBER}`, 3600, 1)).count).toBe(1);
  // A different secret is a different key.
  expect((await hashedKeys(await make(), 'another-secret-of-at-least-32-chars').take(`sms:cool:${NUMBER}`, 3600, 1)).ok).toBe(true);
}

const expectNoNumber = (keys: string[]) => {
  expect(keys.length).toBeGreaterThanOrEqual(numberKeys.length);
  for (const key of keys) expect(key).not.toMatch(/1381234|13812345678/);
  expect(keys.some((k) => /^sms:cool#[A-Za-z0-9_-]{32}$/.test(k))).toBe(true);
  expect(keys.some((k) => k.startsWith('login:fail:d#'))).toBe(true);
};

describe('limit key labels (issue #27 item 3)', () => {
  it('keeps the leading words and never a value', () => {
    expect(labelOf(`sms:cool:${NUMBER}`)).toBe('sms:cool');
    expect(labelOf(`login:fail:d:${NUMBER}`)).toBe('login:fail:d');
    expect(labelOf('sms:ip:h:2001:db8::/64')).toBe('sms:ip:h');
    expect(labelOf('sms:ip:h:abcd:ef::/64')).toBe('sms:ip:h');
    expect(labelOf('cases:day:0b6f3c52-4f1e-4f57-9d0b-2f9e5d3c1a77')).toBe('cases:day');
    expect(labelOf('sms:global:d')).toBe('sms:global:d');
  });
});

describe.each(DIALECTS)('hashed limit keys in the database on %s (issue #27 item 3)', (dialect) => {
  const db = useTestDb(dialect);
  it('keeps no phone number in counters or used_salts', async () => {
    await exercise(() => databaseLimitStore(db()));
    const counters = (await db().selectFrom('counters').select('key').execute()).map((r) => r.key);
    const salts = (await db().selectFrom('used_salts').select('salt').execute()).map((r) => r.salt);
    expectNoNumber([...counters, ...salts]);
  });
});

describe.runIf(REDIS)('hashed limit keys in Redis (issue #27 item 3)', () => {
  it('keeps no phone number in any key', async () => {
    const prefix = `moxa-test:hk:${process.pid}:${Date.now()}:`;
    await exercise(async () => {
      const store = redisLimitStore(REDIS!, prefix);
      await store.ready();
      return store;
    });
    const redis = new Redis(REDIS!);
    try {
      const keys = await redis.keys(`${prefix}*`);
      expectNoNumber(keys.map((k) => k.slice(prefix.length)));
      await redis.del(...keys);
    } finally {
      await redis.quit();
    }
  });
});
