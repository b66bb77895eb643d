/**
 * The job queue (issue #31, docs/decisions/035): pg-boss when the server runs on PostgreSQL, a small
 * in-process runner over the `jobs` table on the SQLite default. Both keep the same promises:
 *
 * - `send` with a singleton key: at most one job per (queue, key) is queued or running; a second send
 *   answers null and adds nothing;
 * - `startAfter`: the job waits until then (wall-clock time, epoch ms);
 * - a handler that throws is retried after `retryDelaySeconds`, doubling with `retryBackoff`, until
 *   `retryLimit` retries are used up; then the job is failed and stays visible (`failedJobs`);
 * - a job whose worker died (kill -9) is taken up again: on PostgreSQL once `expireInSeconds` passes,
 *   on SQLite (one process per database file) when the runner starts again;
 * - jobs are rows in the database: they survive a restart.
 */
export type QueuePolicy = {
  retryLimit: number;
  retryDelaySeconds: number;
  retryBackoff: boolean;
  /** How long a job may run before it counts as dead and is retried. */
  expireInSeconds: number;
};
export type SendOptions = { singletonKey?: string; startAfter?: number };
export type Job<T> = { id: string; name: string; data: T; retryCount: number };
export type JobHandler<T> = (job: Job<T>) => Promise<void>;
export type FailedJob = { id: string; data: unknown; retryCount: number };

export interface JobQueue {
  readonly kind: 'pg-boss' | 'sqlite';
  /** Declares a queue and its retry policy (idempotent); call before `send` and `work`. */
  createQueue(name: string, policy: QueuePolicy): Promise<void>;
  /** The new job's id, or null when a job with this singleton key is already queued or running. */
  send<T extends object>(name: string, data: T, options?: SendOptions): Promise<string | null>;
  /** Runs `handler` for the queue's jobs on this instance, up to `concurrency` at a time. */
  work<T>(name: string, handler: JobHandler<T>, options?: { concurrency?: number }): Promise<void>;
  start(): Promise<void>;
  /** Stops taking jobs and waits (bounded) for the running ones. */
  stop(): Promise<void>;
  failedJobs(name: string): Promise<FailedJob[]>;
}

/** The delay before retry number `retryCount + 1` (seconds): doubling with back-off, at most a day. */
export function retryDelay(policy: Pick<QueuePolicy, 'retryDelaySeconds' | 'retryBackoff'>, retryCount: number): number {
  if (!policy.retryBackoff) return policy.retryDelaySeconds;
  return Math.min(86_400, policy.retryDelaySeconds * 2 ** Math.min(16, retryCount));
}
