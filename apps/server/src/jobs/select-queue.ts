import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { pgBossQueue } from './pg-boss-queue.ts';
import { sqliteQueue } from './sqlite-queue.ts';

/**
 * The job queue for a database (issue #31, docs/decisions/035): pg-boss on PostgreSQL, else the
 * in-process runner on SQLite. pg-boss's tables live in a schema of their own next to the app's —
 * `<app schema>_jobs`, or `pgboss` beside the default `public` — so deployments and test runs sharing a
 * server never take each other's jobs, and a backup of the app's schema (scripts/backup.ts) holds the
 * app's data only: the notices themselves are rows of the app (`notifications`), and the planner puts
 * pending ones back on the queue after a restore.
 */
export async function selectJobQueue(db: Db, databaseUrl: string, onError: (err: unknown) => void): Promise<JobQueue> {
  if (db.dialect !== 'postgres') return sqliteQueue(db, { onError });
  const current = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  return pgBossQueue({ connectionString: databaseUrl, schema: jobSchemaFor(current), onError });
}

export const jobSchemaFor = (appSchema: string) => (appSchema === 'public' ? 'pgboss' : `${appSchema}_jobs`);
