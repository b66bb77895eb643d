import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, privateSchema } from '../support/pg-schema.ts';
import { call, loginThrough, startServer, type ServerProcess } from '../support/server-process.ts';
import { grantConsentsThrough } from '../support/consent-helpers.ts';
import { consultationRequest, multipartBody } from '../support/multipart.ts';

const ROOT = new URL('../../../../', import.meta.url).pathname;
const PG = process.env.TEST_DATABASE_URL;
const hasTool = (name: string) => spawnSync(name, ['--version']).status === 0;

/** Runs scripts/<name>.ts as an operator would, with the server's variables. */
function script(name: 'backup' | 'restore', args: string[], env: Record<string, string>): string {
  const run = spawnSync(process.execPath, [`scripts/${name}.ts`, ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  });
  if (run.status !== 0) throw new Error(`${name} failed (${run.status}): ${run.stderr}`);
  return run.stdout.trim().split('\n').at(-1)!;
}

/** Data only a working database can answer: a session and a constitution record. */
async function writeData(server: ServerProcess) {
  const { token, userId } = await loginThrough(server, server, '13600136001');
  await grantConsentsThrough(server.url, token, ['constitution']);
  const questions = (await call(server.url, '/api/v8/physical/questions?gender=male')).json.data as { questions: { id: string }[] };
  const sheet = { gender: 'male', answers: Object.fromEntries(questions.questions.map((q) => [q.id, 5])) };
  const record = await call(server.url, '/api/v8/physical/records', { token, body: sheet });
  return { token, userId, recordId: (record.json.data as { id: string }).id };
}

/**
 * Issue #27 item 3: what a restore must delete again. Before the backup: A with two cases, B with one;
 * after it: A deletes one case and B deletes the account. Answers the ids and the cases' markers.
 */
async function deletionsAfterBackup(server: ServerProcess, takeBackup: () => string) {
  const a = await loginThrough(server, server, '13600136011');
  const b = await loginThrough(server, server, '13600136012');
  const open = async (token: string) => {
    const marker = `restore-marker-${randomBytes(8).toString('hex')}`;
    const body = multipartBody({ data: JSON.stringify(consultationRequest(`膝盖怕冷 ${marker}`)) }, []);
    const res = await fetch(`${server.url}/api/v8/consultations`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(body.payload),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return { id: ((await res.json()) as { data: { id: string } }).data.id, marker };
  };
  for (const who of [a, b]) await grantConsentsThrough(server.url, who.token);
  const deletedCase = await open(a.token);
  const keptCase = await open(a.token);
  const bCase = await open(b.token);
  const file = takeBackup();

  expect((await call(server.url, `/api/v8/cases/${deletedCase.id}`, { method: 'DELETE', token: a.token })).status).toBe(200);
  const mark = server.lines.length;
  const step = await call(server.url, '/api/v8/me/step-up-code', { token: b.token, body: { purpose: 'delete-account' } });
  expect(step.status).toBe(200);
  const code = await server.codeFor('+8613600136012', mark);
  expect((await call(server.url, '/api/v8/me', { method: 'DELETE', token: b.token, body: { code } })).status).toBe(200);
  return { file, a, b, deletedCase, keptCase, bCase };
}

/** After the restore: the deleted case and account stay deleted, the rest is back. */
async function expectDeletionsKept(server: ServerProcess, d: Awaited<ReturnType<typeof deletionsAfterBackup>>) {
  const mine = await call(server.url, '/api/v8/cases', { token: d.a.token });
  expect(mine.status).toBe(200);
  expect((mine.json.data as { id: string }[]).map((c) => c.id)).toEqual([d.keptCase.id]);
  expect((await call(server.url, `/api/v8/cases/${d.deletedCase.id}`, { token: d.a.token })).status).toBe(404);
  expect((await call(server.url, '/api/v8/me', { token: d.b.token })).status).toBe(401);
  const again = await loginThrough(server, server, '13600136012');
  expect(again.userId).not.toBe(d.b.userId);
  expect((await call(server.url, '/api/v8/cases', { token: again.token })).json.data).toEqual([]);
}

/** SIGTERM and wait: the operator stops the server before restoring. */
async function stop(server: ServerProcess) {
  server.child.kill('SIGTERM');
  await server.exited;
}

const mode = (path: string) => statSync(path).mode & 0o777;

async function expectData(server: ServerProcess, data: { token: string; userId: string; recordId: string }) {
  const me = await call(server.url, '/api/v8/me', { token: data.token });
  expect((me.json.data as { id: string }).id).toBe(data.userId);
  const list = await call(server.url, '/api/v8/physical/records', { token: data.token });
  expect((list.json.data as { id: string }[]).map((r) => r.id)).toEqual([data.recordId]);
}

describe('backup and restore, SQLite (issue #7 §8)', () => {
  let dir: string;
  const servers: ServerProcess[] = [];
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-backup-'));
  });
  afterAll(async () => {
    for (const s of servers) await s.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up a live database and restores it elsewhere with its data', async () => {
    const live = { SQLITE_PATH: join(dir, 'live/app.db') };
    const server = await startServer(live);
    servers.push(server);
    const data = await writeData(server);

    // While the server runs (its WAL holds the latest writes).
    const file = script('backup', ['--out', join(dir, 'backups')], live);
    expect(file).toMatch(/\/backups\/app-\d{8}T\d{6}Z\.db$/);

    const elsewhere = { SQLITE_PATH: join(dir, 'elsewhere/app.db') };
    expect(script('restore', [file], elsewhere)).toContain('elsewhere/app.db');
    const restored = await startServer(elsewhere);
    servers.push(restored);
    await expectData(restored, data);
  });

  it('re-applies deletions made after the backup, leaving none of their bytes (issue #27 item 3)', async () => {
    // B logs in again right after the restore: the cooldown of the login before the backup is short.
    const live = { SQLITE_PATH: join(dir, 'tomb/app.db'), SMS_COOLDOWN_SECONDS: '1' };
    const server = await startServer(live);
    servers.push(server);
    const d = await deletionsAfterBackup(server, () => script('backup', ['--out', join(dir, 'tomb-backups')], live));
    expect(mode(d.file)).toBe(0o600);
    // The backup still holds what was deleted after it.
    expect(readFileSync(d.file).includes(d.deletedCase.marker)).toBe(true);
    await stop(server);

    const out = script('restore', [d.file], live);
    expect(out).toMatch(/2 deletion\(s\) known, 2 re-applied/);
    const db = join(dir, 'tomb/app.db');
    expect(mode(db)).toBe(0o600);
    const bytes = Buffer.concat([db, `${db}-wal`].filter(existsSync).map((f) => readFileSync(f)));
    for (const gone of [d.deletedCase.marker, d.bCase.marker, '13600136012']) expect(bytes.includes(gone), gone).toBe(false);
    expect(bytes.includes(d.keptCase.marker)).toBe(true);

    const restored = await startServer(live);
    servers.push(restored);
    await expectDeletionsKept(restored, d);
  });

  it('deletes backups older than --keep-days, and nothing else (issue #27 item 3)', async () => {
    const live = { SQLITE_PATH: join(dir, 'prune/app.db') };
    const server = await startServer(live);
    servers.push(server);
    const out = join(dir, 'prune-backups');
    mkdirSync(out, { recursive: true });
    const old = ['app-20200101T000000Z.db', 'app-20200101T000000Z-1.db', 'app-20200102T000000Z.dump'];
    const keep = ['app-29991231T000000Z.db', 'notes.txt', 'app-latest.db'];
    for (const name of [...old, ...keep]) writeFileSync(join(out, name), 'x');
    const file = script('backup', ['--out', out, '--keep-days', '30'], live);
    // The new backup is one self-contained file (no -wal or -shm beside it), for its owner only.
    expect(readdirSync(out).sort()).toEqual([...keep, file.split('/').at(-1)!].sort());
    expect(mode(file)).toBe(0o600);
  });

  it('refuses to restore a file that is not a sound database', () => {
    expect(() => script('restore', [join(ROOT, 'package.json')], { SQLITE_PATH: join(dir, 'x/app.db') })).toThrow(/restore failed/);
  });
});

