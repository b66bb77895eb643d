import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../../src/app.ts';
import { loadContent } from '../../src/content/load-content.ts';
import { migrate, openDatabase, type Db } from '../../src/db/database.ts';
import { loadEnv, type Env } from '../../src/env.ts';
import { watchDocumentedStatuses } from './documented-statuses.ts';
import type { SmsProvider, SmsTemplate } from '../../src/sms/sms-provider.ts';

export type Dialect = 'sqlite' | 'postgres';

/**
 * Kysely's own suite style (design §7): every route test runs on SQLite, and again on PostgreSQL
 * when TEST_DATABASE_URL is set.
 */
export const DIALECTS: Dialect[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const ROOT = new URL('../../../../', import.meta.url).pathname;
/** The bundled content; TEST_CONTENT_DIR points elsewhere (e.g. a copy with planted hostile content). */
export const CONTENT_DIR = process.env.TEST_CONTENT_DIR ?? join(ROOT, 'content');

/** A fresh, migrated, content-loaded database: a temp SQLite file, or a private PostgreSQL schema. */
export async function createTestDb(dialect: Dialect): Promise<{ db: Db; url: string; sqlitePath: string; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = mkdtempSync(join(tmpdir(), 'moxa-test-'));
    const sqlitePath = join(dir, 'app.db');
    const db = openDatabase('', sqlitePath);
    await migrate(db);
    await loadContent(db, CONTENT_DIR);
    return { db, url: '', sqlitePath, drop: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const base = process.env.TEST_DATABASE_URL!;
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  await admin.end();
  const url = `${base}${base.includes('?') ? '&' : '?'}options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  const db = openDatabase(url, '');
  await migrate(db);
  await loadContent(db, CONTENT_DIR);
  return {
    db,
    url,
    sqlitePath: '',
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`drop schema ${schema} cascade`);
      // Issue #31: the job queue's schema beside it (jobs/select-queue.ts), when a test started workers.
      await c.query(`drop schema if exists ${schema}_jobs cascade`);
      await c.end();
    },
  };
}

/** Records every code "sent", for tests. */
/** A database of the dialect for one describe block: made before its tests, dropped after them. */
export function useTestDb(dialect: Dialect): () => Db {
  let made: { db: Db; drop: () => Promise<void> } | undefined;
  beforeAll(async () => {
    made = await createTestDb(dialect);
  });
  afterAll(async () => {
    await made?.db.destroy();
    await made?.drop();
  });
  return () => made!.db;
}

export function fakeSms(): SmsProvider & {
  sent: { to: string; code: string }[];
  notices: { to: string; template: SmsTemplate; params: Record<string, string>; ref: string }[];
  fail: boolean;
} {
  const box = {
    name: 'fake',
    sent: [] as { to: string; code: string }[],
    notices: [] as { to: string; template: SmsTemplate; params: Record<string, string>; ref: string }[],
    fail: false,
    async sendCode(to: string, code: string) {
      if (box.fail) throw new Error('gateway down');
      box.sent.push({ to, code });
    },
    async sendTemplate(to: string, template: SmsTemplate, params: Record<string, string>, ref: string) {
      if (box.fail) throw new Error('gateway down');
      box.notices.push({ to, template, params, ref });
    },
    async lookup(_to: string, ref: string) {
      return box.notices.some((n) => n.ref === ref) ? ('sent' as const) : ('not-sent' as const);
    },
  };
  return box;
}

export function testClock(start = Date.UTC(2026, 10, 22, 8, 0, 0)) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms), set: (t: number) => (now = t) };
}

/** Tests sign code hashes with their own key rather than making one in the repository's data folder. */
const TEST_SECRET_KEY = 'test-secret-key-of-at-least-32-characters';

export type TestApp = {
  app: FastifyInstance;
  db: Db;
  sms: ReturnType<typeof fakeSms>;
  clock: ReturnType<typeof testClock>;
  logs: string[];
  close: () => Promise<void>;
};

export async function createTestApp(dialect: Dialect, envOverrides: Partial<Env> = {}, opts: Partial<BuildOptions> = {}): Promise<TestApp> {
  const { db, drop } = await createTestDb(dialect);
  const sms = fakeSms();
  const clock = testClock();
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk, _enc, cb) {
      logs.push(String(chunk));
      cb();
    },
  });
  const env = loadEnv(
    {},
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'info',
      CONTENT_DIR,
      SECRET_KEY: TEST_SECRET_KEY,
      SMS_CONSOLE_ALLOWED: true,
      // Suites log many users in with numbers of one block; the block cap has its own tests (sms-abuse.test.ts).
      SMS_MAX_PER_PREFIX_HOUR: 10_000,
      SMS_MAX_PER_PREFIX_DAY: 10_000,
      // The address app.inject() requests carry by default (Host: localhost:80); issue #27 item 7.
      PUBLIC_ORIGIN: 'http://localhost',
      ...envOverrides,
    },
  );
  const app = await buildApp({ env, db, sms, clock: clock.now, logStream, serveWeb: false, wechat: null, ...opts });
  // Every error status a test provokes must be one its operation documents (issue #27 item 14).
  watchDocumentedStatuses(app);
  await app.ready();
  return {
    app,
    db,
    sms,
    clock,
    logs,
    close: async () => {
      await app.close();
      await db.destroy();
      await drop();
    },
  };
}
