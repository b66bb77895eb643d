/**
 * `node scripts/backup.ts [--out <dir>]` (issue #7 §8): a consistent copy of the live database, taken
 * while the server runs. Reads the same environment as the server (DATABASE_URL, SQLITE_PATH).
 *
 * - SQLite: SQLite's online backup API (better-sqlite3 `db.backup()`), which copies a consistent
 *   snapshot even while the server writes, into <dir>/app-<UTC time>.db; the copy is then checked with
 *   `PRAGMA integrity_check`.
 * - PostgreSQL: `pg_dump --format=custom` into <dir>/app-<UTC time>.dump; when DATABASE_URL selects a
 *   schema through `options=-c search_path=…`, only that schema. pg_dump must be at least the server's
 *   major version.
 *
 * Prints the backup's path as its last line. See docs/operations.md for restoring.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadEnv, type Env } from '../apps/server/src/env.ts';

export const isPostgres = (url: string) => /^postgres(ql)?:\/\//.test(url);

/** The schema a DATABASE_URL selects with `options=-c search_path=<schema>`, if any. */
export function schemaOf(url: string): string | null {
  const options = new URL(url).searchParams.get('options') ?? '';
  const m = /(?:^|\s)-c\s*search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options);
  return m ? m[1]! : null;
}

/** A file name that sorts by time: app-20260722T061502Z. */
function stamp(now: Date): string {
  return `app-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
}

function freePath(dir: string, base: string, ext: string): string {
  let path = join(dir, `${base}${ext}`);
  for (let i = 1; existsSync(path); i++) path = join(dir, `${base}-${i}${ext}`);
  return path;
}

export async function backup(env: Env, outDir: string, now = new Date()): Promise<string> {
  mkdirSync(outDir, { recursive: true });
  if (isPostgres(env.DATABASE_URL)) {
    const file = freePath(outDir, stamp(now), '.dump');
    const schema = schemaOf(env.DATABASE_URL);
    const args = ['--format=custom', `--file=${file}`, ...(schema ? [`--schema=${schema}`] : []), `--dbname=${env.DATABASE_URL}`];
    const run = spawnSync('pg_dump', args, { encoding: 'utf8' });
    if (run.error) throw new Error(`pg_dump could not run (${run.error.message}); install the PostgreSQL client tools`);
    if (run.status !== 0) throw new Error(`pg_dump failed: ${run.stderr}`);
    return file;
  }
  const source = resolve(env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL.slice(5) : env.SQLITE_PATH);
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  const file = freePath(outDir, stamp(now), '.db');
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    await db.backup(file);
  } finally {
    db.close();
  }
  const copy = new SQLite(file, { readonly: true });
  try {
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return file;
}

if (import.meta.main) {
  const at = process.argv.indexOf('--out');
  const outDir = at > 0 && process.argv[at + 1] ? process.argv[at + 1]! : 'data/backups';
  try {
    const file = await backup(loadEnv(), outDir);
    process.stdout.write(`${file}\n`);
  } catch (error) {
    process.stderr.write(`backup failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
