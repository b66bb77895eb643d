import { Readable } from 'node:stream';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { decodeQueue, MAX_CONCURRENT_DECODES, processPhoto, type ProcessedPhoto } from '../cases/photos.ts';
import { redisLimitStore, type LimitStore } from '../lib/limit-store.ts';
import { countUserRows } from '../../test/support/row-counts.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { grantConsents } from '../../test/support/consent-helpers.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { createTestApp, DIALECTS, type Dialect, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

// Issue #27 item 2: the photo decoder is watched (and, in some tests, stood in for) to prove when it runs.
vi.mock('../cases/photos.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('../cases/photos.ts')>();
  return { ...real, processPhoto: vi.fn(real.processPhoto) };
});
const decode = vi.mocked(processPhoto);
const realDecode = (await vi.importActual<typeof import('../cases/photos.ts')>('../cases/photos.ts')).processPhoto;

const jpeg = (w = 80, h = 60) =>
  sharp({ create: { width: w, height: h, channels: 3, background: '#c98a1b' } })
    .jpeg()
    .toBuffer();

/** Issue #17: consultation with an advisor, on both databases. */
describe.each(DIALECTS)('consultation cases on %s (issue #17)', (dialect) => {
  let t: TestApp;
  let user: string;
  let advisor: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    user = (await loginAs(t, '13900139201')).token;
    await grantConsents(t, user, ['consultation']);
    const a = await loginAs(t, '13900139202');
    await userRepository(t.db, Date.now).grant(a.userId, 'advisor');
    advisor = a.token;
  });
  afterAll(async () => t.close());
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const ask = (data: unknown, files: { filename: string; bytes: Buffer }[] = [], token = user) => {
    const body = multipartBody(
      { data: JSON.stringify(data) },
      files.map((f) => ({ name: 'photos', ...f })),
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      payload: body.payload,
      headers: { ...body.headers, ...auth(token) },
    });
  };

  it('opens a case with photos, re-encoded and served only privately', async () => {
    const res = await ask(consultationRequest(), [
      { filename: 'a.jpg', bytes: await jpeg() },
      {
        filename: 'IMG_0001.PNG',
        bytes: await sharp(await jpeg(30, 30))
          .png()
          .toBuffer(),
      },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const c = res.json().data;
    expect(c).toMatchObject({ status: 'submitted', redFlag: false, request: { age: 56, disease: { id: 'knee-pain' }, notifySms: true } });
    expect(c.photos).toHaveLength(2);
    const photo = await t.app.inject({ url: c.photos[1].url, headers: auth(user) });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(photo.rawPayload).metadata()).format).toBe('jpeg');
    expect((await t.app.inject({ url: c.photos[1].url })).statusCode).toBe(401);
  });

  // The separate consent is the ledger's (issue #27 item 15, consent-routes.test.ts), not a field of the request.
  it('refuses a request with bad fields, in Chinese, writing nothing', async () => {
    const before = await countUserRows(t.db);
    for (const [data, msg] of [
      [{ ...consultationRequest(), age: 0 }, '请填写真实年龄'],
      [{ ...consultationRequest(), symptoms: '' }, '请描述症状和不适'],
      [{ ...consultationRequest(), disease: 'no-such-condition' }, '选择的调理项目不存在'],
      [{ ...consultationRequest(), physicalRecordId: 'someone-elses' }, '附带的体质记录不存在'],
    ] as const) {
      const res = await ask(data);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await countUserRows(t.db)).toEqual(before);
  });

  it('refuses hostile uploads with a Chinese message and writes nothing', async () => {
    const before = await countUserRows(t.db);
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00\x03\x00\x00\x00'), Buffer.alloc(4096, 7)]);
    const polyglot = Buffer.concat([await jpeg(), Buffer.from('PK\x03\x04<script>alert(1)</script>')]).subarray(4);
    const cases: [string, { filename: string; bytes: Buffer }[], number, RegExp][] = [
      ['a renamed executable', [{ filename: 'photo.jpg', bytes: exe }], 400, /不是图片/],
      ['a polyglot', [{ filename: 'photo.jpg', bytes: polyglot }], 400, /不是图片|已损坏/],
      ['a path in the file name', [{ filename: '../../etc/passwd.jpg', bytes: await jpeg() }], 400, /文件名/],
      ['seven photos', Array.from({ length: 7 }, (_, i) => ({ filename: `${i}.jpg`, bytes: Buffer.alloc(10) })), 400, /最多上传 6 张/],
      ['a 50 MB body', [{ filename: 'big.jpg', bytes: Buffer.alloc(50 * 1024 * 1024, 1) }], 413, /不能超过 10 MB/],
      ['a 40-megapixel PNG (issue #27 item 2)', [{ filename: 'big.png', bytes: await png40mp() }], 400, /照片尺寸过大（超过 2500 万像素）/],
    ];
    for (const [name, files, status, msg] of cases) {
      const res = await ask(consultationRequest(), files);
      expect(res.statusCode, name).toBe(status);
      expect(res.json().msg, name).toMatch(msg);
    }
    expect(await countUserRows(t.db)).toEqual(before);
  });

  it('marks a request that names red-flag symptoms, so the page tells the user to see a doctor', async () => {
    const res = await ask(consultationRequest('这两天胸痛，爬楼喘不上气'));
    expect(res.json().data.redFlag).toBe(true);
  });

  it('runs the whole exchange: advisor reply with recommendation and SMS, internal note, follow-up, close, delete', async () => {
    const c = (await ask(consultationRequest(), [{ filename: 'knee.jpg', bytes: await jpeg() }])).json().data;
    t.clock.advance(60_000);
    // The advisor sees it in the queue, with the photo.
    const queue = (await t.app.inject({ url: '/api/v8/advisor/cases?status=submitted', headers: auth(advisor) })).json().data;
    expect(queue.items.map((q: { id: string }) => q.id)).toContain(c.id);
    const seen = await t.app.inject({ url: c.photos[0].url, headers: auth(advisor) });
    expect(seen.statusCode).toBe(200);

    const reply = (body: object) =>
      t.app.inject({ method: 'POST', url: `/api/v8/advisor/cases/${c.id}/replies`, payload: body, headers: auth(advisor) });
    expect((await reply({ body: '先看看是否受凉', internal: true })).statusCode).toBe(200);
    // Issue #31: a reply plans a notice on the queue (notifications.test.ts follows it to the SMS);
    // an internal note plans none, and a second reply within the hour waits for the hour to pass.
    const planned = async () =>
      (await t.app.ctx.notifier.repository.list('pending', 200)).rows.filter((n) => n.kind === 'case-reply' && n.subjectId === c.id);
    expect(await planned()).toEqual([]);
    const answered = await reply({
      body: '建议每天温和灸膝眼和足三里',
      recommendation: { acupoints: ['ST36', 'EX-LE5'], diseases: ['knee-pain'], products: ['portable-moxa-box'] },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const first = await planned();
    expect(first.map((n) => [n.channel, n.dueAt])).toEqual([['sms', t.clock.now()]]);
    await reply({ body: '补充：灸后注意保暖' });
    expect((await planned()).map((n) => n.dueAt).sort(), 'at most one notice per case per hour').toEqual([
      t.clock.now(),
      t.clock.now() + 3_600_000,
    ]);
    expect((await reply({ body: 'x', recommendation: { acupoints: ['ST99'], diseases: [], products: [] } })).json().msg).toBe(
      '推荐的穴位 ST99 不存在',
    );

    // The user sees the replies (never the internal note), marked unread until opened.
    const list = (await t.app.inject({ url: '/api/v8/cases', headers: auth(user) })).json().data;
    expect(list.find((x: { id: string }) => x.id === c.id)).toMatchObject({ status: 'replied', unread: true });
    const mine = (await t.app.inject({ url: `/api/v8/cases/${c.id}`, headers: auth(user) })).json().data;
    expect(mine.messages.map((m: { body: string }) => m.body)).toEqual(['建议每天温和灸膝眼和足三里', '补充：灸后注意保暖']);
    expect(mine.messages[0].recommendation.acupoints).toEqual([
      { code: 'ST36', name: '足三里' },
      { code: 'EX-LE5', name: '膝眼' },
    ]);
    expect(JSON.stringify(mine)).not.toContain('先看看是否受凉');
    const again = (await t.app.inject({ url: '/api/v8/cases', headers: auth(user) })).json().data;
    expect(again.find((x: { id: string }) => x.id === c.id).unread).toBe(false);

    // Follow up, close, and a closed case takes no more messages.
    const follow = await t.app.inject({
      method: 'POST',
      url: `/api/v8/cases/${c.id}/messages`,
      payload: { body: '灸了三天好多了' },
      headers: auth(user),
    });
    expect(follow.json().data.status).toBe('processing');
    const closed = await t.app.inject({ method: 'POST', url: `/api/v8/cases/${c.id}/close`, headers: auth(user) });
    expect(closed.json().data.history.map((h: { status: string }) => h.status)).toEqual(['submitted', 'replied', 'processing', 'closed']);
    const late = await t.app.inject({
      method: 'POST',
      url: `/api/v8/cases/${c.id}/messages`,
      payload: { body: '还有' },
      headers: auth(user),
    });
    expect(late.statusCode).toBe(409);

    // Deleting removes the text and the photos for good.
    const before = await countUserRows(t.db);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v8/cases/${c.id}`, headers: auth(user) })).statusCode).toBe(200);
    const after = await countUserRows(t.db);
    expect(before.cases! - after.cases!).toBe(1);
    expect(before.case_photos! - after.case_photos!).toBe(1);
    expect(before.case_messages! - after.case_messages!).toBe(4);
    expect((await t.app.inject({ url: `/api/v8/cases/${c.id}`, headers: auth(user) })).statusCode).toBe(404);
    expect((await t.app.inject({ url: c.photos[0].url, headers: auth(advisor) })).statusCode).toBe(404);
  });
});

/** A real 40-megapixel PNG of one colour: about 130 KB on disk, 120 MB once decoded (issue #27 item 2). */
let png40: Promise<Buffer> | undefined;
function png40mp(): Promise<Buffer> {
  png40 ??= sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#c98a1b' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  return png40;
}

/** A request body handed out in 8 KB pieces, counting how much of it the server has pulled. */
function countedBody(payload: Buffer) {
  const seen = { pulled: 0 };
  let at = 0;
  const stream = new Readable({
    read() {
      const piece = payload.subarray(at, at + 8192);
      at += piece.length;
      seen.pulled += piece.length;
      this.push(piece.length > 0 ? piece : null);
    },
  });
  return { stream, seen };
}

/** A stand-in decoder that holds every photo until `open()`, counting how many it holds at once. */
function heldDecoder(photo: ProcessedPhoto) {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  const held = { now: 0, peak: 0, calls: 0, open };
  decode.mockImplementation(async () => {
    held.calls++;
    held.now++;
    held.peak = Math.max(held.peak, held.now);
    await opened;
    // One more turn of the event loop, so an unbounded decoder would overlap here too.
    await new Promise((r) => setImmediate(r));
    held.now--;
    return photo;
  });
  return held;
}

const REDIS = process.env.TEST_REDIS_URL;
const MATRIX: [Dialect, 'database' | 'redis'][] = DIALECTS.flatMap((d) => [
  [d, 'database'] as [Dialect, 'database'],
  ...(REDIS ? [[d, 'redis'] as [Dialect, 'redis']] : []),
]);
let prefixes = 0;

/** Issue #27 item 2: limits before the body, and a process-wide bound on decoding; limits in the database and in Redis. */
describe.each(MATRIX)('photo uploads under load on %s, limits in %s (issue #27 item 2)', (dialect, store) => {
  let t: TestApp;
  let limits: LimitStore | undefined;
  let mobiles = 0;
  beforeAll(async () => {
    limits = store === 'redis' ? redisLimitStore(REDIS!, `moxa-test:${process.pid}:${Date.now()}:${prefixes++}:`) : undefined;
    await limits?.ready();
    t = await createTestApp(dialect, {}, limits ? { limits } : {});
  });
  afterAll(async () => {
    await t.close();
    await limits?.close();
  });
  afterEach(() => {
    decode.mockImplementation(realDecode);
    decode.mockClear();
  });
  const newUser = async () => {
    const { token } = await loginAs(t, `1390214${String(mobiles++).padStart(4, '0')}`);
    await grantConsents(t, token, ['consultation']);
    return token;
  };
  const upload = (token: string, files: Buffer[], data: unknown = consultationRequest()) => {
    const body = multipartBody(
      { data: JSON.stringify(data) },
      files.map((bytes, i) => ({ name: 'photos', filename: `${i}.png`, bytes, type: 'image/png' })),
    );
    return {
      body,
      send: (payload: Buffer | Readable = body.payload) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v8/consultations',
          payload,
          headers: { ...body.headers, authorization: `Bearer ${token}` },
        }),
    };
  };
  const small = async () => realDecode(await jpeg());

  it('answers 429 to a user over the daily quota without reading the body or decoding a photo', async () => {
    const token = await newUser();
    for (let i = 0; i < 10; i++) expect((await upload(token, []).send()).statusCode).toBe(200);
    const png = await png40mp();
    const { body, send } = upload(
      token,
      Array.from({ length: 6 }, () => png),
    );
    const { stream, seen } = countedBody(body.payload);
    decode.mockClear();
    const res = await send(stream);
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toMatch(/^今天提交的咨询较多，请 \d+小时后再试，或在已有咨询里补充$/);
    expect(res.headers['retry-after']).toBeDefined();
    expect(decode, 'no photo was decoded').not.toHaveBeenCalled();
    // The parts hold 6 × ~130 KB; at most what a stream buffers ahead (16 KB) may have been pulled.
    expect(seen.pulled, 'the body was not read').toBeLessThanOrEqual(16 * 1024);
    stream.destroy();
  });

  it('refused requests cost no quota: a bad photo is given back, so ten real cases still fit', async () => {
    const token = await newUser();
    const bad = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 1)]);
    for (let i = 0; i < 12; i++) expect((await upload(token, [bad]).send()).statusCode).toBe(400);
    for (let i = 0; i < 10; i++) expect((await upload(token, []).send()).statusCode).toBe(200);
    expect((await upload(token, []).send()).statusCode).toBe(429);
  });

  it('takes one upload at a time per account: a second one meanwhile gets 429 before its body is read', async () => {
    const token = await newUser();
    const held = heldDecoder(await small());
    const first = upload(token, [await jpeg()]).send();
    await vi.waitFor(() => expect(held.calls).toBe(1));
    const { body, send } = upload(token, [await jpeg()]);
    const { stream, seen } = countedBody(body.payload);
    const second = await send(stream);
    expect(second.statusCode).toBe(429);
    expect(second.json().msg).toBe('上一条咨询还在提交中，请稍等一会儿再试');
    expect(seen.pulled).toBeLessThanOrEqual(16 * 1024);
    expect(held.calls).toBe(1);
    stream.destroy();
    held.open();
    expect((await first).statusCode).toBe(200);
    // The slot is given back once the first upload has finished, and the refusal cost no quota.
    expect((await upload(token, [await jpeg()]).send()).statusCode).toBe(200);
  });

  it(`decodes at most ${MAX_CONCURRENT_DECODES} photos at once in the whole process, the others wait their turn`, async () => {
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) tokens.push(await newUser());
    const held = heldDecoder(await small());
    decodeQueue.resetPeak();
    const sent = tokens.map(async (token) => upload(token, [await jpeg(), await jpeg()]).send());
    // Five requests, one photo of each in the queue at a time: two decoding, three waiting.
    await vi.waitFor(() => expect([decodeQueue.active, decodeQueue.waiting]).toEqual([MAX_CONCURRENT_DECODES, 5 - MAX_CONCURRENT_DECODES]));
    expect(held.now).toBe(MAX_CONCURRENT_DECODES);
    held.open();
    const answers = await Promise.all(sent);
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(answers.every((r) => r.json().data.photos.length === 2)).toBe(true);
    expect(held.calls).toBe(10);
    expect(held.peak, 'most decodes at once').toBe(MAX_CONCURRENT_DECODES);
    expect(decodeQueue.peak).toBe(MAX_CONCURRENT_DECODES);
  });
});
