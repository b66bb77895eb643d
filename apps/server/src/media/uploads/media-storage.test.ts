import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaObject } from '@moxa/core/console/media-contract';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { loadContent } from '../../content/load-content.ts';
import { buildApp } from '../../app.ts';
import { openDatabase, type Db } from '../../db/database.ts';
import { loadEnv } from '../../env.ts';
import { userRepository } from '../../users/user-repository.ts';
import { loginAs } from '../../../test/support/login-helpers.ts';
import { CONTENT_DIR, createTestApp, createTestDb, fakeSms, testClock, type TestApp } from '../../../test/support/test-app.ts';
import { fixture, multipart, photoWithGps, SUBTITLES } from './test-files.ts';

type Part = Parameters<typeof multipart>[0][number];

async function uploadAs(t: Pick<TestApp, 'app'>, token: string, parts: Part[]): Promise<MediaObject> {
  const body = multipart(parts);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v8/console/media',
    payload: body.payload,
    headers: { ...body.headers, authorization: `Bearer ${token}` },
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data as MediaObject;
}

const videoParts = async (): Promise<Part[]> => [
  { name: 'alt', value: '悬灸演示' },
  { name: 'file', filename: 'clip.mp4', type: 'video/mp4', bytes: fixture('good.mp4') },
  { name: 'poster', filename: 'poster.jpg', type: 'image/jpeg', bytes: await photoWithGps(640, 360) },
  { name: 'subtitles', filename: 'zh.vtt', type: 'text/vtt', bytes: Buffer.from(SUBTITLES) },
];

async function publish(db: Db, id: string) {
  await db
    .insertInto('content_items')
    .values({ kind: 'video', id: `test-${id}`, position: 999, data: JSON.stringify({ video: `uploads/${id}` }) })
    .execute();
}

/**
 * Issue #30 (decision 041): two instances on one PostgreSQL schema — what one stores, the other
 * serves, with nothing shared but the database.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('uploads across instances on one PostgreSQL schema (issue #30)', () => {
  let a: FastifyInstance;
  let b: FastifyInstance;
  let dbB: Db;
  let made: Awaited<ReturnType<typeof createTestDb>>;
  const sms = fakeSms();
  const clock = testClock();
  beforeAll(async () => {
    made = await createTestDb('postgres');
    dbB = openDatabase(made.url, '');
    const env = loadEnv(
      {},
      {
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        CONTENT_DIR,
        SECRET_KEY: 'media-test-secret-key-of-32-characters!',
        SMS_CONSOLE_ALLOWED: true,
        PUBLIC_ORIGIN: 'http://localhost',
      },
    );
    const opts = { env, sms, clock: clock.now, serveWeb: false, wechat: null } as const;
    a = await buildApp({ ...opts, db: made.db });
    b = await buildApp({ ...opts, db: dbB });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await dbB?.destroy();
    await made?.db.destroy();
    await made?.drop();
  });

  it('a video uploaded on A is refused by B while a draft, then served by B with ranges once published', async () => {
    const editor = await loginAs({ app: a, sms, clock } as unknown as TestApp, '13800000311');
    await userRepository(made.db, Date.now).grant(editor.userId, 'editor');
    const media = await uploadAs({ app: a }, editor.token, await videoParts());
    const url = media.video!.url;
    expect((await b.inject({ url })).statusCode).toBe(404);
    await publish(made.db, media.id);
    const whole = await b.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.rawPayload.equals(fixture('good.mp4'))).toBe(true);
    const range = await b.inject({ url, headers: { range: 'bytes=100-1099' } });
    expect(range.statusCode).toBe(206);
    expect(range.headers['content-range']).toBe(`bytes 100-1099/${fixture('good.mp4').length}`);
    expect(range.rawPayload.equals(fixture('good.mp4').subarray(100, 1100))).toBe(true);
    expect(range.headers.etag).toBe(whole.headers.etag);
    expect((await a.inject({ url, headers: { 'if-none-match': whole.headers.etag as string } })).statusCode).toBe(304);
  });
});

/**
 * A minimal S3-compatible server for the test (path-style PUT, DELETE and GET with Range), so the real
 * @aws-sdk/client-s3 code path runs without a cloud account.
 */
