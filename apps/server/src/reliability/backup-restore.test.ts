import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminQuery, privateSchema } from './pg-schema.ts';
import { call, loginThrough, startServer, type ServerProcess } from './server-process.ts';

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
  const questions = (await call(server.url, '/api/v8/physical/questions?gender=male')).json.data as { questions: { id: string }[] };
  const sheet = { gender: 'male', answers: Object.fromEntries(questions.questions.map((q) => [q.id, 5])) };
  const record = await call(server.url, '/api/v8/physical/records', { token, body: sheet });
  return { token, userId, recordId: (record.json.data as { id: string }).id };
}

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
});
