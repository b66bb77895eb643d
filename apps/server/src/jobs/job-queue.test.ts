import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { createTestDb, DIALECTS, type Dialect } from '../../test/support/test-app.ts';
import type { JobQueue, QueuePolicy } from './job-queue.ts';
import { retryDelay } from './job-queue.ts';
import { selectJobQueue } from './select-queue.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean | Promise<boolean>, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(50);
  }
}
const policy = (over: Partial<QueuePolicy> = {}): QueuePolicy => ({
  retryLimit: 2,
  retryDelaySeconds: 1,
  retryBackoff: true,
  expireInSeconds: 30,
  ...over,
});

/**
 * Issue #31: the job queue keeps the same promises on both databases (job-queue.ts): one job per
 * singleton key, scheduled jobs wait for their time and survive a restart, a failing job is retried
 * with back-off and then failed visibly.
 */
describe.each(DIALECTS)('the job queue on %s (issue #31)', (dialect: Dialect) => {
  let made: { db: Db; url: string; drop: () => Promise<void> };
  const queues: JobQueue[] = [];
  const open = async () => {
    made ??= await createTestDb(dialect);
    const q = await selectJobQueue(made.db, made.url, (err) => {
      throw err;
    });
    queues.push(q);
    return q;
  };
  afterEach(async () => {
    for (const q of queues.splice(0)) await q.stop();
  });
  afterAll(async () => {
    await made?.db.destroy();
    await made?.drop();
  });

  it('is pg-boss on PostgreSQL, in a schema beside the app’s, and the in-process runner on SQLite', async () => {
    const q = await open();
    expect(q.kind).toBe(dialect === 'postgres' ? 'pg-boss' : 'sqlite');
    if (dialect === 'postgres') {
      await q.createQueue('probe', policy());
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() || '_jobs' and table_name = 'job'`.execute(made.db);
      expect(rows[0]!.n).toBe(1);
      // Nothing of pg-boss in the app's own schema: a backup of it holds the app's data only.
      const own = await sql<{ n: number }>`select count(*)::int as n from information_schema.tables
        where table_schema = current_schema() and table_name in ('job', 'queue', 'version')`.execute(made.db);
      expect(own.rows[0]!.n).toBe(0);
    }
  });

  it('keeps one job per singleton key queued or running, and takes the key again once it is done', async () => {
    const q = await open();
    await q.createQueue('single', policy());
    expect(await q.send('single', { n: 1 }, { singletonKey: 'k' })).toEqual(expect.any(String));
    expect(await q.send('single', { n: 2 }, { singletonKey: 'k' })).toBeNull();
    expect(await q.send('single', { n: 3 }, { singletonKey: 'other' })).toEqual(expect.any(String));
    const seen: number[] = [];
    await q.work<{ n: number }>('single', async (job) => void seen.push(job.data.n));
    await q.start();
    await until(() => seen.length === 2);
    expect(seen.sort()).toEqual([1, 3]);
    // Done: the key is free again.
    expect(await q.send('single', { n: 4 }, { singletonKey: 'k' })).toEqual(expect.any(String));
    await until(() => seen.length === 3);
  });

  it('retries a failing job with growing delays, then succeeds', async () => {
    const q = await open();
    await q.createQueue('flaky', policy({ retryLimit: 3 }));
    const tries: number[] = [];
    await q.work('flaky', async (job) => {
      tries.push(Date.now());
      if (job.retryCount < 2) throw new Error('provider down');
    });
    await q.start();
    await q.send('flaky', {});
    await until(() => tries.length === 3, 20_000);
    await sleep(300);
    expect(tries).toHaveLength(3);
    // 1 s, then 2 s (back-off doubles), give or take the polling.
    expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(900);
    expect(tries[2]! - tries[1]!).toBeGreaterThanOrEqual(1800);
    expect(await q.failedJobs('flaky')).toEqual([]);
  }, 30_000);

  it('gives up after its retries and keeps the job visible as failed', async () => {
    const q = await open();
    await q.createQueue('doomed', policy({ retryLimit: 1, retryBackoff: false }));
    let tries = 0;
    await q.work('doomed', async () => {
      tries++;
      throw new Error('refused');
    });
    await q.start();
    const id = await q.send('doomed', { what: 'notice' });
    await until(async () => (await q.failedJobs('doomed')).length === 1, 20_000);
    expect(tries).toBe(2);
    expect(await q.failedJobs('doomed')).toEqual([{ id, data: { what: 'notice' }, retryCount: 1 }]);
  }, 30_000);

  it('waits for a job’s time, and a restarted queue still runs a job scheduled before the restart', async () => {
    const first = await open();
    await first.createQueue('later', policy());
    const at = Date.now() + 2000;
    await first.send('later', { at }, { startAfter: at });
    await first.stop();
    queues.splice(queues.indexOf(first), 1);

    const second = await open();
    await second.createQueue('later', policy());
    let ranAt = 0;
    await second.work<{ at: number }>('later', async (job) => {
      expect(job.data.at).toBe(at);
      ranAt = Date.now();
    });
    await second.start();
    await until(() => ranAt > 0);
    expect(ranAt).toBeGreaterThanOrEqual(at);
  }, 30_000);

  it('doubles the retry delay with back-off, up to a day', () => {
    expect([0, 1, 2, 3].map((n) => retryDelay({ retryDelaySeconds: 30, retryBackoff: true }, n))).toEqual([30, 60, 120, 240]);
    expect(retryDelay({ retryDelaySeconds: 30, retryBackoff: true }, 40)).toBe(86_400);
    expect(retryDelay({ retryDelaySeconds: 30, retryBackoff: false }, 5)).toBe(30);
  });
});
