import { randomUUID } from 'node:crypto';
import type { Db } from '../db/database.ts';
import { retryDelay, type FailedJob, type Job, type JobHandler, type JobQueue, type QueuePolicy, type SendOptions } from './job-queue.ts';

type Worker = { name: string; handler: JobHandler<unknown>; concurrency: number; running: number };

/**
 * The in-process job runner on SQLite (issue #31, docs/decisions/035): the same promises as pg-boss
 * (job-queue.ts) over the `jobs` table. An SQLite database file is served by one process (design §2),
 * so jobs left `active` by a process that died are taken up again as soon as the runner starts.
 * `now` is wall-clock time (as pg-boss uses the database's clock), not the app's test clock.
 */
export function sqliteQueue(db: Db, opts: { pollMs?: number; now?: () => number; onError?: (err: unknown) => void } = {}): JobQueue {
  const now = opts.now ?? Date.now;
  const pollMs = opts.pollMs ?? 500;
  const policies = new Map<string, QueuePolicy>();
  const workers: Worker[] = [];
  const running = new Set<Promise<void>>();
  let timer: NodeJS.Timeout | null = null;
  let started = false;
  let polling = false;

  const policyOf = (name: string) => {
    const p = policies.get(name);
    if (!p) throw new Error(`job queue ${name} was not created`);
    return p;
  };

  async function settle(row: { id: string; name: string; retry_count: number }, error: unknown) {
    const policy = policyOf(row.name);
    const message = error instanceof Error ? error.message : String(error);
    if (row.retry_count >= policy.retryLimit) {
      await db
        .updateTable('jobs')
        .set({ state: 'failed', completed_at: now(), last_error: message.slice(0, 500) })
        .where('id', '=', row.id)
        .execute();
      return;
    }
    await db
      .updateTable('jobs')
      .set({
        state: 'retry',
        retry_count: row.retry_count + 1,
        start_after: now() + retryDelay(policy, row.retry_count) * 1000,
        started_at: null,
        last_error: message.slice(0, 500),
      })
      .where('id', '=', row.id)
      .execute();
  }

  async function run(w: Worker, row: { id: string; name: string; data: string; retry_count: number }) {
    const job: Job<unknown> = { id: row.id, name: row.name, data: JSON.parse(row.data), retryCount: row.retry_count };
    try {
      await w.handler(job);
      await db.updateTable('jobs').set({ state: 'completed', completed_at: now() }).where('id', '=', row.id).execute();
    } catch (err) {
      await settle(row, err);
    }
  }

  async function poll() {
    if (polling) return;
    polling = true;
    try {
      const t = now();
      // Jobs running longer than their queue allows count as failed attempts (a hung provider call).
      const expired = await db
        .selectFrom('jobs')
        .select(['id', 'name', 'retry_count', 'started_at', 'expire_seconds'])
        .where('state', '=', 'active')
        .execute();
      for (const r of expired) {
        if (r.started_at !== null && Number(r.started_at) + r.expire_seconds * 1000 < t && policies.has(r.name))
          await settle(r, new Error('job expired'));
      }
      for (const w of workers) {
        const free = w.concurrency - w.running;
        if (free <= 0) continue;
        const due = await db
          .selectFrom('jobs')
          .select(['id', 'name', 'data', 'retry_count', 'state'])
          .where('name', '=', w.name)
          .where('state', 'in', ['created', 'retry'])
          .where('start_after', '<=', t)
          .orderBy('start_after')
          .limit(free)
          .execute();
        for (const row of due) {
          const claimed = await db
            .updateTable('jobs')
            .set({ state: 'active', started_at: t })
            .where('id', '=', row.id)
            .where('state', '=', row.state)
            .executeTakeFirst();
          if (Number(claimed.numUpdatedRows) !== 1) continue;
          w.running++;
          const p = run(w, row)
            .catch((err: unknown) => opts.onError?.(err))
            .finally(() => {
              w.running--;
              running.delete(p);
            });
          running.add(p);
        }
      }
      // Completed jobs are kept a week, failed ones a month (what staff may still want to look at).
      await db
        .deleteFrom('jobs')
        .where((eb) =>
          eb.or([
            eb.and([eb('state', '=', 'completed'), eb('completed_at', '<', t - 7 * 86_400_000)]),
            eb.and([eb('state', '=', 'failed'), eb('completed_at', '<', t - 30 * 86_400_000)]),
          ]),
        )
        .execute();
    } catch (err) {
      opts.onError?.(err);
    } finally {
      polling = false;
    }
  }

  const schedule = () => {
    if (!started) return;
    timer = setTimeout(() => void poll().finally(schedule), pollMs);
    timer.unref();
  };

  return {
    kind: 'sqlite',
    async createQueue(name, policy) {
      policies.set(name, policy);
    },
    async send(name, data, options: SendOptions = {}) {
      const policy = policyOf(name);
      const id = randomUUID();
      const res = await db
        .insertInto('jobs')
        .values({
          id,
          name,
          data: JSON.stringify(data),
          singleton_key: options.singletonKey ?? null,
          state: 'created',
          retry_count: 0,
          retry_limit: policy.retryLimit,
          retry_delay: policy.retryDelaySeconds,
          retry_backoff: policy.retryBackoff ? 1 : 0,
          expire_seconds: policy.expireInSeconds,
          start_after: options.startAfter ?? now(),
          started_at: null,
          completed_at: null,
          last_error: null,
          created_at: now(),
        })
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      if (Number(res.numInsertedOrUpdatedRows ?? 0) !== 1) return null;
      // A job due now starts at once rather than at the next poll.
      if (started && (options.startAfter ?? 0) <= now()) setImmediate(() => void poll());
      return id;
    },
    async work(name, handler, options = {}) {
      policyOf(name);
      workers.push({ name, handler: handler as JobHandler<unknown>, concurrency: options.concurrency ?? 4, running: 0 });
    },
    async start() {
      if (started) return;
      // Issue #31: whatever a killed process was running is taken up again now (one process per file).
      await db.updateTable('jobs').set({ state: 'retry', started_at: null }).where('state', '=', 'active').execute();
      started = true;
      void poll();
      schedule();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      const deadline = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
      await Promise.race([Promise.allSettled([...running]), deadline]);
    },
    async failedJobs(name): Promise<FailedJob[]> {
      const rows = await db
        .selectFrom('jobs')
        .select(['id', 'data', 'retry_count'])
        .where('name', '=', name)
        .where('state', '=', 'failed')
        .execute();
      return rows.map((r) => ({ id: r.id, data: JSON.parse(r.data) as unknown, retryCount: r.retry_count }));
    },
  };
}
