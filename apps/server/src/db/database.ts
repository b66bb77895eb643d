import { chmodSync, closeSync, existsSync, mkdirSync, openSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, sql, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
import { CurrentSchemaPostgresDialect } from './current-schema-dialect.ts';
import { migrationProvider } from './migrations.ts';
import type { Database } from './schema.ts';

export type Dialect = 'sqlite' | 'postgres';
/** `sqlite` is the raw connection, for queries prepared once (db/prepared-query.ts, issue #6). */
export type Db = Kysely<Database> & { dialect: Dialect; sqlite?: SQLite.Database };

// int8 (bigint) columns hold epoch milliseconds: well inside Number's safe range.
pg.types.setTypeParser(20, (v) => Number(v));

/** Opens SQLite (WAL) at `sqlitePath`, or PostgreSQL when `url` is postgres://…. */
export function openDatabase(url: string, sqlitePath: string): Db {
  if (/^postgres(ql)?:\/\//.test(url)) {
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    const db = new Kysely<Database>({ dialect: new CurrentSchemaPostgresDialect({ pool }) });
    return Object.assign(db, { dialect: 'postgres' as const });
  }
  const path = url.startsWith('file:') ? url.slice(5) : url || sqlitePath;
  if (path !== ':memory:') createPrivately(path);
  const database = new SQLite(path);
  // Issue #27 item 3: deleted rows and freed pages are overwritten with zeros, so a deleted case or
  // account leaves no bytes in the file once the WAL is checkpointed (afterSensitiveDelete).
  database.pragma('secure_delete = ON');
  database.pragma('journal_mode = WAL');
  database.pragma('synchronous = NORMAL');
  database.pragma('foreign_keys = ON');
  database.pragma('busy_timeout = 5000');
  // Kysely prepares every query anew; better-sqlite3 statements are reusable and this driver is
  // synchronous, so keep each distinct statement prepared (bounded: queries are parameterised).
  const statements = new Map<string, SQLite.Statement>();
  const cached = {
    close: () => database.close(),
    prepare: (sql: string) => {
      let stmt = statements.get(sql);
      if (!stmt) {
        stmt = database.prepare(sql);
        if (statements.size < 500) statements.set(sql, stmt);
      }
      return stmt;
    },
  };
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: cached }) });
  return Object.assign(db, { dialect: 'sqlite' as const, sqlite: database });
}

/**
 * Issue #27 item 3: the database file is created with mode 0600 (in a 0700 folder when the folder is
 * new) before SQLite opens it; SQLite gives its -wal and -shm files the database file's mode. Files
 * made by an older version are narrowed to 0600 too.
 */
function createPrivately(path: string): void {
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  closeSync(openSync(path, 'a', 0o600));
  for (const suffix of ['', '-wal', '-shm']) {
    try {
      if (existsSync(path + suffix)) chmodSync(path + suffix, 0o600);
    } catch {
      // Someone else's file (e.g. a tool run as another user): SQLite still opens it as before.
    }
  }
}

/** Tables whose deleted rows hold health or personal data (issue #27 item 3): vacuumed on PostgreSQL. */
const SENSITIVE_TABLES = [
  'cases',
  'case_messages',
  'case_photos',
  'physical_records',
  'moxa_sessions',
  'favorites',
  'view_history',
  'sessions',
  'sms_codes',
  'counters',
  'wechat_bindings',
  'wechat_tickets',
  'user_roles',
  'consents',
  // Issue #31: which condition a course follows, and where notices went.
  'courses',
  'notifications',
  'short_links',
  'users',
] as const;

/** What a tombstone names (issue #27 item 3): a deleted account or a deleted case, by id only. */
export type DeletionKind = 'user' | 'case';

/**
 * Records a tombstone in the deleting transaction, so a restore of an older backup deletes the same
 * rows again (scripts/restore.ts). Ids are random and carry no personal data.
 */
export async function recordDeletion(trx: Kysely<Database>, kind: DeletionKind, id: string, at: number): Promise<void> {
  await trx
    .insertInto('deletions')
    .values({ kind, id, deleted_at: at })
    .onConflict((oc) => oc.columns(['kind', 'id']).doNothing())
    .execute();
}