type FakeS3 = { server: Server; url: string; objects: Map<string, Buffer>; gets: string[]; down: boolean };
function fakeS3(): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const gets: string[] = [];
  const state = { down: false };
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const key = decodeURIComponent(new URL(req.url!, 'http://x').pathname);
      if (state.down) {
        res.writeHead(503, { 'Content-Type': 'application/xml' }).end('<Error><Code>SlowDown</Code></Error>');
        return;
      }
      if (req.method === 'PUT') {
        objects.set(key, Buffer.concat(chunks));
        res.writeHead(200, { ETag: '"x"' }).end();
        return;
      }
      if (req.method === 'DELETE') {
        objects.delete(key);
        res.writeHead(204).end();
        return;
      }
      const body = objects.get(key);
      if (req.method !== 'GET' || !body) {
        res.writeHead(404, { 'Content-Type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
        return;
      }
      gets.push(`${key} ${req.headers.range ?? ''}`);
      const m = /^bytes=(\d+)-(\d+)$/.exec(req.headers.range ?? '');
      if (m) {
        const [start, end] = [Number(m[1]), Math.min(Number(m[2]), body.length - 1)];
        res.writeHead(206, { 'Content-Range': `bytes ${start}-${end}/${body.length}`, 'Content-Length': end - start + 1 });
        res.end(body.subarray(start, end + 1));
      } else res.writeHead(200, { 'Content-Length': body.length }).end(body);
    });
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve(Object.assign(state, { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, objects, gets })),
    ),
  );
}

describe('uploads in S3-compatible storage (issue #30, decision 041)', () => {
  let t: TestApp;
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await fakeS3();
    t = await createTestApp('sqlite', {
      MEDIA_S3_BUCKET: 'moxa-media',
      MEDIA_S3_ENDPOINT: s3.url,
      MEDIA_S3_REGION: 'cn-test-1',
      MEDIA_S3_ACCESS_KEY_ID: 'test-key',
      MEDIA_S3_SECRET_ACCESS_KEY: 'test-secret',
      MEDIA_S3_FORCE_PATH_STYLE: true,
    });
  });
  afterAll(async () => {
    await t?.close();
    s3?.server.close();
  });

  it('puts the files in the bucket, keeps only their keys, and serves ranges from it', async () => {
    const editor = await loginAs(t, '13800000312');
    await userRepository(t.db, Date.now).grant(editor.userId, 'editor');
    const media = await uploadAs(t, editor.token, await videoParts());
    const rows = await t.db.selectFrom('media_files').select(['path', 'object_key', 'bytes']).where('object_id', '=', media.id).execute();
    expect(rows.length).toBeGreaterThan(3);
    for (const r of rows) {
      expect(r.bytes).toBeNull();
      expect(r.object_key).toBe(`media/${r.path.slice('/media/u/'.length)}`);
      expect(s3.objects.has(`/moxa-media/${r.object_key}`)).toBe(true);
    }
    expect(s3.objects.get(`/moxa-media/media/${media.video!.url.slice('/media/u/'.length)}`)!.equals(fixture('good.mp4'))).toBe(true);
    await publish(t.db, media.id);
    const range = await t.app.inject({ url: media.video!.url, headers: { range: 'bytes=0-99' } });
    expect(range.statusCode).toBe(206);
    expect(range.rawPayload.equals(fixture('good.mp4').subarray(0, 100))).toBe(true);
    expect(s3.gets.at(-1)).toBe(`/moxa-media/media/${media.video!.url.slice('/media/u/'.length)} bytes=0-99`);
  });

  it('erases a deleted advisor’s photo from the bucket, not only its rows (decision 043)', async () => {
    const editor = await loginAs(t, '13800000315');
    await userRepository(t.db, Date.now).grant(editor.userId, 'editor');
    const photo = await uploadAs(t, editor.token, [
      { name: 'alt', value: '顾问照片' },
      { name: 'file', filename: 'me.jpg', type: 'image/jpeg', bytes: await photoWithGps(400, 400) },
    ]);
    const keys = (await t.db.selectFrom('media_files').select('object_key').where('object_id', '=', photo.id).execute()).map(
      (r) => `/moxa-media/${r.object_key}`,
    );
    expect(keys.length).toBeGreaterThan(1);
    for (const k of keys) expect(s3.objects.has(k)).toBe(true);
    const advisor = await loginAs(t, '13800000316');
    await t.db
      .insertInto('advisor_profiles')
      .values({ user_id: advisor.userId, name: '李明', photo: photo.ref, on_duty: 0, updated_at: Date.now() })
      .execute();
    expect(await t.app.ctx.users.deleteAccount(advisor.userId)).toBe(true);
    expect(await t.db.selectFrom('media_files').select('path').where('object_id', '=', photo.id).execute()).toEqual([]);
    for (const k of keys) expect(s3.objects.has(k), k).toBe(false);
  });

  it('answers 503 and records nothing when the bucket refuses', async () => {
    const editor = await loginAs(t, '13800000314');
    await userRepository(t.db, Date.now).grant(editor.userId, 'editor');
    const before = await t.db.selectFrom('media_objects').select('id').execute();
    s3.down = true;
    try {
      const body = multipart(await videoParts());
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v8/console/media',
        payload: body.payload,
        headers: { ...body.headers, authorization: `Bearer ${editor.token}` },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().msg).toBe('文件暂时无法保存，请稍后再试');
    } finally {
      s3.down = false;
    }
    expect(await t.db.selectFrom('media_objects').select('id').execute()).toEqual(before);
  });
});

