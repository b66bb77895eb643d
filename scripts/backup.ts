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
 * Issue #27 item 3: every backup is created with mode 0600 (its folder 0700 when new), and backups in
 * the folder older than `--keep-days` (default RETENTION.backupDays, 30) are deleted after a successful backup, so a
 * deleted case or account leaves the backups within that many days.
 *
 * Prints the backup's path as its last line. See docs/operations.md for restoring.
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readdirSync, rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { RETENTION } from '@moxa/core/legal/retention';
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

/** A new, empty file only its owner can read (mode 0600), under a name not yet taken. */
function freePath(dir: string, base: string, ext: string): string {
  for (let i = 0; ; i++) {
    const path = join(dir, i === 0 ? `${base}${ext}` : `${base}-${i}${ext}`);
    try {
      closeSync(openSync(path, 'wx', 0o600));
      chmodSync(path, 0o600); // whatever the umask
      return path;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
}

/** The backups this script makes: app-<UTC time>[-n].db|.dump. */
const BACKUP_NAME = /^app-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z(?:-\d+)?\.(?:db|dump)$/;

/** Deletes the backups in `dir` taken more than `keepDays` days before `now`; returns their paths. */
export function pruneBackups(dir: string, keepDays: number, now = new Date()): string[] {
  const cutoff = now.getTime() - keepDays * 86_400_000;
  const pruned: string[] = [];
  for (const name of readdirSync(dir)) {
    const m = BACKUP_NAME.exec(name);
    if (!m) continue;
    const [, y, mo, d, h, mi, s] = m.map(Number) as number[];
    if (Date.UTC(y!, mo! - 1, d!, h!, mi!, s!) >= cutoff) continue;
    rmSync(join(dir, name));
    pruned.push(join(dir, name));
  }
  return pruned;
}

export async function backup(env: Env, outDir: string, now = new Date()): Promise<string> {
  mkdirSync(outDir, { recursive: true, mode: 0o700 });
  if (isPostgres(env.DATABASE_URL)) {
    const file = freePath(outDir, stamp(now), '.dump');
    const schema = schemaOf(env.DATABASE_URL);
    const args = ['--format=custom', `--file=${file}`, ...(schema ? [`--schema=${schema}`] : []), `--dbname=${env.DATABASE_URL}`];
    const run = spawnSync('pg_dump', args, { encoding: 'utf8' });
    if (run.error || run.status !== 0) rmSync(file, { force: true });
    if (run.error) throw new Error(`pg_dump could not run (${run.error.message}); install the PostgreSQL client tools`);
    if (run.status !== 0) throw new Error(`pg_dump failed: ${run.stderr}`);
    chmodSync(file, 0o600);
    return file;
  }
  const source = resolve(env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL.slice(5) : env.SQLITE_PATH);
  if (!existsSync(source)) throw new Error(`no SQLite database at ${source}`);
  const file = freePath(outDir, stamp(now), '.db');
  const db = new SQLite(source, { fileMustExist: true });
  try {
    db.pragma('busy_timeout = 5000');
    // Into the empty 0600 file made above, so the copy is never readable by others, even for a moment.
    await db.backup(file);
  } catch (error) {
    rmSync(file, { force: true });
    throw error;
  } finally {
    db.close();
  }
  chmodSync(file, 0o600);
  const copy = new SQLite(file);
  try {
    // One self-contained file: the copy leaves WAL mode, so no -wal or -shm is left beside it.
    copy.pragma('journal_mode = DELETE');
    const check = copy.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup failed its integrity check: ${String(check)}`);
  } finally {
    copy.close();
  }
  return file;
}

if (import.meta.main) {
  const option = (name: string) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const outDir = option('--out') ?? 'data/backups';
  // The privacy policy's period (issue #27 item 18) unless the operator asks for another.
  const keepDays = Number(option('--keep-days') ?? RETENTION.backupDays);
  if (!Number.isInteger(keepDays) || keepDays < 1) {
    process.stderr.write('--keep-days must be a whole number of days, at least 1\n');
    process.exit(2);
  }
  try {
    const file = await backup(loadEnv(), outDir);
    for (const old of pruneBackups(outDir, keepDays)) process.stderr.write(`deleted ${old} (older than ${keepDays} days)\n`);
    process.stdout.write(`${file}\n`);
  } catch (error) {
    process.stderr.write(`backup failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
