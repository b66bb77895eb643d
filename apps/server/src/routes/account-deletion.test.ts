import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newCaller, OWNED_RESOURCES, type Caller } from '../../test/support/owned-resources.ts';
import { countUserRows } from '../../test/support/row-counts.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { advisorProfiles } from '../advisors/advisor-profiles.ts';
import { auditRepository } from '../audit/audit-repository.ts';
import { mediaLibraryFor, prepareUpload } from '../media/uploads/media-service.ts';
import { pngWithAlpha } from '../media/uploads/test-files.ts';
import { ERASED_ADVISOR_NAME, userRepository } from '../users/user-repository.ts';
import type { WechatApi } from '../wechat/wechat-api.ts';

const fakeWechat: WechatApi = {
  openidForCode: async (code) => (code.startsWith('c-') ? code.slice(2) : null),
  jsapiTicket: async () => ({ ticket: 'fake-ticket', expiresIn: 7200 }),
};
/** Tables whose rows name their owner in `user_id`. */
const BY_USER = [
  'sessions',
  'user_roles',
  'physical_records',
  'cases',
  'favorites',
  'view_history',
  'moxa_sessions',
  'consents',
  'wechat_bindings',
] as const;

/**
 * 注销账号 (DELETE /api/v8/me, 《个人信息保护法》 §47) on both databases: a fresh code to the
 * account's own number is required, a wrong one changes nothing, the right one deletes the account
 * and every row kept for it (each resource of the access-control table), and nobody else's.
 */
