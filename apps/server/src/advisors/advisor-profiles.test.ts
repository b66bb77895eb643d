import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GrantableRole } from '@moxa/core/login/roles';
import { newCaller, type Caller } from '../../test/support/owned-resources.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { countUserRows } from '../../test/support/row-counts.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { notificationRepository } from '../notifications/notification-repository.ts';
import { userRepository } from '../users/user-repository.ts';
import { digitWindows } from './advisor-profiles.ts';

const PROFILE = { name: '李静', title: '艾灸调理顾问', introduction: '从事艾灸调理多年，擅长失眠和怕冷的调理。', photo: null };

/** Every string of a JSON answer, UUIDs taken out (ids, not shown as text). */
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, ''));
  else if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) texts(v, out);
  return out;
}

/**
 * Issue #30 on both databases: an advisor's profile goes through review (never approved by the advisor
 * or by whoever submitted it), users see the approved one in their case thread — and no digits of the
 * advisor's number; 在岗 is set at once and audited; notices go to the advisors on duty, or to all
 * advisors when none is.
 */
describe.each(DIALECTS)('advisor profiles on %s', (dialect) => {
  let t: TestApp;
  let user: Caller;
  let advisor: Caller;
  let reviewer: Caller;
  let admin: Caller;
  let caseId: string;
  const auth = (who: Caller) => ({ authorization: `Bearer ${who.token}` });
  const call = (who: Caller, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) =>
    t.app.inject({ method, url, headers: auth(who), ...(payload === undefined ? {} : { payload: payload as object }) });
  const staff = async (...roles: GrantableRole[]) => {
    const c = await newCaller(t);
    for (const r of roles) await userRepository(t.db, t.clock.now).grant(c.userId, r);
    return c;
  };
  const thread = async () => {
    const res = await call(user, 'GET', `/api/v8/cases/${caseId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.messages as { author: string; authorName: string | null; advisor: Record<string, unknown> | null }[];
  };

  beforeAll(async () => {
    t = await createTestApp(dialect, { SMS_MAX_PER_IP_HOUR: 1000, SMS_MAX_PER_IP_DAY: 1000 });
    user = await newCaller(t);
    advisor = await staff('advisor', 'reviewer');
    reviewer = await staff('reviewer');
    admin = await staff('admin');
    const form = multipartBody({ data: JSON.stringify(consultationRequest()) }, []);
    const made = await t.app.inject({ method: 'POST', url: '/api/v8/consultations', ...form, headers: { ...form.headers, ...auth(user) } });
    expect(made.statusCode, made.body).toBe(200);
    caseId = made.json().data.id as string;
    const reply = await call(advisor, 'POST', `/api/v8/advisor/cases/${caseId}/replies`, { body: '建议每晚灸足三里。' });
    expect(reply.statusCode, reply.body).toBe(200);
  });
  afterAll(async () => t.close());

  it('refuses bad profiles with a Chinese message and writes nothing', async () => {
    const before = await countUserRows(t.db);
    for (const [fields, msg] of [
      [{ ...PROFILE, name: '李' }, '顾问名称请用2到12个字'],
      [{ ...PROFILE, name: '李静1380' }, '顾问名称里不能有连着的4个数字，以免露出手机号'],
      [{ ...PROFILE, title: '顾' }, '头衔请用2到20个字'],
      [{ ...PROFILE, title: '顾问2024' }, '头衔里不能有连着的4个数字'],
      [{ ...PROFILE, introduction: '有事打 139 0013 8888' }, '简介里不能写电话号码等联系方式'],
      [{ ...PROFILE, introduction: '好'.repeat(201) }, '简介不能超过200个字'],
      [{ ...PROFILE, photo: 'https://example.com/me.jpg' }, '照片请从媒体库选择'],
      // Four digits of the advisor's own number (newCaller numbers start 1390013).
      [{ ...PROFILE, introduction: '工号0013号' }, '顾问资料里不能有手机号里的数字'],
    ] as const) {
      const res = await call(advisor, 'PUT', '/api/v8/advisor/profile', fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect(await countUserRows(t.db)).toEqual(before);
    expect((await call(user, 'PUT', '/api/v8/advisor/profile', PROFILE)).statusCode).toBe(403);
  });

  it('an advisor’s submission waits for review; the thread keeps 顾问 + 昵称 until it is approved', async () => {
    const empty = await call(advisor, 'GET', '/api/v8/advisor/profile');
    expect(empty.json().data).toMatchObject({ status: 'none', approved: null, pending: null, onDuty: false });
    const saved = await call(advisor, 'PUT', '/api/v8/advisor/profile', { ...PROFILE, name: '  李静 ' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 'pending', approved: null, pending: PROFILE });
    const before = (await thread()).find((m) => m.author === 'advisor')!;
    expect(before.authorName).toMatch(/^顾问/);
    expect(before.advisor).toBeNull();
    const listed = (await call(reviewer, 'GET', '/api/v8/console/advisors?status=pending')).json().data as { id: string }[];
    expect(listed.map((a) => a.id)).toEqual([advisor.userId]);
  });

  it('the advisor cannot approve their own profile; another reviewer can, and the user sees name and title', async () => {
    const own = await call(advisor, 'POST', `/api/v8/console/advisors/${advisor.userId}/approve`);
    expect(own.statusCode).toBe(403);
    expect(own.json().msg).toBe('不能审核自己的顾问资料');
    const ok = await call(reviewer, 'POST', `/api/v8/console/advisors/${advisor.userId}/approve`);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ status: 'approved', approved: PROFILE, pending: null });
    const signed = (await thread()).find((m) => m.author === 'advisor')!;
    expect(signed.authorName).toBe('李静');
    expect(signed.advisor).toEqual({ name: '李静', title: '艾灸调理顾问', introduction: PROFILE.introduction, photoUrl: null });
    // Nothing left to decide: a second approval is a conflict.
    expect((await call(reviewer, 'POST', `/api/v8/console/advisors/${advisor.userId}/approve`)).statusCode).toBe(409);
  });

  it('an admin edits through review too, and cannot approve their own submission; a refusal carries its reason', async () => {
    const edited = await call(admin, 'PUT', `/api/v8/console/advisors/${advisor.userId}/profile`, { ...PROFILE, title: '高级艾灸顾问' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data.status).toBe('pending');
    const self = await call(admin, 'POST', `/api/v8/console/advisors/${advisor.userId}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().msg).toBe('不能审核自己提交的资料，请另一位审核员审核');
    expect((await call(reviewer, 'POST', `/api/v8/console/advisors/${advisor.userId}/reject`, { comment: ' ' })).statusCode).toBe(400);
    const rejected = await call(reviewer, 'POST', `/api/v8/console/advisors/${advisor.userId}/reject`, { comment: '头衔请与资质一致' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    const mine = (await call(advisor, 'GET', '/api/v8/advisor/profile')).json().data;
    expect(mine).toMatchObject({ status: 'rejected', comment: '头衔请与资质一致', approved: PROFILE, pending: null });
    // The approved profile is still what users see.
    expect((await thread()).find((m) => m.author === 'advisor')!.advisor).toMatchObject({ title: '艾灸调理顾问' });
    // Not an advisor: nothing to edit.
    expect((await call(admin, 'PUT', `/api/v8/console/advisors/${user.userId}/profile`, PROFILE)).statusCode).toBe(404);
    expect((await call(reviewer, 'PUT', `/api/v8/console/advisors/${advisor.userId}/profile`, PROFILE)).statusCode).toBe(403);
  });

  it('no case answer shows 4 digits in a row of the advisor’s number', async () => {
    const answers = [
      (await call(user, 'GET', `/api/v8/cases/${caseId}`)).json(),
      (await call(user, 'GET', '/api/v8/cases')).json(),
      (await call(advisor, 'GET', `/api/v8/advisor/cases/${caseId}`)).json(),
    ];
    const windows = digitWindows(advisor.mobile);
    expect(windows.length).toBe(8);
    const found = answers.flatMap((a) => texts(a)).filter((s) => windows.some((w) => s.includes(w)));
    expect(found).toEqual([]);
  });

  it('在岗 is set at once and audited; notices go to advisors on duty, or to every advisor when none is', async () => {
    const second = await staff('advisor');
    const notices = notificationRepository(t.db, t.clock.now);
    const everyone = [advisor.userId, second.userId].sort();
    expect(await notices.advisors()).toEqual(everyone);

    const on = await call(second, 'PUT', '/api/v8/advisor/profile/duty', { onDuty: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json().data).toMatchObject({ onDuty: true, status: 'none' });
    expect(await notices.advisors()).toEqual([second.userId]);

    // An admin sets anyone's duty; a reviewer may not.
    expect((await call(reviewer, 'PUT', `/api/v8/console/advisors/${advisor.userId}/duty`, { onDuty: true })).statusCode).toBe(403);
    expect((await call(admin, 'PUT', `/api/v8/console/advisors/${advisor.userId}/duty`, { onDuty: true })).statusCode).toBe(200);
    expect(await notices.advisors()).toEqual(everyone);
    expect((await call(second, 'PUT', '/api/v8/advisor/profile/duty', { onDuty: false })).statusCode).toBe(200);
    expect(await notices.advisors()).toEqual([advisor.userId]);
    expect((await call(admin, 'PUT', `/api/v8/console/advisors/${advisor.userId}/duty`, { onDuty: false })).statusCode).toBe(200);
    // Nobody on duty: never nobody, every advisor hears of a new case.
    expect(await notices.advisors()).toEqual(everyone);
    expect((await call(second, 'PUT', '/api/v8/advisor/profile/duty', { onDuty: 'yes' })).statusCode).toBe(400);

    const trail = await t.app.ctx.audit.list({ action: 'advisor.duty' });
    expect(trail.length).toBe(4);
    expect(trail.find((e) => e.actorId === admin.userId)).toMatchObject({ subject: `user:${advisor.userId}`, detail: { own: false } });
    const all = await t.app.ctx.audit.list();
    expect(all.map((e) => e.action)).toEqual(
      expect.arrayContaining(['advisor.profile.submit', 'advisor.profile.approve', 'advisor.profile.reject']),
    );
    for (const e of all) expect(JSON.stringify(e.detail)).not.toMatch(/李静|艾灸|[0-9]{4}/);
  });

  it('a photo from the media library shows once approved (and is published for /media); one not in the library is refused', async () => {
    const id = 'abcdefghijklmnop';
    const variant = (w: number) => ({ width: w, url: `/media/u/${id}.${w}.abcdef.webp` });
    const image = { src: `uploads/${id}`, width: 640, height: 640, alt: '', webp: [variant(640), variant(320)], fallback: [variant(320)] };
    const now = t.clock.now();
    await t.db
      .insertInto('media_objects')
      .values({
        id,
        kind: 'image',
        name: 'li.jpg',
        alt: '李静的照片',
        version: 1,
        width: 640,
        height: 640,
        duration_ms: null,
        sha256: 'ab'.repeat(32),
        size: 1000,
        variants: JSON.stringify({ image, video: null }),
        uploaded_by: null,
        created_at: now,
        updated_at: now,
        published_at: null,
      })
      .execute();
    const missing = await call(advisor, 'PUT', '/api/v8/advisor/profile', { ...PROFILE, photo: 'uploads/bbbbbbbbbbbbbbbb' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('照片在媒体库里找不到，请重新选择');
    expect((await call(advisor, 'PUT', '/api/v8/advisor/profile', { ...PROFILE, photo: `uploads/${id}` })).statusCode).toBe(200);
    // Not approved yet: not public, not in the thread.
    expect((await thread()).find((m) => m.author === 'advisor')!.advisor).toMatchObject({ photoUrl: null });
    expect((await call(reviewer, 'POST', `/api/v8/console/advisors/${advisor.userId}/approve`)).statusCode).toBe(200);
    expect((await thread()).find((m) => m.author === 'advisor')!.advisor).toMatchObject({ photoUrl: `/media/u/${id}.320.abcdef.webp` });
    const row = await t.db.selectFrom('media_objects').select('published_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.published_at).not.toBeNull();
  });
});
