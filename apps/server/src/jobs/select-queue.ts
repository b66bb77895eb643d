import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { JobQueue } from './job-queue.ts';
import { pgBossQueue } from './pg-boss-queue.ts';
import { sqliteQueue } from './sqlite-queue.ts';

/**
 * The job queue for a database (issue #31, docs/decisions/035): pg-boss on PostgreSQL, in the schema
 * `<the app's schema>_jobs` (`pgboss` for the default `public`), else the in-process runner on SQLite.
 */
export async function selectJobQueue(db: Db, databaseUrl: string, onError: (err: unknown) => void): Promise<JobQueue> {
  if (db.dialect !== 'postgres') return sqliteQueue(db, { onError });
  const current = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s ?? 'public';
  return pgBossQueue({ connectionString: databaseUrl, schema: jobSchemaFor(current), onError });
}

export const jobSchemaFor = (appSchema: string) => (appSchema === 'public' ? 'pgboss' : `${appSchema}_jobs`);
