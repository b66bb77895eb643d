/**
 * `node scripts/restore.ts <backup>` (issue #7 §8): puts a backup made by scripts/backup.ts back in
 * place. Stop every server instance first. Reads the same environment as the server.
 *
 * - SQLite (`.db`): the backup must pass `PRAGMA integrity_check` and hold the app's tables; the
 *   current file and its -wal/-shm are kept aside as <file>.before-restore-<time>[-wal|-shm] (a stale
 *   WAL beside a restored file would be replayed into it), then the backup is copied in atomically.
 * - PostgreSQL (`.dump`): `pg_restore --clean --if-exists --no-owner` into DATABASE_URL; a plain `.sql`
 *   dump goes through `psql -v ON_ERROR_STOP=1`.
 */
import { spawnSync } from 'node:child_process';
import { closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { loadEnv, type Env } from '../apps/server/src/env.ts';
import { isPostgres } from './backup.ts';

/** Checks that a file is a sound SQLite database of this app. */
export function checkSqliteBackup(file: string): void {
  const db = new SQLite(file, { readonly: true, fileMustExist: true });
  try {
    const check = db.pragma('integrity_check', { simple: true });
    if (check !== 'ok') throw new Error(`the backup failed its integrity check: ${String(check)}`);
    const tables = db.prepare(`select name from sqlite_master where type = 'table' and name in ('users', 'sessions')`).all();
    if (tables.length !== 2) throw new Error('the backup does not hold this app’s tables');
  } finally {
    db.close();
  }
}

export async function restore(env: Env, backupFile: string, now = new Date()): Promise<string> {
  const file = resolve(backupFile);
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  if (isPostgres(env.DATABASE_URL)) {
    const run = file.endsWith('.sql')
      ? spawnSync('psql', ['-v', 'ON_ERROR_STOP=1', '--quiet', '--file', file, env.DATABASE_URL], { encoding: 'utf8' })
      : spawnSync(
          'pg_restore',
          ['--clean', '--if-exists', '--no-owner', '--no-privileges', '--exit-on-error', `--dbname=${env.DATABASE_URL}`, file],
          {
            encoding: 'utf8',
          },
        );
    if (run.error) throw new Error(`the PostgreSQL client tools could not run (${run.error.message})`);
    if (run.status !== 0) throw new Error(`restore failed: ${run.stderr}`);
    return env.DATABASE_URL.replace(/\/\/[^@/]*@/, '//***@');
  }
  checkSqliteBackup(file);
  const target = resolve(env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL.slice(5) : env.SQLITE_PATH);
  mkdirSync(dirname(target), { recursive: true });
  const aside = `${target}.before-restore-${now
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d+Z$/, 'Z')}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(target + suffix)) renameSync(target + suffix, aside + suffix);
  }
  const temp = `${target}.restoring`;
  copyFileSync(file, temp);
  // On disk before it takes the database's name.
  const fd = openSync(temp, 'r+');
  fsyncSync(fd);
  closeSync(fd);
  renameSync(temp, target);
  return target;
}

if (import.meta.main) {
  const backupFile = process.argv[2];
  if (!backupFile) {
    process.stderr.write('usage: node scripts/restore.ts <backup file>\n');
    process.exit(2);
  }
  try {
    const where = await restore(loadEnv(), backupFile);
    process.stdout.write(`restored ${backupFile} into ${where}\n`);
  } catch (error) {
    process.stderr.write(`restore failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
