import { PgBoss } from 'pg-boss';
import type { FailedJob, JobQueue, QueuePolicy } from './job-queue.ts';

/**
 * pg-boss on PostgreSQL (issue #31, docs/decisions/035). Queues use the `exclusive` policy, so one job
 * per singleton key is queued or active across every instance. pg-boss's tables live in `schema`,
 * beside the app's (select-queue.ts).
 */
export function pgBossQueue(opts: {
  connectionString: string;
  schema: string;
  pollSeconds?: number;
  onError?: (err: unknown) => void;
}): JobQueue {
  const boss = new PgBoss({
    connectionString: opts.connectionString,
    schema: opts.schema,
    max: 4,
    // Expired jobs (a worker killed mid-run) are looked for every few seconds rather than every minute.
    superviseIntervalSeconds: 5,
    monitorIntervalSeconds: 5,
    registerInstance: false,
    persistWarnings: false,
  });
  boss.on('error', (err: unknown) => opts.onError?.(err));
  const pollSeconds = opts.pollSeconds ?? 1;
  let started: Promise<unknown> | null = null;
  const ready = () => (started ??= boss.start());

  return {
    kind: 'pg-boss',
    async createQueue(name, policy: QueuePolicy) {
      await ready();
      const options = {
        retryLimit: policy.retryLimit,
        retryDelay: policy.retryDelaySeconds,
        retryBackoff: policy.retryBackoff,
        expireInSeconds: policy.expireInSeconds,
      };
      // Idempotent: a second instance (or a restart) finds the queue there and brings its retries up to date.
      if (await boss.getQueue(name)) await boss.updateQueue(name, options);
      else
        await boss.createQueue(name, { ...options, policy: 'exclusive' }).catch(async (err: unknown) => {
          // Another instance created it in between.
          if (!(await boss.getQueue(name))) throw err;
        });
    },
    async send(name, data, options = {}) {
      await ready();
      return boss.send(name, data, {
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.startAfter ? { startAfter: new Date(options.startAfter) } : {}),
      });
    },
    async work(name, handler, options = {}) {
      await ready();
      await boss.work(
        name,
        { pollingIntervalSeconds: pollSeconds, batchSize: 1, localConcurrency: options.concurrency ?? 4 },
        async (jobs) => {
          for (const job of jobs) await handler({ id: job.id, name: job.name, data: job.data as never, retryCount: job.retryCount });
        },
      );
    },
    async start() {
      await ready();
    },
    async stop() {
      if (!started) return;
      await started.catch(() => {});
      await boss.stop({ graceful: true, timeout: 10_000, close: true });
    },
    async failedJobs(name): Promise<FailedJob[]> {
      await ready();
      const jobs = await boss.findJobs(name);
      return jobs.filter((j) => j.state === 'failed').map((j) => ({ id: j.id, data: j.data as unknown, retryCount: j.retryCount }));
    },
  };
}
