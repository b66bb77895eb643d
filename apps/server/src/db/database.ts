import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { Migrator } from 'kysely/migration';
import pg from 'pg';
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
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return Object.assign(db, { dialect: 'postgres' as const });
  }
  const path = url.startsWith('file:') ? url.slice(5) : url || sqlitePath;
  if (path !== ':memory:') mkdirSync(dirname(path), { recursive: true });
  const database = new SQLite(path);
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