/**
 * Issue #30: the whole path on one instance — an image uploaded in the console, used by a product as
 * `uploads/<id>`, loaded as content: the product's gallery carries the upload's URLs, and /media serves
 * them from then on (before, 404).
 */
describe('a product using an uploaded photo (issue #30)', () => {
  let t: TestApp;
  let dir: string;
  beforeAll(async () => {
    t = await createTestApp('sqlite');
    dir = mkdtempSync(join(tmpdir(), 'moxa-content-'));
    cpSync(CONTENT_DIR, dir, { recursive: true });
  });
  afterAll(async () => {
    await t?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('resolves the reference when content is loaded, and publishes the upload with it', async () => {
    const editor = await loginAs(t, '13800000313');
    await userRepository(t.db, Date.now).grant(editor.userId, 'editor');
    const photo = await uploadAs(t, editor.token, [
      { name: 'alt', value: '竹制灸盒实拍' },
      { name: 'file', filename: 'box.jpg', type: 'image/jpeg', bytes: await photoWithGps(1400, 1000) },
    ]);
    const url = photo.image!.webp[1]!.url;
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    const file = join(dir, 'products/bamboo-moxa-box.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace('src: products/bamboo-moxa-box-1.svg', `src: ${photo.ref}`));
    expect((await loadContent(t.db, dir)).changed).toBe(true);
    const row = await t.db
      .selectFrom('content_items')
      .select('data')
      .where('kind', '=', 'product')
      .where('id', '=', 'bamboo-moxa-box')
      .executeTakeFirstOrThrow();
    const gallery = (JSON.parse(row.data) as { gallery: MediaImage[] }).gallery;
    // The item's own alt text, as for any content image.
    expect(gallery[0]).toEqual({ ...photo.image!, alt: '竹制双孔灸盒外观' });
    expect(gallery[0]!.webp.map((v) => v.width)).toEqual([320, 640, 960, 1280]);
    const served = await t.app.inject({ url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('refuses content naming an upload that does not exist, naming the file', async () => {
    const file = join(dir, 'products/family-set.md');
    writeFileSync(file, readFileSync(file, 'utf8').replace(/src: products\/[a-z0-9-]+\.svg/, 'src: uploads/aaaaaaaaaaaaaaaa'));
    await expect(loadContent(t.db, dir)).rejects.toThrow(
      /products\/family-set\.md: media file "uploads\/aaaaaaaaaaaaaaaa" is not in the media library/,
    );
  });
});
