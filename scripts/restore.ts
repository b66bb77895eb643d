/**
 * `node scripts/restore.ts <backup> [--deletions-from <database>]…` (issue #7 §8): puts a backup made by
 * scripts/backup.ts back in place. Stop every server instance first. Reads the same environment as
 * the server.
 *
 * - SQLite (`.db`): the backup must pass `PRAGMA integrity_check` and hold the app's tables; the
 *   current file and its -wal/-shm are kept aside as <file>.before-restore-<time>[-wal|-shm] (a stale
 *   WAL beside a restored file would be replayed into it), then the backup is copied in atomically.
 * - PostgreSQL (`.dump`): `pg_restore --clean --if-exists --no-owner` into DATABASE_URL; a plain `.sql`
 *   dump goes through `psql -v ON_ERROR_STOP=1`.
 *
 * Issue #27 item 3: accounts and cases deleted after the backup was taken are deleted again. Their
 * tombstones (table `deletions`, ids only) are read from the database being replaced, and from every
 * `--deletions-from` (a newer backup file, an SQLite file or a postgres:// URL), before the backup
 * goes in; then the app's migrations run on the restored data and each tombstone is applied as the app
 * applies a deletion (secure_delete and a truncating checkpoint on SQLite, VACUUM on PostgreSQL).
 */
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, existsSync, fsyncSync, mkdirSync, openSync, renameSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import { caseRepository } from '../apps/server/src/cases/case-repository.ts';
import { afterSensitiveDelete, migrate, openDatabase, recordDeletion, type DeletionKind } from '../apps/server/src/db/database.ts';
import { loadEnv, type Env } from '../apps/server/src/env.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { isPostgres } from './backup.ts';

export type Tombstone = { kind: DeletionKind; id: string; deleted_at: number };

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

/**
 * The tombstones a database holds: none when it is missing, unreadable or older than the table. A
 * database that cannot be read is reported, not fatal: a restore is often needed because it broke.
 */
export async function readTombstones(source: string, warn: (line: string) => void = () => {}): Promise<Tombstone[]> {
  try {
    if (isPostgres(source)) {
      const db = openDatabase(source, '');
      try {
        return (await db.selectFrom('deletions').select(['kind', 'id', 'deleted_at']).execute()) as Tombstone[];
      } finally {
        await db.destroy();
      }
    }
    if (!existsSync(source)) return [];
    const db = new SQLite(source, { readonly: true, fileMustExist: true });
    try {
      const table = db.prepare(`select name from sqlite_master where type = 'table' and name = 'deletions'`).get();
      return table ? (db.prepare('select kind, id, deleted_at from deletions').all() as Tombstone[]) : [];
    } finally {
      db.close();
    }
  } catch (error) {
    if (/relation .*deletions.* does not exist/.test((error as Error).message)) return [];
    warn(`could not read deletions from ${redact(source)}: ${(error as Error).message}`);
    return [];
  }
}

/** Deletes again, in the restored database, every account and case a tombstone names; returns how many were found. */
export async function applyTombstones(env: Env, tombstones: Tombstone[]): Promise<number> {
  const db = openDatabase(env.DATABASE_URL, env.SQLITE_PATH);
  try {
    await migrate(db);
    const clock = Date.now;
    const users = userRepository(db, clock);
    const cases = caseRepository(db, clock);
    let applied = 0;
    for (const t of tombstones) {
      // The tombstone first, with its own time, so the restored database remembers it too.
      await recordDeletion(db, t.kind, t.id, Number(t.deleted_at));
      if (t.kind === 'user') {
        if (await users.deleteAccount(t.id)) applied++;
      } else if (t.kind === 'case') {
        const owner = await db.selectFrom('cases').select('user_id').where('id', '=', t.id).executeTakeFirst();
        if (owner && (await cases.delete(t.id, owner.user_id))) applied++;
      }
    }
    await afterSensitiveDelete(db);
    return applied;
  } finally {
    await db.destroy();
  }
}

const redact = (url: string) => url.replace(/\/\/[^@/]*@/, '//***@');

export async function restore(
  env: Env,
  backupFile: string,
  opts: { now?: Date; deletionsFrom?: string[]; warn?: (line: string) => void } = {},
): Promise<{ where: string; tombstones: number; applied: number }> {
  const now = opts.now ?? new Date();
  const file = resolve(backupFile);
  if (!existsSync(file)) throw new Error(`no backup at ${file}`);
  const target = isPostgres(env.DATABASE_URL)
    ? env.DATABASE_URL
    : resolve(env.DATABASE_URL.startsWith('file:') ? env.DATABASE_URL.slice(5) : env.SQLITE_PATH);
  if (!isPostgres(env.DATABASE_URL)) checkSqliteBackup(file);
  // Read before the backup replaces them: deletions made since the backup was taken.
  const byKey = new Map<string, Tombstone>();
  for (const source of [target, ...(opts.deletionsFrom ?? [])])
    for (const t of await readTombstones(source, opts.warn)) byKey.set(`${t.kind}:${t.id}`, t);
  const tombstones = [...byKey.values()];

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
  } else {
    mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
    const aside = `${target}.before-restore-${now
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z')}`;
    for (const suffix of ['', '-wal', '-shm']) {
      if (existsSync(target + suffix)) renameSync(target + suffix, aside + suffix);
    }
    const temp = `${target}.restoring`;
    copyFileSync(file, temp);
    chmodSync(temp, 0o600);
    // On disk before it takes the database's name.
    const fd = openSync(temp, 'r+');
    fsyncSync(fd);
    closeSync(fd);
    renameSync(temp, target);
  }
  const applied = await applyTombstones(env, tombstones);
  return { where: isPostgres(target) ? redact(target) : target, tombstones: tombstones.length, applied };
}

if (import.meta.main) {
  const args = process.argv.slice(2);
  const deletionsFrom: string[] = [];
  const files: string[] = [];
  for (let i = 0; i < args.length; i++) {
    if (args[i] === '--deletions-from' && args[i + 1]) deletionsFrom.push(args[++i]!);
    else files.push(args[i]!);
  }
  if (files.length !== 1) {
    process.stderr.write('usage: node scripts/restore.ts <backup file> [--deletions-from <newer backup | database>]…\n');
    process.exit(2);
  }
  try {
    const done = await restore(loadEnv(), files[0]!, { deletionsFrom, warn: (line) => process.stderr.write(`${line}\n`) });
    process.stdout.write(
      `restored ${files[0]} into ${done.where}; ${done.tombstones} deletion(s) known, ${done.applied} re-applied to data the backup still held\n`,
    );
  } catch (error) {
    process.stderr.write(`restore failed: ${(error as Error).message}\n`);
    process.exit(1);
  }
}
