import { DISPLAY_NAME_MAX } from '@moxa/core/login/display-name';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationProvider } from '../db/migrations.ts';
import { newCaller, type Caller } from '../../test/support/owned-resources.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { login, sendMsg } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

/** Every string value of a JSON answer, ids (UUIDs) and ISO times taken out: they are not shown as text. */
function texts(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string')
    out.push(
      value
        .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '')
        .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, ''),
    );
  else if (Array.isArray(value)) for (const v of value) texts(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) texts(v, out);
  return out;
}
/** The 4-digit runs of a number (its national digits), as they could appear in a name. */
const windows = (mobile: string) => Array.from({ length: mobile.length - 3 }, (_, i) => mobile.slice(i, i + 4));
/** The runs of `mobile` found in any text of the answer. */
const leaks = (body: unknown, mobile: string) =>
  texts(body).flatMap((s) =>
    windows(mobile)
      .filter((w) => s.includes(w))
      .map((w) => `${w} in "${s}"`),
  );

/**
 * Issue #27 item 13 on both databases: names never show digits of a phone number. A new account is
 * 用户 + a random id; the user can choose a 昵称 (2–12 characters, checked with a Chinese message);
 * advisors sign their replies with their 昵称. No answer a user or an advisor receives — login, /me,
 * case lists and threads — holds 4 digits in a row of the other person's number. Accounts made
 * before get new names (migration 016).
 */
