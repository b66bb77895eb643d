import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consultationRequest, multipartBody } from '../support/multipart.ts';
import { grantConsentsThrough } from '../support/consent-helpers.ts';
import { privateSchema } from '../support/pg-schema.ts';
import { call, loginThrough, signedBody, startServer, type ServerProcess } from '../support/server-process.ts';

const PG = process.env.TEST_DATABASE_URL;
const REDIS = process.env.TEST_REDIS_URL;
const PER_IP_HOUR = 4;

/**
 * Issue #7 §6: two instances on one PostgreSQL schema and one Redis prefix behave as one server. Each
 * test speaks for its own client IP (TRUST_PROXY + X-Forwarded-For), so their per-IP limits stay apart.
 */
describe.skipIf(!PG || !REDIS)('two instances behind one load balancer (issue #7 §6)', () => {
  const prefix = `moxa-test-${randomBytes(4).toString('hex')}:`;
  let a: ServerProcess;
  let b: ServerProcess;
  let dropSchema: () => Promise<void>;
  beforeAll(async () => {
    const pg = await privateSchema(PG!);
    dropSchema = pg.drop;
    const env = {
      DATABASE_URL: pg.url,
      REDIS_URL: REDIS!,
      REDIS_PREFIX: prefix,
      TRUST_PROXY: 'true',
      SMS_MAX_PER_IP_HOUR: String(PER_IP_HOUR),
      SECRET_KEY: 'one-secret-shared-by-every-instance',
    };
    // One after the other: both migrate the same schema, and migrations are not meant to race.
    a = await startServer(env);
    b = await startServer(env);
  });
  afterAll(async () => {
    await a?.dispose();
    await b?.dispose();
    await dropSchema?.();
    const redis = new Redis(REDIS!);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });
  const from = (ip: string) => ({ 'x-forwarded-for': ip });

  it('says at start-up that limits live in Redis', async () => {
    for (const s of [a, b])
      expect(JSON.parse(await s.waitForLine((l) => l.includes('limits, replay protection')))).toMatchObject({ store: 'redis' });
  });

  it('verifies through B a code sent through A', async () => {
    const { token } = await loginThrough(a, b, '13900139001', from('203.0.113.1'));
    expect((await call(a.url, '/api/v8/me', { token })).status).toBe(200);
  });

  it('holds the per-number cooldown across both', async () => {
    expect((await call(a.url, '/api/v8/sendMsg', { body: signedBody('13900139002'), headers: from('203.0.113.2') })).status).toBe(200);
    const again = await call(b.url, '/api/v8/sendMsg', { body: signedBody('13900139002'), headers: from('203.0.113.2') });
    expect(again.status).toBe(429);
    expect(again.json.msg).toMatch(/^验证码已发送，请(\d+秒|1分钟)后再试$/);
  });

  it('holds the per-IP limit across both', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= PER_IP_HOUR; i++) {
      const server = i % 2 === 0 ? a : b;
      const res = await call(server.url, '/api/v8/sendMsg', { body: signedBody(`1390013910${i}`), headers: from('203.0.113.3') });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(PER_IP_HOUR).fill(200), 429]);
    // Another client is unaffected.
    expect((await call(b.url, '/api/v8/sendMsg', { body: signedBody('13900139110'), headers: from('203.0.113.4') })).status).toBe(200);
  });

  it('refuses on B a signed body already accepted by A (salt replay)', async () => {
    const body = signedBody('13900139003');
    expect((await call(a.url, '/api/v8/sendMsg', { body, headers: from('203.0.113.5') })).status).toBe(200);
    const replay = await call(b.url, '/api/v8/sendMsg', { body, headers: from('203.0.113.5') });
    expect(replay.status).toBe(400);
    expect(replay.json.msg).toBe('请求已失效，请重新获取验证码');
  });

  it('honours on B a session made on A, and a logout on B on A', async () => {
    const { token, userId } = await loginThrough(a, a, '13900139004', from('203.0.113.6'));
    const onB = await call(b.url, '/api/v8/me', { token });
    expect(onB.status).toBe(200);
    expect((onB.json.data as { id: string }).id).toBe(userId);
    expect((await call(b.url, '/api/v8/logout', { method: 'POST', token })).status).toBe(200);
    const onA = await call(a.url, '/api/v8/me', { token });
    expect(onA.status).toBe(401);
    expect(onA.json.msg).toBe('登录已失效，请重新登录');
  });

  it('serves on B a consultation photo uploaded through A (photos live in the database, issue #17)', async () => {
    const { token } = await loginThrough(a, a, '13900139005', from('203.0.113.7'));
    await grantConsentsThrough(a.url, token, ['consultation']);
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#c98a1b' } })
      .jpeg()
      .toBuffer();
    const body = multipartBody({ data: JSON.stringify(consultationRequest()) }, [{ name: 'photos', filename: 'knee.jpg', bytes: photo }]);
    const res = await fetch(`${a.url}/api/v8/consultations`, {
      method: 'POST',
      headers: { ...body.headers, authorization: `Bearer ${token}` },
      body: new Uint8Array(body.payload),
    });
    expect(res.status).toBe(200);
    const created = ((await res.json()) as { data: { photos: { url: string }[] } }).data;
    const onB = await fetch(`${b.url}${created.photos[0]!.url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(onB.status).toBe(200);
    expect(onB.headers.get('content-type')).toBe('image/jpeg');
    expect((await sharp(Buffer.from(await onB.arrayBuffer())).metadata()).width).toBe(64);
  });
});

describe('a single instance without Redis (issue #7 §6)', () => {
  let dir: string;
  let server: ServerProcess;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-single-'));
    server = await startServer({ SQLITE_PATH: join(dir, 'app.db') });
  });
  afterAll(async () => {
    await server?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  it('says at start-up that the limits are kept in the database', async () => {
    const line = await server.waitForLine((l) => l.includes('limits, replay protection'));
    expect(JSON.parse(line)).toMatchObject({ store: 'database', msg: expect.stringContaining('kept in the database') });
  });
});
