import { sql } from 'kysely';
import type { Db } from '../../src/db/database.ts';
import type { JobQueue } from '../../src/jobs/job-queue.ts';
import { selectJobQueue } from '../../src/jobs/select-queue.ts';
import type { Notifier } from '../../src/notifications/notifier.ts';

/** The database URL of a test database: PostgreSQL's with the test schema on the search path (test-app.ts). */
export async function testDatabaseUrl(db: Db): Promise<string> {
  if (db.dialect !== 'postgres') return '';
  const schema = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]!.s;
  const base = process.env.TEST_DATABASE_URL!;
  return `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
}

/** Starts an app's notice workers on the queue of its database, as server.ts does (issue #31 tests). */
export async function startWorkers(app: { ctx: { db: Db; notifier: Notifier } }, origin = 'http://localhost'): Promise<JobQueue> {
  const queue = await selectJobQueue(app.ctx.db, await testDatabaseUrl(app.ctx.db), (err) => {
    throw err;
  });
  await app.ctx.notifier.start(queue, origin);
  return queue;
}

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Waits (wall-clock) until `check` holds: jobs run on the queue's own polling. */
export async function until(check: () => boolean | Promise<boolean>, what = 'condition', timeoutMs = 15_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}
