import { dirname, join } from 'node:path';
import { inject } from 'vitest';
import { openDatabase, type Db } from '../../apps/server/src/db/database.ts';
import { privateSchema } from '../../apps/server/test/support/pg-schema.ts';
import { baseUrl } from './page.ts';
import { startServer } from './server-process.ts';

/**
 * Where a scenario runs: staff work on `staffUrl`, the H5 is read from `h5Url` (the same server on
 * SQLite, a second instance on PostgreSQL, so what staff change must reach another instance). Each URL
 * has the log its SMS codes are read from; `db` is the database behind both.
 */
export type Deployment = {
  staffUrl: string;
  staffLog: string;
  h5Url: string;
  h5Log: string;
  db: Db;
  stop(): Promise<void>;
};
/** `env`: more environment for the servers the backend starts (the suite's own server has its own). */
export type Backend = { name: string; start(env?: Record<string, string>): Promise<Deployment> };

/** The suite's shared SQLite server (one process: SQLite's deployment). Stopping only closes `db`. */
export const suiteSqlite: Backend = {
  name: 'SQLite',
  async start() {
    const db = openDatabase('', join(dirname(inject('logPath')), 'app.db'));
    return { staffUrl: baseUrl(), staffLog: inject('logPath'), h5Url: baseUrl(), h5Log: inject('logPath'), db, stop: () => db.destroy() };
  },
};

/** One server of the test's own on a fresh SQLite file. */
export async function ownSqlite(env: Record<string, string> = {}): Promise<Deployment> {
  const app = await startServer(env);
  const db = openDatabase('', join(dirname(app.logPath), 'app.db'));
  return {
    staffUrl: app.url,
    staffLog: app.logPath,
    h5Url: app.url,
    h5Log: app.logPath,
    db,
    async stop() {
      await db.destroy();
      await app.stop();
    },
  };
}

/**
 * Two instances on one private PostgreSQL schema when TEST_DATABASE_URL is set (none otherwise, so the
 * scenario is skipped cleanly): staff on the first, the H5 on the second.
 */
export const postgresBackends = (): Backend[] =>
  process.env.TEST_DATABASE_URL
    ? [
        {
          name: 'PostgreSQL, two instances',
          async start(env = {}) {
            const schema = await privateSchema(process.env.TEST_DATABASE_URL!);
            // One after the other: the first migrates the empty schema.
            const a = await startServer({ ...env, DATABASE_URL: schema.url });
            const b = await startServer({ ...env, DATABASE_URL: schema.url });
            const db = openDatabase(schema.url, '');
            return {
              staffUrl: a.url,
              staffLog: a.logPath,
              h5Url: b.url,
              h5Log: b.logPath,
              db,
              async stop() {
                await db.destroy();
                await Promise.all([a.stop(), b.stop()]);
                await schema.drop();
              },
            };
          },
        },
      ]
    : [];