/** What one clean-up did: SQLite's checkpoint, or PostgreSQL's VACUUM. `done` false: retried later. */
type CleanupResult = { done: boolean; detail: string };
type Cleanup = { run: () => Promise<CleanupResult>; pending: boolean };
const cleanups = new WeakMap<Db, Cleanup>();

/**
 * Issue #27 item 3: call after deleting a case or an account (any health or personal data). Never
 * throws: the deletion itself has committed; a clean-up that could not finish is retried by
 * `retryCleanup` (server.ts, every 10 minutes).
 *
 * - SQLite: `wal_checkpoint(TRUNCATE)` copies the zeroed pages (secure_delete) into the database file
 *   and empties the WAL, which otherwise keeps the old page images until they are overwritten.
 * - PostgreSQL: `VACUUM` of the tables holding such data, so the dead tuples are removed and their
 *   space is reused by new rows (see docs/operations.md for what this does not guarantee).
 */
export async function afterSensitiveDelete(db: Db, log?: { warn: (obj: object, msg: string) => void }): Promise<CleanupResult> {
  const cleanup = cleanupOf(db);
  try {
    const result = await cleanup.run();
    cleanup.pending = !result.done;
    if (!result.done) log?.warn({ cleanup: result.detail }, 'clean-up after a deletion not finished; retried later');
    return result;
  } catch (err) {
    cleanup.pending = true;
    log?.warn({ err }, 'clean-up after a deletion failed; retried later');
    return { done: false, detail: String(err) };
  }
}

/** Runs a clean-up left unfinished by `afterSensitiveDelete`; SQLite always truncates its WAL. */
export async function retryCleanup(db: Db, log?: { warn: (obj: object, msg: string) => void }): Promise<void> {
  if (db.dialect === 'sqlite' || cleanupOf(db).pending) await afterSensitiveDelete(db, log);
}

function cleanupOf(db: Db): Cleanup {
  let cleanup = cleanups.get(db);
  if (!cleanup) {
    const run = db.dialect === 'sqlite' ? () => checkpoint(db) : serialized(() => vacuum(db));
    cleanup = { run, pending: false };
    cleanups.set(db, cleanup);
  }
  return cleanup;
}

async function checkpoint(db: Db): Promise<CleanupResult> {
  // Through Kysely, so it waits for a transaction holding the connection rather than running inside it.
  const { rows } = await sql<{ busy: number; log: number; checkpointed: number }>`pragma wal_checkpoint(TRUNCATE)`.execute(db);
  const row = rows[0];
  // busy: another connection (a backup, a second process) is reading; the WAL could not be emptied.
  return { done: !row || Number(row.busy) === 0, detail: `checkpoint ${JSON.stringify(row ?? null)}` };
}

async function vacuum(db: Db): Promise<CleanupResult> {
  const present = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_name in (${sql.join([...SENSITIVE_TABLES])})`.execute(db);
  const tables = present.rows.map((r) => r.name);
  if (tables.length === 0) return { done: true, detail: 'vacuum: no tables' };
  await db.connection().execute(async (c) => {
    // Bounded: VACUUM waits for a VACUUM already running on a table (autovacuum gives way by itself).
    await sql`set lock_timeout = '10s'`.execute(c);
    try {
      await sql`vacuum ${sql.join(tables.map((t) => sql.table(t)))}`.execute(c);
    } finally {
      await sql`reset lock_timeout`.execute(c);
    }
  });
  return { done: true, detail: `vacuum ${tables.join(',')}` };
}

/** At most one run at a time and one waiting: deletions during a run share the next one. */
function serialized(run: () => Promise<CleanupResult>): () => Promise<CleanupResult> {
  let tail: Promise<unknown> = Promise.resolve();
  let waiting: Promise<CleanupResult> | null = null;
  return () => {
    if (waiting) return waiting;
    const next = tail
      .catch(() => {})
      .then(() => {
        waiting = null;
        return run();
      });
    waiting = next;
    tail = next;
    return next;
  };
}

export async function migrate(db: Db): Promise<void> {
  // PostgreSQL: keep Kysely's bookkeeping tables in the connection's own schema, so databases that
  // share a server in separate schemas (tests, tenants) never see each other's migration state.
  const schema = db.dialect === 'postgres' ? (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0]?.s : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) throw new Error(`Migration failed: ${failed?.migrationName ?? ''} ${String(error)}`);
}

export async function ping(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