describe.skipIf(!PG || !hasTool('pg_dump') || !hasTool('pg_restore'))('backup and restore, PostgreSQL (issue #7 §8)', () => {
  const servers: ServerProcess[] = [];
  const database = `moxa_restore_${randomBytes(4).toString('hex')}`;
  let dir: string;
  let dropSchema: () => Promise<void>;
  let liveUrl: string;
  let schema: string;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-pgbackup-'));
    const pg = await privateSchema(PG!);
    dropSchema = pg.drop;
    liveUrl = pg.url;
    schema = pg.schema;
    await adminQuery(PG!, `create database ${database}`);
  });
  afterAll(async () => {
    for (const s of servers) await s.dispose();
    await dropSchema?.();
    await adminQuery(PG!, `drop database if exists ${database} with (force)`);
    rmSync(dir, { recursive: true, force: true });
  });

  it('dumps the live schema with pg_dump and restores it into another database', async () => {
    const server = await startServer({ DATABASE_URL: liveUrl });
    servers.push(server);
    const data = await writeData(server);
    const file = script('backup', ['--out', dir], { DATABASE_URL: liveUrl });
    expect(file).toMatch(/app-\d{8}T\d{6}Z\.dump$/);

    const target = new URL(liveUrl);
    target.pathname = `/${database}`;
    script('restore', [file], { DATABASE_URL: target.toString() });
    const restored = await startServer({ DATABASE_URL: target.toString() });
    servers.push(restored);
    await expectData(restored, data);
    expect((await adminQuery(target.toString(), `select count(*)::int as n from ${schema}.users`)).rows[0]).toEqual({ n: 1 });
  });

  it('re-applies deletions made after the backup when restoring it in place (issue #27 item 3)', async () => {
    const pg = await privateSchema(PG!);
    try {
      const env = { DATABASE_URL: pg.url, SMS_COOLDOWN_SECONDS: '1' };
      const server = await startServer(env);
      servers.push(server);
      const d = await deletionsAfterBackup(server, () => script('backup', ['--out', dir], env));
      expect(mode(d.file)).toBe(0o600);
      await stop(server);

      expect(script('restore', [d.file], env)).toMatch(/2 deletion\(s\) known, 2 re-applied/);
      const tombstones = await adminQuery(PG!, `select kind from ${pg.schema}.deletions order by kind`);
      expect(tombstones.rows).toEqual([{ kind: 'case' }, { kind: 'user' }]);
      const restored = await startServer(env);
      servers.push(restored);
      await expectDeletionsKept(restored, d);
    } finally {
      await pg.drop();
    }
  });
});
