import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backup } from '../../../../scripts/backup.ts';
import { loadEnv } from '../../src/env.ts';
import { grantConsents } from '../support/consent-helpers.ts';
import { loginAs } from '../support/login-helpers.ts';
import { consultationRequest, multipartBody } from '../support/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../support/test-app.ts';

/** A photo of noise: after the server re-encodes it, its bytes are found nowhere else. */
const noisePhoto = () =>
  sharp(randomBytes(160 * 120 * 3), { raw: { width: 160, height: 120, channels: 3 } })
    .png()
    .toBuffer();

/**
 * 32 pieces of 20 bytes of the stored photo, past its JPEG headers (shared by every photo of one
 * encoder). A piece that straddles two of SQLite's overflow pages is not contiguous in the file, so
 * checks that a photo is present allow a few misses; checks that it is gone allow none.
 */
const photoPieces = (bytes: Buffer) => {
  const pieces: Buffer[] = [];
  const step = Math.floor((bytes.length - 1100) / 32);
  for (let i = 0; i < 32; i++) pieces.push(bytes.subarray(1024 + i * step, 1024 + i * step + 20));
  return pieces;
};
/** Nearly all of the needles: the text markers and at least 28 of the 32 photo pieces. */
const mostOf = (needles: Buffer[]) => needles.length - 4;

const mode = (path: string) => statSync(path).mode & 0o777;

/**
 * Issue #27 item 3: once a case or an account is deleted, no byte of its text, its photos or the
 * account's phone number is left in the database files (SQLite: app.db, app.db-wal and a backup made
 * afterwards); on PostgreSQL, which cannot promise that of its files, the deletion is followed by a
 * VACUUM of the tables that held it. Limit keys keep no number either.
 */
