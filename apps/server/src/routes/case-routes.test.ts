import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUserRows } from '../reliability/row-counts.ts';
import { loginAs } from '../test/login-helpers.ts';
import { consultationRequest, multipartBody } from '../test/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

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

  it('refuses a request without the separate consent, or with bad fields, in Chinese, writing nothing', async () => {
    const before = await countUserRows(t.db);
    for (const [data, msg] of [
      [{ ...consultationRequest(), consent: false }, '请阅读并勾选同意《健康信息处理说明》'],
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
    expect(queue.map((q: { id: string }) => q.id)).toContain(c.id);
    const seen = await t.app.inject({ url: c.photos[0].url, headers: auth(advisor) });
    expect(seen.statusCode).toBe(200);

    const reply = (body: object) =>
      t.app.inject({ method: 'POST', url: `/api/v8/advisor/cases/${c.id}/replies`, payload: body, headers: auth(advisor) });
    expect((await reply({ body: '先看看是否受凉', internal: true })).statusCode).toBe(200);
    const sent = t.sms.notices.length;
    const answered = await reply({
      body: '建议每天温和灸膝眼和足三里',
      recommendation: { acupoints: ['ST36', 'EX-LE5'], diseases: ['knee-pain'], products: ['portable-moxa-box'] },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    expect(t.sms.notices.slice(sent)).toEqual([{ to: '+8613900139201', notice: 'case-replied' }]);
    await reply({ body: '补充：灸后注意保暖' });
    expect(t.sms.notices.length, 'at most one SMS per case per hour').toBe(sent + 1);
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
