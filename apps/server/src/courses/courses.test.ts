import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { startWorkers, testDatabaseUrl, until } from '../../test/support/test-workers.ts';
import { grantConsents } from '../../test/support/consent-helpers.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { sessionInput } from '../../test/support/moxa-fixtures.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { userRepository } from '../users/user-repository.ts';

/** An instant in China time (UTC+8). */
const china = (iso: string) => Date.parse(`${iso}+08:00`);
const auth = (token: string) => ({ authorization: `Bearer ${token}` });
const daily = { scheme: { kind: 'disease', id: 'insomnia' }, frequency: 'daily', time: '08:00', sessions: 3, channel: 'sms' };

/**
 * Issue #31, 疗程提醒: a course set for every day at 08:00 sends one reminder per due day at 08:00 (with
 * the controllable clock), none twice, none while paused, none after the course ends; the course shows
 * its plan against the moxibustion log. On both databases, with the workers on the real queue.
 */
describe.each(DIALECTS)('course reminders on %s (issue #31)', (dialect) => {
  let t: TestApp;
  let user: { token: string; userId: string };
  let course: { id: string };
  const reminders = () => t.sms.notices.filter((n) => n.template === 'course-reminder');
  const at = async (iso: string) => {
    t.clock.set(china(iso));
    await t.app.ctx.notifier.plan();
  };
  const settle = () => new Promise((r) => setTimeout(r, 1200));
  const detail = async () => (await t.app.inject({ url: `/api/v8/me/courses/${course.id}`, headers: auth(user.token) })).json().data;
  const patch = (body: object) =>
    t.app.inject({ method: 'PATCH', url: `/api/v8/me/courses/${course.id}`, payload: body, headers: auth(user.token) });

  beforeAll(async () => {
    t = await createTestApp(dialect);
    // Monday 2026-11-23, 07:00 China time.
    t.clock.set(china('2026-11-23T07:00:00'));
    user = await loginAs(t, '13900319101');
    await startWorkers(t.app);
  });
  afterAll(async () => t.close());

  it('refuses a course without the log’s consent, in quiet hours, or of an unknown scheme, with a Chinese message', async () => {
    const post = (body: object) => t.app.inject({ method: 'POST', url: '/api/v8/me/courses', payload: body, headers: auth(user.token) });
    expect((await post(daily)).statusCode).toBe(403);
    await grantConsents(t, user.token, ['moxa-log']);
    const late = await post({ ...daily, time: '21:30' });
    expect(late.statusCode).toBe(400);
    expect(late.json().msg).toBe('提醒时间请选在 08:00 到 21:00 之间（夜间不打扰）');
    expect((await post({ ...daily, scheme: { kind: 'disease', id: 'no-such-thing' } })).json().msg).toBe('调理方案不存在');
    expect((await post({ ...daily, channel: 'wechat' })).json().msg).toBe('暂不支持微信提醒，请选择短信提醒');
    expect((await post({ ...daily, sessions: 0 })).json().msg).toBe('疗程至少 1 次');
    expect(await t.db.selectFrom('courses').selectAll().execute()).toEqual([]);
  });

  it('sets up a course starting today, with its due days', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v8/me/courses', payload: daily, headers: auth(user.token) });
    expect(res.statusCode, res.body).toBe(200);
    course = res.json().data;
    expect(res.json().data).toMatchObject({
      scheme: { kind: 'disease', id: 'insomnia', title: expect.stringContaining('失眠') },
      status: 'active',
      firstDay: '2026-11-23',
      nextReminderAt: china('2026-11-23T08:00:00'),
      done: 0,
      days: [
        { date: '2026-11-23', n: 1, state: 'today' },
        { date: '2026-11-24', n: 2, state: 'upcoming' },
        { date: '2026-11-25', n: 3, state: 'upcoming' },
      ],
    });
    const list = (await t.app.inject({ url: '/api/v8/me/courses', headers: auth(user.token) })).json().data;
    expect(list.map((c: { id: string }) => c.id)).toEqual([course.id]);
    // Someone else's course is not there for them.
    const other = await loginAs(t, '13900319102');
    expect((await t.app.inject({ url: `/api/v8/me/courses/${course.id}`, headers: auth(other.token) })).statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'PATCH',
          url: `/api/v8/me/courses/${course.id}`,
          payload: { status: 'ended' },
          headers: auth(other.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('reminds once at 08:00 on each due day, never twice, and shows what was done', async () => {
    await at('2026-11-23T07:59:00');
    await settle();
    expect(reminders()).toHaveLength(0);
    await at('2026-11-23T08:00:00');
    await until(() => reminders().length === 1, 'the first reminder');
    expect(reminders()[0]).toMatchObject({ to: '+8613900319101', params: { n: '1', total: '3', title: expect.stringContaining('失眠') } });
    await at('2026-11-23T08:30:00');
    await at('2026-11-23T20:00:00');
    await settle();
    expect(reminders()).toHaveLength(1);

    // The session of the day is logged: done.
    const session = sessionInput({}, china('2026-11-23T08:20:00'));
    const saved = await t.app.inject({ method: 'POST', url: '/api/v8/moxa/sessions', payload: session, headers: auth(user.token) });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await detail()).days[0]).toMatchObject({ date: '2026-11-23', state: 'done' });

    await at('2026-11-24T08:00:00');
    await until(() => reminders().length === 2, 'the second reminder');
    expect(reminders()[1]!.params.n).toBe('2');
    await at('2026-11-25T07:00:00');
    expect(await detail()).toMatchObject({ done: 1, days: [{ state: 'done' }, { state: 'missed' }, { state: 'today' }] });
  });

  it('sends nothing while paused (fever), moves the rest of the course, and ends itself at its length', async () => {
    const paused = await patch({ status: 'paused', pauseReason: 'fever' });
    expect(paused.json().data).toMatchObject({ status: 'paused', pauseReason: 'fever', nextReminderAt: null });
    expect((await patch({ status: 'paused' })).json().msg).toBe('请选择暂停原因');
    await at('2026-11-25T08:00:00');
    await settle();
    expect(reminders()).toHaveLength(2);

    t.clock.set(china('2026-11-26T07:30:00'));
    const resumed = await patch({ status: 'active' });
    expect(resumed.json().data).toMatchObject({ status: 'active', nextReminderAt: china('2026-11-26T08:00:00') });
    await at('2026-11-26T08:00:00');
    await until(() => reminders().length === 3, 'the third reminder');
    expect(reminders()[2]!.params.n).toBe('3');

    // The third was the last: the next day the course has ended itself, and nothing is sent.
    await at('2026-11-27T08:00:00');
    await settle();
    expect(reminders()).toHaveLength(3);
    expect(await detail()).toMatchObject({ status: 'ended', nextReminderAt: null });
    expect((await t.db.selectFrom('courses').select('status').where('id', '=', course.id).executeTakeFirstOrThrow()).status).toBe('ended');
    const again = await patch({ status: 'active' });
    expect(again.statusCode).toBe(409);
    expect(again.json().msg).toBe('这个疗程已结束，如需继续请新建疗程');
  });

  it('lists the course, preference and notice routes in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, unknown>> };
    const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.keys(item).map((m) => `${m.toUpperCase()} ${path}`));
    expect(ops).toEqual(
      expect.arrayContaining([
        'POST /api/v8/me/courses',
        'GET /api/v8/me/courses',
        'GET /api/v8/me/courses/{id}',
        'PATCH /api/v8/me/courses/{id}',
        'GET /api/v8/me/notification-preferences',
        'PUT /api/v8/me/notification-preferences',
        'GET /api/v8/admin/notifications',
        'GET /api/v8/advisor/summary',
      ]),
    );
  });

  it('sends no reminder once the person turned course reminders off', async () => {
    t.clock.set(china('2026-11-30T07:00:00'));
    const c = await t.app.inject({ method: 'POST', url: '/api/v8/me/courses', payload: daily, headers: auth(user.token) });
    expect(c.statusCode).toBe(200);
    await t.app.inject({
      method: 'PUT',
      url: '/api/v8/me/notification-preferences',
      payload: { caseReplies: true, courseReminders: false, sms: true, wechat: true },
      headers: auth(user.token),
    });
    await at('2026-11-30T08:00:00');
    await until(
      async () => (await t.app.ctx.notifier.repository.list('skipped', 100)).rows.some((n) => n.subjectId === c.json().data.id),
      'the skipped reminder',
    );
    expect(reminders()).toHaveLength(3);
  });
});

