import { AccountExportSchema, type AccountExport } from '@moxa/core/export/export-contract';
import { renderExportHtml } from '@moxa/core/export/export-html';
import { EXPORT_AUDIT_ACTION, EXPORT_SECTIONS } from '@moxa/core/export/export-sections';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditRepository } from '../audit/audit-repository.ts';
import { newCaller, OWNED_RESOURCES, type Caller, type Created } from '../../test/support/owned-resources.ts';
import { countUserRows } from '../../test/support/row-counts.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import type { WechatApi } from '../wechat/wechat-api.ts';

const fakeWechat: WechatApi = {
  openidForCode: async (code) => (code.startsWith('c-') ? code.slice(2) : null),
  jsapiTicket: async () => ({ ticket: 'fake-ticket', expiresIn: 7200 }),
};

/**
 * 我的数据 (POST /api/v8/me/export, issue #27 item 16, 《个人信息保护法》 §45) on both databases:
 * the export round-trips everything the access-control table lists as the user's — one of every
 * resource is made for Alice and for Bob, and each of Alice's is in her export with its content,
 * none of Bob's — behind a fresh code of purpose `export`, listed in a manifest, and logged in the
 * audit trail with counts only.
 */
describe.each(DIALECTS)('account export on %s', (dialect) => {
  let t: TestApp;
  let alice: Caller;
  let bob: Caller;
  const aliceMade: Record<string, Created> = {};
  const bobMade: Record<string, Created> = {};
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
    for (const r of OWNED_RESOURCES) {
      aliceMade[r.name] = await r.create(t, alice);
      bobMade[r.name] = await r.create(t, bob);
    }
  });
  afterAll(async () => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const stepUp = async (who: Caller, purpose = 'export') => {
    t.clock.advance(61_000);
    const res = await t.app.inject({ method: 'POST', url: '/api/v8/me/step-up-code', payload: { purpose }, headers: auth(who.token) });
    expect(res.statusCode, res.body).toBe(200);
    return t.sms.sent.at(-1)!.code;
  };
  const exportOf = (who: Caller, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v8/me/export', headers: auth(who.token), payload: payload as object });
  const auditCount = async () => (await auditRepository(t.db, t.clock.now).list({ action: EXPORT_AUDIT_ACTION })).length;

  it('refuses a missing, malformed or wrong code with a Chinese message, and exports and logs nothing', async () => {
    const code = await stepUp(alice);
    const before = await countUserRows(t.db);
    const missing = await exportOf(alice, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toEqual({ code: 40000, msg: '请输入正确的验证码', data: null });
    expect((await exportOf(alice, { code: '12ab' })).statusCode).toBe(400);
    const wrong = await exportOf(alice, { code: code === '000000' ? '111111' : '000000' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/^验证码错误，还可以再试\d次$/);
    expect(wrong.body).not.toContain(alice.userId);
    expect(await countUserRows(t.db)).toEqual(before);
    expect(await auditCount()).toBe(0);
  });

  it('is refused without a login', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v8/me/export', payload: { code: '123456' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().msg).toBe('请先登录');
  });

  it('takes only a code asked for 我的数据: a code for deleting the account does not export (issue #27 item 10)', async () => {
    const code = await stepUp(alice, 'delete-account');
    const res = await exportOf(alice, { code });
    expect(res.statusCode).toBe(400);
    expect(await auditCount()).toBe(0);
  });

  it('round-trips everything the access-control table lists as the user’s, and nothing of anyone else', async () => {
    const res = await exportOf(alice, { code: await stepUp(alice) });
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json() as { code: number; msg: string; data: AccountExport };
    expect(body.code).toBe(0);
    // The streamed document is the envelope of the documented schema.
    const data = AccountExportSchema.parse(body.data);

    for (const r of OWNED_RESOURCES) {
      expect(r.exported, `${r.name}: owned-resources.ts has no export check`).toBeDefined();
      await r.exported!(t, alice, aliceMade[r.name]!, data);
    }
    // Bob's records, consultation, photo, session log, WeChat and account are nowhere in Alice's file.
    const aliceSecrets = new Set(Object.values(aliceMade).flatMap((c) => c.secrets));
    const bobs = [bob.userId, bob.mobile, ...Object.values(bobMade).flatMap((c) => [...c.secrets, ...Object.values(c.fixture)])].filter(
      (s) => !aliceSecrets.has(s) && s !== aliceMade.session!.fixture.name && s.length >= 8,
    );
    expect(bobs.length).toBeGreaterThan(5);
    for (const s of bobs) expect(res.body, s).not.toContain(s);

    // The manifest lists every section in order with the number of its entries.
    expect(data.manifest.sections.map((s) => s.key)).toEqual(EXPORT_SECTIONS.map((s) => s.key));
    const sizes: Record<string, number> = {
      profile: 1,
      wechat: data.wechat ? 1 : 0,
      logins: data.logins.length,
      consents: data.consents.length,
      constitutionRecords: data.constitutionRecords.length,
      moxaSessions: data.moxaSessions.length,
      favorites: data.favorites.length,
      history: data.history.length,
      consultations: data.consultations.length,
      courses: data.courses.length,
      notifications: data.notifications.notices.length,
      advisorProfile: data.advisorProfile ? 1 : 0,
    };
    expect(Object.fromEntries(data.manifest.sections.map((s) => [s.key, s.count]))).toEqual(sizes);
    expect(data.manifest.photos).toBe(1);
    expect(data.manifest.photoBytes).toBe(Buffer.from(data.consultations[0]!.photos[0]!.base64, 'base64').length);

    // Logged: who, what, counts only — no number, no health text, no name.
    const [entry] = await auditRepository(t.db, t.clock.now).list({ actorId: alice.userId });
    expect(entry).toMatchObject({ action: EXPORT_AUDIT_ACTION, subject: `user:${alice.userId}`, at: t.clock.now() });
    expect(entry!.detail).toEqual({
      sections: Object.fromEntries(data.manifest.sections.map((s) => [s.key, s.count])),
      messages: 0,
      photos: 1,
    });
    const stored = JSON.stringify(entry!.detail);
    for (const s of [alice.mobile.slice(-4), '秘密', data.profile.name]) expect(stored).not.toContain(s);

    // The printable page holds the same content, and no script.
    const html = renderExportHtml(data);
    for (const s of EXPORT_SECTIONS) expect(html).toContain(s.title);
    for (const s of ['秘密症状：膝盖怕冷', '秘密艾灸备注', `+86${alice.mobile}`, data.consultations[0]!.photos[0]!.base64.slice(0, 40)])
      expect(html).toContain(s);
    expect(html).not.toMatch(/<script/i);
  });

  it('an advisor’s reply is in the export under the advisor’s name, internal notes are not', async () => {
    const advisor = await newCaller(t);
    const { userRepository } = await import('../users/user-repository.ts');
    await userRepository(t.db, t.clock.now).grant(advisor.userId, 'advisor');
    const caseId = aliceMade['consultation case']!.fixture.id!;
    for (const [body, internal] of [
      ['建议先灸足三里，每次10分钟。', false],
      ['内部备注：下周回访', true],
    ] as const)
      expect(
        (
          await t.app.inject({
            method: 'POST',
            url: `/api/v8/advisor/cases/${caseId}/replies`,
            payload: { body, internal },
            headers: auth(advisor.token),
          })
        ).statusCode,
      ).toBe(200);
    const res = await exportOf(alice, { code: await stepUp(alice) });
    const data = res.json().data as AccountExport;
    const messages = data.consultations[0]!.messages;
    expect(messages.map((m) => m.body)).toEqual(['建议先灸足三里，每次10分钟。']);
    expect(messages[0]!.authorName).toMatch(/^顾问/);
    expect(res.body).not.toContain('内部备注');
    expect(data.manifest.messages).toBe(1);
    expect(await auditCount()).toBe(2);
  });

  it('an advisor’s export holds their own profile: approved, waiting, duty and its history; others have none (issue #30)', async () => {
    const advisor = await newCaller(t);
    const reviewer = await newCaller(t);
    const { userRepository } = await import('../users/user-repository.ts');
    const { advisorProfiles } = await import('../advisors/advisor-profiles.ts');
    await userRepository(t.db, t.clock.now).grant(advisor.userId, 'advisor');
    const submit = async (fields: object) =>
      expect(
        (await t.app.inject({ method: 'PUT', url: '/api/v8/advisor/profile', payload: fields, headers: auth(advisor.token) })).statusCode,
      ).toBe(200);
    await submit({ name: '李明', title: '艾灸调理顾问', introduction: '擅长艾灸调理', photo: null });
    t.clock.advance(1000);
    await advisorProfiles({ repo: t.app.ctx.advisorProfiles, audit: auditRepository(t.db, t.clock.now) }).approve(
      { id: reviewer.userId, roles: ['user', 'reviewer'] },
      advisor.userId,
    );
    t.clock.advance(1000);
    await submit({ name: '李明', title: '高级艾灸调理顾问', introduction: '从业十年', photo: null });
    t.clock.advance(1000);
    const duty = await t.app.inject({
      method: 'PUT',
      url: '/api/v8/advisor/profile/duty',
      payload: { onDuty: true },
      headers: auth(advisor.token),
    });
    expect(duty.statusCode).toBe(200);

    const res = await exportOf(advisor, { code: await stepUp(advisor) });
    expect(res.statusCode, res.body).toBe(200);
    const data = AccountExportSchema.parse(res.json().data);
    expect(data.advisorProfile).toMatchObject({
      approved: { name: '李明', title: '艾灸调理顾问', introduction: '擅长艾灸调理', photo: null },
      pending: { name: '李明', title: '高级艾灸调理顾问', introduction: '从业十年', submittedByYou: true },
      comment: null,
      onDuty: true,
    });
    expect(data.advisorProfile!.approved!.approvedAt).toMatch(/^\d{4}-/);
    expect(data.advisorProfile!.history.map((h) => [h.actionName, h.byYou])).toEqual([
      ['提交资料审核', true],
      ['资料审核通过', false],
      ['提交资料审核', true],
      ['设为在岗', true],
    ]);
    // The reviewer who acted is not named.
    expect(res.body).not.toContain(reviewer.userId);
    expect(data.manifest.sections.find((s) => s.key === 'advisorProfile')!.count).toBe(1);
    expect(renderExportHtml(data)).toContain('高级艾灸调理顾问');
    // Anyone else: no profile.
    const other = AccountExportSchema.parse((await exportOf(bob, { code: await stepUp(bob) })).json().data);
    expect(other.advisorProfile).toBeNull();
    expect(other.manifest.sections.find((s) => s.key === 'advisorProfile')!.count).toBe(0);
  });

  it('is in the OpenAPI document with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/v8/me/export'] ?? {})).toEqual(['post']);
    expect(Object.keys(doc.paths['/api/v8/me'] ?? {}).sort()).toContain('patch');
  });
});
