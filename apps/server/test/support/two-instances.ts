import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/app.ts';
import { openDatabase, type Db } from '../../src/db/database.ts';
import { loadEnv } from '../../src/env.ts';
import { CONTENT_DIR, createTestDb, fakeSms, type Dialect } from './test-app.ts';

/**
 * Two app instances on one fresh test database, as two server processes would be (issues #29, #30):
 * `a` on the connection createTestDb made (`dbA`), `b` on a connection of its own. `env` adds to the
 * test environment (WEB_DIST, PUBLIC_ORIGIN …); `serveWeb` when it names a web build. `close` shuts
 * both and drops the database.
 */
export async function twoInstances(
  dialect: Dialect,
  env: Record<string, string> = {},
): Promise<{ a: FastifyInstance; b: FastifyInstance; dbA: Db; close(): Promise<void> }> {
  const made = await createTestDb(dialect);
  const dbB = openDatabase(made.url, made.sqlitePath);
  const instance = async (db: Db) => {
    const app = await buildApp({
      env: loadEnv(
        {},
        {
          NODE_ENV: 'test',
          LOG_LEVEL: 'warn',
          CONTENT_DIR,
          DATABASE_URL: made.url,
          SECRET_KEY: 'test-secret-key-of-at-least-32-characters',
          SMS_CONSOLE_ALLOWED: true,
          PUBLIC_ORIGIN: 'http://localhost',
          ...env,
        },
      ),
      db,
      sms: fakeSms(),
      serveWeb: Boolean(env.WEB_DIST),
      wechat: null,
    });
    await app.ready();
    return app;
  };
  const a = await instance(made.db);
  const b = await instance(dbB);
  return {
    a,
    b,
    dbA: made.db,
    async close() {
      await Promise.all([a.close(), b.close()]);
      await dbB.destroy();
      await made.db.destroy();
      await made.drop();
    },
  };
}

/** Reads until `read` answers `want` (another instance catching up), at most `ms`; the time it took. */
export async function within<T>(ms: number, read: () => Promise<T>, want: T): Promise<number> {
  const start = Date.now();
  while ((await read()) !== want) {
    if (Date.now() - start > ms) throw new Error(`not ${String(want)} within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return Date.now() - start;
}