/**
 * Issue #31: two server instances on one PostgreSQL schema, each with its own pg-boss worker and
 * planner: every reminder and every notice goes out exactly once.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on PostgreSQL (issue #31)', () => {
  let a: TestApp;
  let b: Awaited<ReturnType<typeof buildApp>>;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    a.clock.set(china('2026-11-23T07:00:00'));
    const db = openDatabase(await testDatabaseUrl(a.db), '');
    b = await buildApp({ env: a.app.ctx.env, db, sms: a.sms, clock: a.clock.now, serveWeb: false, wechat: null });
    b.addHook('onClose', async () => db.destroy());
    await b.ready();
    await startWorkers(a.app);
    await startWorkers(b);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('sends each course reminder once, however both plan it', async () => {
    const user = await loginAs(a, '13900319201');
    await grantConsents(a, user.token, ['moxa-log', 'consultation']);
    const made = await a.app.inject({
      method: 'POST',
      url: '/api/v8/me/courses',
      payload: { ...daily, sessions: 2 },
      headers: auth(user.token),
    });
    expect(made.statusCode).toBe(200);
    const sent = () => a.sms.notices.filter((n) => n.template === 'course-reminder');
    for (const [i, day] of ['2026-11-23', '2026-11-24'].entries()) {
      a.clock.set(china(`${day}T08:00:00`));
      for (let k = 0; k < 3; k++) await Promise.all([a.app.ctx.notifier.plan(), b.ctx.notifier.plan()]);
      await until(() => sent().length === i + 1, `the reminder of ${day}`);
      a.clock.advance(60_000);
      await Promise.all([a.app.ctx.notifier.plan(), b.ctx.notifier.plan()]);
      await new Promise((r) => setTimeout(r, 2500));
    }
    expect(sent().map((n) => n.params.n)).toEqual(['1', '2']);
  });

  it('tells each advisor once of cases opened through both instances at the same moment', async () => {
    a.clock.set(china('2026-11-24T10:00:00'));
    const advisor = await loginAs(a, '13900319202');
    await userRepository(a.db, Date.now).grant(advisor.userId, 'advisor');
    const user = await loginAs(a, '13900319203');
    await grantConsents(a, user.token, ['consultation']);
    const ask = (app: typeof b) => {
      const body = multipartBody({ data: JSON.stringify(consultationRequest()) }, []);
      return app.inject({ method: 'POST', url: '/api/v8/consultations', ...body, headers: { ...body.headers, ...auth(user.token) } });
    };
    // Two cases per instance at once (the day's upload slot is per account: one at a time each).
    const answers = [];
    for (let i = 0; i < 2; i++) answers.push(...(await Promise.all([ask(a.app), ask(b)])));
    expect(answers.every((r) => r.statusCode === 200 || r.statusCode === 429)).toBe(true);
    const opened = answers.filter((r) => r.statusCode === 200).length;
    expect(opened).toBeGreaterThan(0);
    const forAdvisor = () => a.sms.notices.filter((n) => n.template === 'case-new' && n.to === '+8613900319202');
    await until(() => forAdvisor().length === 1, 'the advisor’s notice');
    await new Promise((r) => setTimeout(r, 2500));
    expect(forAdvisor()).toHaveLength(1);
    // The rest come together at the 10th minute, once.
    a.clock.advance(10 * 60_000);
    await Promise.all([a.app.ctx.notifier.plan(), b.ctx.notifier.plan()]);
    await new Promise((r) => setTimeout(r, 2500));
    const total = forAdvisor().reduce((n, x) => n + Number(x.params.count), 0);
    expect(forAdvisor().length).toBeLessThanOrEqual(2);
    expect(total).toBe(opened);
  }, 30_000);
});
