import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { pgBossQueue } from './pg-boss-queue.ts';
import { sqliteQueue } from './sqlite-queue.ts';

/**
 * The job queue for a database (issue #31, docs/decisions/035): pg-boss on PostgreSQL, else the
 * in-process runner on SQLite. pg-boss's tables go into the app's own schema when the deployment has
 * one of its own (search_path), so deployments and test runs sharing a server never take each other's
 * jobs and dropping the schema drops them too; with the default `public`, into their own `pgboss`.
 */
export async function selectJobQueue(db: Db, databaseUrl: string, onError: (err: unknown) => void): Promise<JobQueue> {
  if (db.dialect !== 'postgres') return sqliteQueue(db, { onError });
  const current = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  return pgBossQueue({ connectionString: databaseUrl, schema: jobSchemaFor(current), onError });
}

export const jobSchemaFor = (appSchema: string) => (appSchema === 'public' ? 'pgboss' : appSchema);