describe.each(DIALECTS)('deleted health data on %s (issue #27 item 3)', (dialect) => {
  let t: TestApp;
  let dir: string;
  const many = 100_000;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SMS_MAX_PER_NUMBER_HOUR: many, SMS_MAX_PER_NUMBER_DAY: many });
    dir = mkdtempSync(join(tmpdir(), 'moxa-deleted-'));
  });
  afterAll(async () => {
    await t.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const dbFile = () => t.db.sqlite!.name;
  /** Every byte of the database files as they are on disk now. */
  const files = () => {
    const parts = [readFileSync(dbFile())];
    if (existsSync(`${dbFile()}-wal`)) parts.push(readFileSync(`${dbFile()}-wal`));
    return Buffer.concat(parts);
  };
  /** Which of the needles occur in the haystack. */
  const found = (haystack: Buffer, needles: Buffer[]) =>
    needles.filter((n) => haystack.includes(n)).map((n) => n.toString('hex').slice(0, 16));

  /** A case with a distinctive text, a follow-up and a noise photo; answers its id and the needles to look for. */
  async function openCase(token: string) {
    const marker = `独特标记${randomBytes(8).toString('hex')}`;
    const body = multipartBody({ data: JSON.stringify(consultationRequest(`膝盖怕冷 ${marker} 上下楼梯酸痛`)) }, [
      { name: 'photos', filename: 'knee.png', bytes: await noisePhoto(), type: 'image/png' },
    ]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      payload: body.payload,
      headers: { ...body.headers, ...auth(token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data as { id: string; photos: { url: string }[] };
    const followUp = `补充说明 ${marker}-follow`;
    const more = await t.app.inject({
      method: 'POST',
      url: `/api/v8/cases/${c.id}/messages`,
      payload: { body: followUp },
      headers: auth(token),
    });
    expect(more.statusCode, more.body).toBe(200);
    const photo = await t.app.inject({ url: c.photos[0]!.url, headers: auth(token) });
    expect(photo.statusCode).toBe(200);
    const needles = [Buffer.from(marker), Buffer.from(`${marker}-follow`), ...photoPieces(photo.rawPayload)];
    expect(needles).toHaveLength(34);
    return { id: c.id, needles };
  }

  /** PostgreSQL: when each table was last vacuumed by hand (autovacuum is counted apart). */
  const lastVacuums = async () => {
    const { rows } = await sql<{ relname: string; last_vacuum: Date | null }>`
      select relname, last_vacuum from pg_stat_user_tables where schemaname = current_schema()`.execute(t.db);
    return Object.fromEntries(rows.map((r) => [r.relname, r.last_vacuum]));
  };
  const pgNow = async () => (await sql<{ now: Date }>`select clock_timestamp() as now`.execute(t.db)).rows[0]!.now;

  it('leaves no byte of a deleted case’s text or photo in the database files', async () => {
    const { token } = await loginAs(t, '13700137101');
    await grantConsents(t, token);
    const kept = await openCase(token);
    const gone = await openCase(token);

    if (dialect === 'sqlite') {
      // The test can see them while they exist.
      expect(found(files(), gone.needles).length).toBeGreaterThanOrEqual(mostOf(gone.needles));
    }
    const before = dialect === 'postgres' ? await pgNow() : null;
    const res = await t.app.inject({ method: 'DELETE', url: `/api/v8/cases/${gone.id}`, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    expect(await t.db.selectFrom('deletions').select(['kind', 'id']).where('id', '=', gone.id).execute()).toEqual([
      { kind: 'case', id: gone.id },
    ]);

    if (dialect === 'sqlite') {
      expect(found(files(), gone.needles)).toEqual([]);
      // The other case is untouched.
      expect(found(files(), kept.needles).length).toBeGreaterThanOrEqual(mostOf(kept.needles));
      // A backup made after the deletion holds none of it either, and only its owner may read it.
      const file = await backup(loadEnv({ SQLITE_PATH: dbFile() }), join(dir, 'backups'));
      expect(found(readFileSync(file), gone.needles)).toEqual([]);
      expect(found(readFileSync(file), kept.needles).length).toBeGreaterThanOrEqual(mostOf(kept.needles));
      expect(mode(file)).toBe(0o600);
      expect(mode(join(dir, 'backups'))).toBe(0o700);
    } else {
      const vacuumed = await lastVacuums();
      for (const table of ['cases', 'case_messages', 'case_photos'])
        expect(vacuumed[table]?.getTime() ?? 0, table).toBeGreaterThanOrEqual(before!.getTime());
    }
  });

  it('leaves no byte of a deleted account — number, case text, photo — in the database files or limit keys', async () => {
    const national = '13798765432';
    const { token } = await loginAs(t, national);
    await grantConsents(t, token);
    const own = await openCase(token);
    const number = [Buffer.from(national)];
    if (dialect === 'sqlite') expect(found(files(), number)).toHaveLength(1);

    t.clock.advance(61_000);
    const step = await t.app.inject({
      method: 'POST',
      url: '/api/v8/me/step-up-code',
      payload: { purpose: 'delete-account' },
      headers: auth(token),
    });
    expect(step.statusCode, step.body).toBe(200);
    const code = t.sms.sent.at(-1)!.code;
    const before = dialect === 'postgres' ? await pgNow() : null;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v8/me', payload: { code }, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);

    // Limit keys (cooldowns, daily caps, wrong-code counts) are kept as hashes, never with the number.
    const keys = (await t.db.selectFrom('counters').select('key').execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.includes(national.slice(3)))).toEqual([]);

    if (dialect === 'sqlite') {
      expect(found(files(), [...number, ...own.needles])).toEqual([]);
      const file = await backup(loadEnv({ SQLITE_PATH: dbFile() }), join(dir, 'backups'));
      expect(found(readFileSync(file), [...number, ...own.needles])).toEqual([]);
    } else {
      const vacuumed = await lastVacuums();
      for (const table of ['users', 'sessions', 'sms_codes', 'counters', 'cases', 'case_messages', 'case_photos'])
        expect(vacuumed[table]?.getTime() ?? 0, table).toBeGreaterThanOrEqual(before!.getTime());
    }
  });

  it.runIf(dialect === 'sqlite')('creates the database and its -wal and -shm files for their owner only (mode 0600)', () => {
    for (const suffix of ['', '-wal', '-shm']) if (existsSync(dbFile() + suffix)) expect(mode(dbFile() + suffix), suffix).toBe(0o600);
    expect(mode(dbFile())).toBe(0o600);
  });
});