describe.each(DIALECTS)('display names on %s', (dialect) => {
  let t: TestApp;
  let user: Caller;
  let advisor: Caller;
  let caseId: string;
  beforeAll(async () => {
    t = await createTestApp(dialect, { SMS_MAX_PER_IP_HOUR: 1000, SMS_MAX_PER_IP_DAY: 1000 });
    user = await newCaller(t);
    advisor = await newCaller(t);
    await userRepository(t.db, t.clock.now).grant(advisor.userId, 'advisor');
    const made = await t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      ...multipartBody({ data: JSON.stringify(consultationRequest()) }, []),
      headers: { ...multipartBody({}, []).headers, ...auth(user.token) },
    });
    expect(made.statusCode, made.body).toBe(200);
    caseId = made.json().data.id as string;
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${caseId}/replies`,
      payload: { body: '建议每晚灸足三里10分钟。' },
      headers: auth(advisor.token),
    });
    expect(reply.statusCode, reply.body).toBe(200);
    const followUp = await t.app.inject({
      method: 'POST',
      url: `/api/v8/cases/${caseId}/messages`,
      payload: { body: '好的，谢谢' },
      headers: auth(user.token),
    });
    expect(followUp.statusCode, followUp.body).toBe(200);
  });
  afterAll(async () => t.close());

  function auth(token: string) {
    return { authorization: `Bearer ${token}` };
  }
  const get = async (url: string, who: Caller) => {
    const res = await t.app.inject({ url, headers: auth(who.token) });
    expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    return res.json();
  };
  const rename = (who: Caller | null, name: unknown) =>
    t.app.inject({ method: 'PATCH', url: '/api/v8/me', payload: { name }, headers: who ? auth(who.token) : {} });

  it('names a new account 用户 + a random id, never digits of its number', async () => {
    t.clock.advance(61_000);
    const mobile = '13912345678';
    await sendMsg(t.app, mobile, t.clock.now());
    const res = await login(t.app, { mobile, code: t.sms.sent.at(-1)!.code });
    const name = res.json().data.user.name as string;
    expect(name).toMatch(/^用户[A-Z2-9]{6}$/);
    expect(name).not.toMatch(/[0-9]{4}/);
    expect(leaks(res.json(), mobile)).toEqual([]);
    for (const c of [user, advisor]) expect((await get('/api/v8/me', c)).data.name).toMatch(/^用户[A-Z2-9]{6}$/);
  });

  it('no answer the user receives shows 4 digits in a row of the advisor’s number, and none the advisor receives shows the user’s', async () => {
    const userSees = [await get('/api/v8/me', user), await get('/api/v8/cases', user), await get(`/api/v8/cases/${caseId}`, user)];
    const advisorSees = [
      await get('/api/v8/me', advisor),
      await get('/api/v8/advisor/cases', advisor),
      await get(`/api/v8/advisor/cases/${caseId}`, advisor),
    ];
    expect(userSees.flatMap((b) => leaks(b, advisor.mobile))).toEqual([]);
    expect(advisorSees.flatMap((b) => leaks(b, user.mobile))).toEqual([]);
    // The thread still says who answered: 顾问 + the advisor's 昵称.
    const advisorName = (await get('/api/v8/me', advisor)).data.name as string;
    const thread = (await get(`/api/v8/cases/${caseId}`, user)).data.messages as { author: string; authorName: string | null }[];
    expect(thread.find((m) => m.author === 'advisor')?.authorName).toBe(`顾问${advisorName.replace(/^用户/, '')}`);
  });

  it('an advisor who chose a 昵称 signs new replies with it', async () => {
    expect((await rename(advisor, '李老师')).statusCode).toBe(200);
    const reply = await t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${caseId}/replies`,
      payload: { body: '灸后注意保暖。' },
      headers: auth(advisor.token),
    });
    expect(reply.statusCode).toBe(200);
    const thread = (await get(`/api/v8/cases/${caseId}`, user)).data.messages as { body: string; authorName: string | null }[];
    expect(thread.find((m) => m.body === '灸后注意保暖。')?.authorName).toBe('顾问李老师');
  });

  it('changes the 昵称 (2–12 characters) and refuses anything else with a Chinese message, changing nothing', async () => {
    const before = (await get('/api/v8/me', user)).data.name as string;
    for (const [name, msg] of [
      ['', '昵称请用2到12个字'],
      ['   ', '昵称请用2到12个字'],
      ['王', '昵称请用2到12个字'],
      ['一二三四五六七八九十十一十二', '昵称请用2到12个字'],
      ['13800138000', '昵称里不能有连着的4个数字，以免露出手机号'],
      ['阿姨1234', '昵称里不能有连着的4个数字，以免露出手机号'],
      ['<b>王</b>', '昵称只能用汉字、字母、数字和 · _ - 这几个符号'],
      ['王\u0007阿姨', '昵称只能用汉字、字母、数字和 · _ - 这几个符号'],
      ['王阿姨😀', '昵称只能用汉字、字母、数字和 · _ - 这几个符号'],
      [42, '请填写昵称'],
    ] as const) {
      const res = await rename(user, name);
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json(), JSON.stringify(name)).toEqual({ code: 40000, msg, data: null });
    }
    expect((await rename(user, 'x'.repeat(DISPLAY_NAME_MAX + 1))).statusCode).toBe(400);
    expect((await get('/api/v8/me', user)).data.name).toBe(before);

    const ok = await rename(user, '  王 阿姨  ');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toEqual({ id: user.userId, name: '王 阿姨', avatarUrl: '' });
    expect((await get('/api/v8/me', user)).data.name).toBe('王 阿姨');
    expect((await rename(user, 'Li·小明_2')).statusCode).toBe(200);
    expect((await rename(null, '王阿姨')).statusCode).toBe(401);
  });

  it('migration 016 renames accounts still called 用户 + the last 4 digits, and the replies signed with them', async () => {
    const repo = userRepository(t.db, t.clock.now);
    const legacy = await newCaller(t);
    const chosen = await newCaller(t);
    await t.db
      .updateTable('users')
      .set({ name: `用户${legacy.mobile.slice(-4)}` })
      .where('id', '=', legacy.userId)
      .execute();
    await t.db.updateTable('users').set({ name: '张阿姨' }).where('id', '=', chosen.userId).execute();
    await repo.grant(legacy.userId, 'advisor');
    await t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${caseId}/replies`,
      payload: { body: '旧回复' },
      headers: auth(legacy.token),
    });
    // As the code before item 13 signed it.
    await t.db
      .updateTable('case_messages')
      .set({ author_name: `顾问${legacy.mobile.slice(-4)}` })
      .where('body', '=', '旧回复')
      .execute();

    const migrations = await migrationProvider.getMigrations();
    await migrations['016_display_names']!.up(t.db as never);

    const names = Object.fromEntries(
      (await t.db.selectFrom('users').select(['id', 'name', 'mobile']).execute()).map((u) => [u.id, { name: u.name, mobile: u.mobile }]),
    );
    expect(names[legacy.userId]!.name).toMatch(/^用户[A-Z2-9]{6}$/);
    expect(names[legacy.userId]!.name).not.toContain(legacy.mobile.slice(-4));
    expect(names[chosen.userId]!.name).toBe('张阿姨');
    for (const u of Object.values(names)) expect(u.name, u.mobile).not.toBe(`用户${u.mobile.slice(-4)}`);
    const old = await t.db.selectFrom('case_messages').select('author_name').where('body', '=', '旧回复').executeTakeFirstOrThrow();
    expect(old.author_name).toBe(`顾问${names[legacy.userId]!.name.replace(/^用户/, '')}`);
  });
});