describe.each(DIALECTS)('account deletion on %s', (dialect) => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  const created: Record<string, Record<string, string>> = {};
  beforeAll(async () => {
    const many = 100_000;
    t = await createTestApp(
      dialect,
      {
        SMS_MAX_PER_NUMBER_HOUR: many,
        SMS_MAX_PER_NUMBER_DAY: many,
        SMS_MAX_PER_IP_HOUR: many,
        SMS_MAX_PER_IP_DAY: many,
        WECHAT_MAX_PER_IP_HOUR: many,
      },
      { wechat: fakeWechat },
    );
    alice = await newCaller(t);
    bob = await newCaller(t);
    // Both own one of everything the access-control table knows.
    for (const r of OWNED_RESOURCES) {
      created[r.name] = (await r.create(t, alice)).fixture;
      await r.create(t, bob);
    }
  });
  afterAll(async () => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const stepUp = async (who: Caller) => {
    t.clock.advance(61_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/me/step-up-code',
      payload: { purpose: 'delete-account' },
      headers: auth(who.token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.mobile).toMatch(/^139\*{6}\d{2}$/);
    return t.sms.sent.at(-1)!.code;
  };
  const remove = (who: Caller, payload: unknown) =>
    t.app.inject({ method: 'DELETE', url: '/api/v8/me', headers: auth(who.token), payload: payload as object });
  const rowsOf = async (userId: string) => {
    const counts: Record<string, number> = {};
    for (const table of BY_USER) {
      const { rows } = await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)} where user_id = ${userId}`.execute(
        t.db,
      );
      counts[table] = Number(rows[0]!.n);
    }
    return counts;
  };

  it('refuses a missing or wrong code with a Chinese message and changes nothing', async () => {
    const code = await stepUp(alice);
    const before = await countUserRows(t.db);
    const missing = await remove(alice, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().msg).toBe('请输入正确的验证码');
    expect((await remove(alice, { code: '12ab' })).statusCode).toBe(400);
    const wrong = await remove(alice, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/^验证码错误，还可以再试\d次$/);
    expect(await countUserRows(t.db)).toEqual(before);
    expect((await t.app.inject({ url: '/api/v8/me', headers: auth(alice.token) })).statusCode).toBe(200);
  });

  it('is refused without a login', async () => {
    const res = await t.app.inject({ method: 'DELETE', url: '/api/v8/me', payload: { code: '123456' } });
    expect(res.statusCode).toBe(401);
  });

  it('with the right code deletes the account and everything kept for it, and nobody else’s', async () => {
    await userRepository(t.db, t.clock.now).grant(alice.userId, 'advisor');
    t.clock.advance(61_000);
    const second = (await loginAs(t, alice.mobile)).token;
    const aliceRows = await rowsOf(alice.userId);
    for (const table of [
      'sessions',
      'physical_records',
      'cases',
      'favorites',
      'view_history',
      'moxa_sessions',
      'consents',
      'wechat_bindings',
    ])
      expect(aliceRows[table], table).toBeGreaterThan(0);
    const bobBefore = await rowsOf(bob.userId);
    const caseId = created['consultation case']!.id!;

    const res = await remove(alice, { code: await stepUp(alice) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ deleted: true });
    expect(res.headers['cache-control']).toBe('no-store');

    expect(Object.values(await rowsOf(alice.userId)).every((n) => n === 0)).toBe(true);
    expect(await t.db.selectFrom('users').select('id').where('id', '=', alice.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('case_messages').select('id').where('case_id', '=', caseId).execute()).toEqual([]);
    expect(await t.db.selectFrom('case_photos').select('id').where('case_id', '=', caseId).execute()).toEqual([]);
    expect(await t.db.selectFrom('sms_codes').select('id').where('mobile', '=', `+86${alice.mobile}`).execute()).toEqual([]);
    expect(await rowsOf(bob.userId)).toEqual(bobBefore);

    // Every login of the account has ended; its WeChat is free again.
    for (const token of [alice.token, second])
      expect((await t.app.inject({ url: '/api/v8/me', headers: auth(token) })).statusCode).toBe(401);
    const state = (await t.app.inject({ method: 'POST', url: '/api/v8/wechat/start', payload: {} })).json().data.state as string;
    const trip = await t.app.inject({
      method: 'POST',
      url: '/aysdmp/wechat/checkout.do',
      payload: { code: `c-${created['WeChat binding']!.openid}`, state },
    });
    expect(trip.json().data).toMatchObject({ bound: false, loginInfo: null });

    // The same number later makes a new, empty account.
    t.clock.advance(61_000);
    const again = await loginAs(t, alice.mobile);
    expect(again.userId).not.toBe(alice.userId);
    for (const url of ['/api/v8/physical/records', '/api/v8/cases', '/api/v8/me/favorites', '/api/v8/me/history', '/api/v8/moxa/sessions'])
      expect((await t.app.inject({ url, headers: auth(again.token) })).json().data, url).toEqual([]);
  });

  it('keeps an advisor’s replies in other people’s cases when the advisor leaves', async () => {
    const advisor = await newCaller(t);
    await userRepository(t.db, t.clock.now).grant(advisor.userId, 'advisor');
    const caseId = (await t.db.selectFrom('cases').select('id').where('user_id', '=', bob.userId).executeTakeFirstOrThrow()).id;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${caseId}/replies`,
      payload: { body: '建议先灸足三里，每次10分钟。' },
      headers: auth(advisor.token),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    expect((await remove(advisor, { code: await stepUp(advisor) })).statusCode).toBe(200);
    const thread = (await t.app.inject({ url: `/api/v8/cases/${caseId}`, headers: auth(bob.token) })).json().data.messages as {
      body: string;
    }[];
    expect(thread.map((m) => m.body)).toContain('建议先灸足三里，每次10分钟。');
  });

  it('an advisor’s profile and photo go with the account; their replies stay, signed 已注销的顾问 (issue #30)', async () => {
    const advisor = await newCaller(t);
    const reviewer = await newCaller(t);
    const users = userRepository(t.db, t.clock.now);
    await users.grant(advisor.userId, 'advisor');
    await users.grant(reviewer.userId, 'reviewer');
    const photo = await mediaLibraryFor(t.app.ctx).create(
      await prepareUpload({ file: { bytes: await pngWithAlpha(200, 200), mimetype: 'image/png', filename: 'me.png' } }),
      '顾问照片',
      advisor.userId,
    );
    const submitted = await t.app.inject({
      method: 'PUT',
      url: '/api/v8/advisor/profile',
      payload: { name: '李明', title: '艾灸调理顾问', introduction: '擅长艾灸调理', photo: `uploads/${photo.id}` },
      headers: auth(advisor.token),
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    await advisorProfiles({ repo: t.app.ctx.advisorProfiles, audit: auditRepository(t.db, t.clock.now) }).approve(
      { id: reviewer.userId, roles: ['user', 'reviewer'] },
      advisor.userId,
    );
    const caseId = (await t.db.selectFrom('cases').select('id').where('user_id', '=', bob.userId).executeTakeFirstOrThrow()).id;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${caseId}/replies`,
      payload: { body: '艾灸后注意保暖，多喝温水。' },
      headers: auth(advisor.token),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    type Message = { body: string; authorName: string | null; advisor: { name: string } | null };
    const thread = async () =>
      ((await t.app.inject({ url: `/api/v8/cases/${caseId}`, headers: auth(bob.token) })).json().data.messages as Message[]).find(
        (m) => m.body === '艾灸后注意保暖，多喝温水。',
      )!;
    expect(await thread()).toMatchObject({ authorName: '李明', advisor: { name: '李明' } });

    expect((await remove(advisor, { code: await stepUp(advisor) })).statusCode).toBe(200);
    expect(await t.db.selectFrom('advisor_profiles').select('user_id').where('user_id', '=', advisor.userId).execute()).toEqual([]);
    expect(await t.db.selectFrom('media_objects').select('id').where('id', '=', photo.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('media_files').select('path').where('object_id', '=', photo.id).execute()).toEqual([]);
    // The reply stays in Bob's consultation, no longer under the advisor's name.
    expect(await thread()).toMatchObject({ authorName: ERASED_ADVISOR_NAME, advisor: null });
    const stored = await t.db.selectFrom('case_messages').select('author_name').where('case_id', '=', caseId).execute();
    expect(JSON.stringify(stored)).not.toContain('李明');
  });
});
