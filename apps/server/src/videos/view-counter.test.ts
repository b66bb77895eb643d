import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redisLimitStore, type LimitStore } from '../lib/limit-store.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { MAX_PER_NETWORK_DAY } from './view-counter.ts';

const REDIS = process.env.TEST_REDIS_URL;
const STORES = REDIS ? (['database', 'redis'] as const) : (['database'] as const);
const CASES = DIALECTS.flatMap((dialect) => STORES.map((store) => [dialect, store] as const));

/**
 * Issue #27 item 5: anonymous view claims must not grow the database without limit. One network
 * posting views under made-up visitor ids adds at most its daily budget of claims, whatever it sends.
 */
describe.each(CASES)('video view claims on %s, limits kept in %s', (dialect, store) => {
  let t: TestApp;
  let limits: LimitStore | undefined;
  let redis: Redis | undefined;
  const prefix = `moxa-test:views:${process.pid}:${Date.now()}:${dialect}:`;
  beforeAll(async () => {
    if (store === 'redis') {
      limits = redisLimitStore(REDIS!, prefix);
      await limits.ready();
      redis = new Redis(REDIS!);
    }
    t = await createTestApp(dialect, {}, limits ? { limits } : {});
  });
  afterAll(async () => {
    await t.close();
    if (redis) {
      const keys = await redisKeys('');
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await limits?.close();
  });

  async function redisKeys(kind: string): Promise<string[]> {
    const found: string[] = [];
    let cursor = '0';
    do {
      const [next, keys] = await redis!.scan(cursor, 'MATCH', `${prefix}${kind}*`, 'COUNT', 1000);
      cursor = next;
      found.push(...keys);
    } while (cursor !== '0');
    return found;
  }
  /** What the claims storage holds: database rows of both limit tables, and the keys in Redis. */
  async function claimStorage() {
    const salts = await t.db
      .selectFrom('used_salts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    const counters = await t.db
      .selectFrom('counters')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    return {
      claimRows: Number(salts.n),
      counterRows: Number(counters.n),
      // Whatever form the store gives its keys (`view:…`, or a label and a hash), the budgets are `viewnet…`.
      claimKeys: redis ? (await redisKeys('')).length - (await redisKeys('viewnet')).length : 0,
      budgetKeys: redis ? (await redisKeys('viewnet')).length : 0,
    };
  }
  const view = (video: string, visitor: string, ip: string) =>
    t.app.inject({ method: 'POST', url: `/api/v8/videos/${video}/views`, payload: { visitor }, remoteAddress: ip });

  it('adds at most the network budget of claims for 500 made-up visitors from one network', async () => {
    const before = await claimStorage();
    let counted = 0;
    for (let i = 0; i < 500; i++) {
      const res = await view('find-zusanli', randomBytes(16).toString('hex'), '10.27.5.1');
      expect(res.statusCode).toBe(200);
      if (res.json().data.counted) counted++;
    }
    expect(counted).toBe(MAX_PER_NETWORK_DAY);
    const after = await claimStorage();
    const claims = after.claimRows - before.claimRows + (after.claimKeys - before.claimKeys);
    const budgets = after.counterRows - before.counterRows + (after.budgetKeys - before.budgetKeys);
    expect(claims).toBeLessThanOrEqual(MAX_PER_NETWORK_DAY);
    // One budget for the network (per video and day), wherever the limits are kept.
    expect(budgets).toBeLessThanOrEqual(1);
    if (store === 'redis') expect([after.claimRows, after.counterRows]).toEqual([before.claimRows, before.counterRows]);
  });

  it('still counts each real visitor once, and a repeat visit costs the network nothing', async () => {
    const ip = '10.27.6.1';
    const first = (await view('safe-extinguish', 'visitor-repeat-000000', ip)).json().data;
    expect(first.counted).toBe(true);
    const before = await claimStorage();
    // Reloads by the same visitor write no claim and give their budget unit back …
    for (let i = 0; i < 40; i++) expect((await view('safe-extinguish', 'visitor-repeat-000000', ip)).json().data.counted).toBe(false);
    expect(await claimStorage()).toEqual(before);
    // … so the network still has the rest of its budget for other visitors.
    let counted = 0;
    for (let i = 0; i < MAX_PER_NETWORK_DAY + 5; i++) {
      if ((await view('safe-extinguish', `visitor-other-${String(i).padStart(6, '0')}`, ip)).json().data.counted) counted++;
    }
    expect(counted).toBe(MAX_PER_NETWORK_DAY - 1);
    // Another network is not affected.
    expect((await view('safe-extinguish', 'visitor-elsewhere-0000', '10.27.7.1')).json().data.counted).toBe(true);
  });
});
