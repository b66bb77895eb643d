import { describe, expect, it } from 'vitest';
import { DIALECTS, useTestDb, testClock } from '../test/test-app.ts';
import { databaseLimitStore, parseLimitAnswer, redisLimitStore, type LimitStore } from './limit-store.ts';

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
