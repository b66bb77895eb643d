import { DAY_MS, RETENTION } from '@moxa/core/legal/retention';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantConsents } from '../../test/support/consent-helpers.ts';
import { startFakeWechat, type FakeWechat } from '../../test/support/fake-wechat.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';
import { wechatApi } from '../wechat/wechat-api.ts';
import { startWorkers, until } from '../../test/support/test-workers.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** An instant in China time (UTC+8). */
const china = (iso: string) => Date.parse(`${iso}+08:00`);

/**
 * Issue #31: advisors hear of new cases (batched, red flags said), users get a reply notice with a
 * short link back into the case, overdue cases notify once more, quiet hours hold notices until 08:00,
 * and a provider that keeps refusing is retried with back-off and then shown as failed. On both
 * databases, with the workers on the real queue (pg-boss on PostgreSQL) and the test clock.
 */
describe.each(DIALECTS)('notices on %s (issue #31)', (dialect) => {
  let t: TestApp;
  let wx: FakeWechat;
  let user: { token: string; userId: string };
  const advisors: { token: string; userId: string }[] = [];
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const notices = (template: string) => t.sms.notices.filter((n) => n.template === template);

  beforeAll(async () => {
    wx = await startFakeWechat();
    t = await createTestApp(
      dialect,
      {
        NOTIFY_RETRY_DELAY_SECONDS: 1,
        NOTIFY_RETRY_LIMIT: 2,
        WECHAT_NOTICE_TEMPLATES: 'case-new:tpl-new,case-reply:tpl-reply,course-reminder:tpl-course',
      },
      { wechat: wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: wx.base }) },
    );
    // Monday 2026-11-23, 10:00 China time: working hours, not quiet.
    t.clock.set(china('2026-11-23T10:00:00'));
    for (const mobile of ['13900319001', '13900319002']) {
      const a = await loginAs(t, mobile);
      await userRepository(t.db, Date.now).grant(a.userId, 'advisor');
      advisors.push(a);
    }
    // The first advisor bound WeChat: template messages too.
    await t.app.ctx.wechatBindings.bind('openid-advisor-1', advisors[0]!.userId);
    user = await loginAs(t, '13900319010');
    await grantConsents(t, user.token, ['consultation']);
    await startWorkers(t.app);
  });
  afterAll(async () => {
    await t.close();
    await wx.close();
  });

  const ask = async (symptoms = '最近膝盖怕冷，上下楼梯酸痛') => {
    const body = multipartBody({ data: JSON.stringify(consultationRequest(symptoms)) }, []);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      ...body,
      headers: { ...body.headers, ...auth(user.token) },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as { id: string };
  };
  const reply = (caseId: string, text: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v8/advisor/cases/${caseId}/replies`,
      payload: { body: text },
      headers: auth(advisors[0]!.token),
    });

  it('tells every advisor of a new case within seconds, by SMS and by WeChat where bound; more cases wait for one batched notice', async () => {
    await ask();
    await until(() => notices('case-new').length === 2, 'a notice per advisor');
    expect(notices('case-new').map((n) => [n.to, n.params])).toEqual(
      expect.arrayContaining([
        ['+8613900319001', { count: '1', urgent: '' }],
        ['+8613900319002', { count: '1', urgent: '' }],
      ]),
    );
    await until(() => wx.messages.length === 1, 'the WeChat template message');
    expect(wx.messages[0]!.body).toMatchObject({ touser: 'openid-advisor-1', template_id: 'tpl-new', url: 'http://localhost/advisor' });

    // Three more within the 10 minutes, one of them red-flag: nothing now, one notice at the 10th minute.
    t.clock.advance(2 * MINUTE);
    await ask();
    await ask('这两天胸痛，爬楼喘不上气');
    t.clock.advance(3 * MINUTE);
    await ask();
    await t.app.ctx.notifier.plan();
    await new Promise((r) => setTimeout(r, 1500));
    expect(notices('case-new')).toHaveLength(2);
    t.clock.advance(5 * MINUTE);
    await t.app.ctx.notifier.plan();
    await until(() => notices('case-new').length === 4, 'the batched notices');
    expect(
      notices('case-new')
        .slice(2)
        .map((n) => n.params),
    ).toEqual([
      { count: '3', urgent: '（其中1个需提醒就医）' },
      { count: '3', urgent: '（其中1个需提醒就医）' },
    ]);
    // Each notice exactly once, whatever planned it again.
    await t.app.ctx.notifier.plan();
    await new Promise((r) => setTimeout(r, 1000));
    expect(notices('case-new')).toHaveLength(4);
    expect(new Set(notices('case-new').map((n) => n.ref)).size).toBe(4);
  });

  it('marks waiting cases past 4 working hours as overdue, and tells the advisors once more', async () => {
    const c = await ask();
    const summary = async () =>
      (await t.app.inject({ url: '/api/v8/advisor/summary', headers: auth(advisors[1]!.token) })).json().data as {
        overdue: number;
        waiting: number;
      };
    const before = (await summary()).overdue;
    // Asked Monday 10:10: 4 working hours later is 14:10.
    t.clock.set(china('2026-11-23T14:05:00'));
    await t.app.ctx.notifier.plan();
    const queue = async () =>
      (
        (await t.app.inject({ url: '/api/v8/advisor/cases?status=submitted&size=100', headers: auth(advisors[1]!.token) })).json().data
          .items as {
          id: string;
          overdue: boolean;
          waiting: number;
        }[]
      ).find((x) => x.id === c.id)!;
    expect((await queue()).overdue).toBe(false);
    t.clock.set(china('2026-11-23T14:15:00'));
    expect(await queue()).toMatchObject({ overdue: true, waiting: expect.any(Number) });
    expect((await summary()).overdue).toBeGreaterThan(before);
    await t.app.ctx.notifier.plan();
    const overdueFor = () => notices('case-overdue').filter((n) => n.ref.includes(c.id));
    await until(() => overdueFor().length === 2, 'overdue notices');
    expect(overdueFor()).toHaveLength(2);
    expect(overdueFor()[0]!.params).toEqual({ hours: '4' });
    // Once only.
    t.clock.advance(HOUR);
    await t.app.ctx.notifier.plan();
    await new Promise((r) => setTimeout(r, 1000));
    expect(overdueFor()).toHaveLength(2);
  });

  it('sends the user a reply notice with a short link that opens the case, and expires', async () => {
    const c = await ask();
    expect((await reply(c.id, '建议温和灸足三里')).statusCode).toBe(200);
    await until(() => notices('case-reply').some((n) => n.to === '+8613900319010'), 'the reply notice');
    const sent = notices('case-reply').at(-1)!;
    const link = sent.params.link!;
    expect(link).toMatch(/^http:\/\/localhost\/c\/[A-Za-z0-9_-]{22}$/);
    const token = link.split('/c/')[1]!;
    // Only the token's hash is kept.
    const stored = await t.db.selectFrom('short_links').selectAll().execute();
    expect(JSON.stringify(stored)).not.toContain(token);

    const open = await t.app.inject({ url: `/c/${token}` });
    expect(open.statusCode).toBe(302);
    expect(open.headers.location).toBe(`/case/caseDetails/${c.id}`);
    const unknown = await t.app.inject({ url: '/c/AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('链接无效');
    expect((await t.app.inject({ url: '/c/%3Cscript%3E' })).statusCode).toBe(404);
    t.clock.advance(7 * 24 * HOUR + MINUTE);
    const expired = await t.app.inject({ url: `/c/${token}` });
    expect(expired.statusCode).toBe(410);
    expect(expired.headers['content-type']).toContain('text/html');
    expect(expired.body).toContain('链接已过期');
  });

  it('keeps notices back in quiet hours (21:00–08:00 China time) and sends them at 08:00', async () => {
    t.clock.set(china('2026-11-24T22:30:00'));
    const before = notices('case-new').length;
    await ask();
    // More cases during the night join the same morning notice.
    t.clock.set(china('2026-11-25T01:00:00'));
    await ask();
    t.clock.set(china('2026-11-25T03:00:00'));
    await ask();
    await t.app.ctx.notifier.plan();
    await new Promise((r) => setTimeout(r, 1500));
    expect(notices('case-new')).toHaveLength(before);
    const waiting = (await t.app.ctx.notifier.repository.list('pending', 100)).rows.filter((n) => n.kind === 'case-new');
    expect(waiting.length).toBeGreaterThan(0);
    expect(waiting.every((n) => n.dueAt === china('2026-11-25T08:00:00'))).toBe(true);
    t.clock.set(china('2026-11-25T07:59:00'));
    await t.app.ctx.notifier.plan();
    await new Promise((r) => setTimeout(r, 1000));
    expect(notices('case-new')).toHaveLength(before);
    t.clock.set(china('2026-11-25T08:00:00'));
    await t.app.ctx.notifier.plan();
    await until(() => notices('case-new').length === before + 2, 'the morning notices');
    await new Promise((r) => setTimeout(r, 1000));
    // One per advisor, counting the night's three cases.
    expect(
      notices('case-new')
        .slice(before)
        .map((n) => n.params.count),
    ).toEqual(['3', '3']);
  });

  it('respects the person’s preferences: reply notices turned off are not sent', async () => {
    t.clock.set(china('2026-11-25T10:00:00'));
    const prefs = await t.app.inject({ url: '/api/v8/me/notification-preferences', headers: auth(user.token) });
    expect(prefs.json().data).toEqual({
      caseReplies: true,
      courseReminders: true,
      sms: true,
      wechat: true,
      quietHours: { start: '21:00', end: '08:00' },
      wechatAvailable: false,
      courseSubscribeTemplate: null,
    });
    // An account bound to WeChat gets the course reminders' subscribe template, for wx-open-subscribe.
    const bound = await t.app.inject({ url: '/api/v8/me/notification-preferences', headers: auth(advisors[0]!.token) });
    expect(bound.json().data).toMatchObject({ wechatAvailable: true, courseSubscribeTemplate: 'tpl-course' });
    const bad = await t.app.inject({
      method: 'PUT',
      url: '/api/v8/me/notification-preferences',
      payload: { caseReplies: 'no' },
      headers: auth(user.token),
    });
    expect(bad.statusCode).toBe(400);
    const off = { caseReplies: false, courseReminders: true, sms: true, wechat: true };
    const put = await t.app.inject({ method: 'PUT', url: '/api/v8/me/notification-preferences', payload: off, headers: auth(user.token) });
    expect(put.json().data).toMatchObject(off);
    const c = await ask();
    const before = notices('case-reply').length;
    await reply(c.id, '收到');
    const key = async () => (await t.app.ctx.notifier.repository.list('skipped', 200)).rows.find((n) => n.subjectId === c.id);
    await until(async () => (await key()) !== undefined, 'the skipped notice');
    expect((await key())!.lastError).toBe('reply notices turned off');
    expect(notices('case-reply')).toHaveLength(before);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v8/me/notification-preferences',
      payload: { ...off, caseReplies: true },
      headers: auth(user.token),
    });
  });

  it('asks the provider before a retry, so a send that timed out after going out is not sent twice', async () => {
    t.clock.set(china('2026-11-25T11:00:00'));
    const real = t.sms.sendTemplate.bind(t.sms);
    let timedOut = 0;
    // The gateway sends the first notice but the answer never arrives (a timeout).
    t.sms.sendTemplate = async (...args) => {
      await real(...args);
      if (args[1] === 'case-reply' && timedOut++ === 0) throw new Error('aliyun request failed: timeout');
    };
    try {
      const c = await ask();
      await reply(c.id, '睡前温和灸涌泉');
      const notice = async () => (await t.app.ctx.notifier.repository.list('sent', 500)).rows.find((n) => n.subjectId === c.id);
      await until(async () => (await notice()) !== undefined, 'the notice marked sent', 20_000);
      expect(timedOut).toBe(1);
      const sent = (await notice())!;
      expect(sent.attempts).toBe(2);
      expect(t.sms.notices.filter((n) => n.ref === sent.key)).toHaveLength(1);
    } finally {
      t.sms.sendTemplate = real;
    }
  });

  it('retries a refusing provider with back-off, then gives up and lists the notice as failed for staff', async () => {
    t.clock.set(china('2026-11-26T10:00:00'));
    t.sms.fail = true;
    try {
      const c = await ask();
      await reply(c.id, '请注意保暖');
      const failed = async () =>
        (await t.app.ctx.notifier.repository.list('failed', 200)).rows.filter((n) => n.kind === 'case-reply' && n.subjectId === c.id);
      // 3 tries: at once, after 1 s, after 2 s.
      await until(async () => (await failed()).length === 1, 'the failed notice', 20_000);
      expect((await failed())[0]).toMatchObject({ attempts: 3, lastError: 'gateway down' });
    } finally {
      t.sms.fail = false;
    }
    const editor = await loginAs(t, '13900319020');
    await userRepository(t.db, Date.now).grant(editor.userId, 'editor');
    const list = await t.app.inject({ url: '/api/v8/admin/notifications?status=failed', headers: auth(editor.token) });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'case-reply', channel: 'sms', state: 'failed', attempts: 3 })]),
    );
    // No recipient in the staff's list.
    expect(list.body).not.toContain('13900319010');
    expect((await t.app.inject({ url: '/api/v8/admin/notifications', headers: auth(user.token) })).statusCode).toBe(403);
  }, 30_000);

  it('drops finished notices RETENTION.noticeDays after they were due, as the 隐私政策 says, and not a day earlier', async () => {
    const repo = t.app.ctx.notifier.repository;
    const finished = async () =>
      (await t.db.selectFrom('notifications').select('key').where('state', 'in', ['sent', 'skipped', 'failed']).execute()).length;
    const before = await finished();
    expect(before).toBeGreaterThan(0);
    const latestDue = Number(
      (
        await t.db
          .selectFrom('notifications')
          .select((eb) => eb.fn.max('due_at').as('due'))
          .executeTakeFirstOrThrow()
      ).due,
    );
    await repo.purgeNotices(latestDue + (RETENTION.noticeDays - 1) * DAY_MS);
    expect(await finished()).toBeGreaterThan(0);
    await repo.purgeNotices(latestDue + RETENTION.noticeDays * DAY_MS + 1);
    expect(await finished()).toBe(0);
  });
});
