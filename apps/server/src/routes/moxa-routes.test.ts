import { SAFETY_FACTS } from '@moxa/core/safety/safety-facts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionInput } from '@moxa/core/moxa/moxa-contract';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { grantConsents } from '../../test/support/consent-helpers.ts';
import { sessionInput } from '../../test/support/moxa-fixtures.ts';

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

describe.each(DIALECTS)('guided sessions API on %s (issue #18)', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = (await loginAs(t, '13800000011')).token;
    bob = (await loginAs(t, '13800000012')).token;
    await grantConsents(t, alice, ['moxa-log']);
    await grantConsents(t, bob, ['moxa-log']);
  });
  afterAll(async () => t.close());
  const list = async (token: string) =>
    (await t.app.inject({ url: '/api/v8/moxa/sessions', headers: bearer(token) })).json().data as { id: string; clientId: string }[];
  const save = (token: string, payload: unknown) =>
    t.app.inject({ method: 'POST', url: '/api/v8/moxa/sessions', payload: payload as object, headers: bearer(token) });

  it('builds a condition plan in prescription order, with its course length and cautions', async () => {
    const res = await t.app.inject({ url: '/api/v8/moxa/plan?disease=insomnia' });
    expect(res.statusCode).toBe(200);
    const plan = res.json().data;
    expect(plan.title).toBe('失眠');
    expect(plan.points.map((p: { code: string }) => p.code)).toEqual(['GV20', 'HT7', 'SP6', 'KI1']);
    expect(plan.points[0]).toMatchObject({ name: '百会', minutes: 10, method: '艾条温和灸', distance: '离头皮3～4厘米', bilateral: false });
    expect(plan.points[2].bilateral).toBe(true);
    expect(plan.points[0].chart).not.toBeNull();
    expect(plan.courseLength).toBe(10);
    expect(plan.cautions.join()).toContain(SAFETY_FACTS.pregnancy.text);
  });

  it('builds scheme, product and hand-picked plans; refuses points not for home moxibustion', async () => {
    const scheme = (await t.app.inject({ url: '/api/v8/moxa/plan?scheme=qixu' })).json().data;
    expect(scheme.title).toBe('气虚质调理');
    expect(scheme.points.length).toBeGreaterThan(0);
    expect(scheme.courseLength).toBeGreaterThan(0);
    const product = (await t.app.inject({ url: '/api/v8/moxa/plan?product=pure-moxa-stick' })).json().data;
    expect(product.points.map((p: { code: string }) => p.code)).toEqual(['ST36', 'CV6', 'CV4']);
    const picked = (await t.app.inject({ url: '/api/v8/moxa/plan?points=st36,CV4,BL1' })).json().data;
    expect(picked.points.map((p: { code: string }) => p.code)).toEqual(['ST36', 'CV4']);
    expect(picked.refused).toEqual([expect.objectContaining({ code: 'BL1', name: '睛明' })]);
    expect(picked.points[0].minutes).toBe(10); // 10～15分钟 starts gently at the lower bound
  });

  it('answers 404 for unknown sources and a Chinese 400 for bad picks', async () => {
    expect((await t.app.inject({ url: '/api/v8/moxa/plan?disease=nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v8/moxa/plan?scheme=nope' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v8/moxa/plan?product=moxa-snuffer' })).statusCode).toBe(404); // no how-to session
    const unknown = await t.app.inject({ url: '/api/v8/moxa/plan?points=ST36,XX9' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().msg).toBe('没有找到穴位 XX9');
    expect((await t.app.inject({ url: '/api/v8/moxa/plan?points=ST36,st36' })).json().msg).toBe('足三里重复了');
    expect((await t.app.inject({ url: '/api/v8/moxa/plan' })).json().msg).toBe('请从艾灸方法、调理方案或穴位开始艾灸');
    expect((await t.app.inject({ url: '/api/v8/moxa/plan?disease=insomnia&scheme=qixu' })).statusCode).toBe(400);
  });

  it('saves a session once per clientId, names points from the catalog, and keeps it owner-only', async () => {
    const input = sessionInput({ points: [{ code: 'ST36', name: '假名', plannedSeconds: 600, doneSeconds: 600, skipped: false }] });
    const first = await save(alice, input);
    expect(first.statusCode).toBe(200);
    const record = first.json().data;
    expect(record.points[0]).toMatchObject({ code: 'ST36', name: '足三里' });
    const again = await save(alice, input);
    expect(again.json().data.id).toBe(record.id);
    expect((await list(alice)).filter((s) => s.clientId === input.clientId)).toHaveLength(1);
    expect(await list(bob)).toEqual([]);
    // Bob cannot delete Alice's session: it is as if it did not exist.
    const theirs = await t.app.inject({ method: 'DELETE', url: `/api/v8/moxa/sessions/${record.id}`, headers: bearer(bob) });
    expect(theirs.statusCode).toBe(404);
    expect((await list(alice)).map((s) => s.id)).toContain(record.id);
    expect((await t.app.inject({ url: '/api/v8/moxa/sessions' })).statusCode).toBe(401);
  });

  it('keeps a session ended early with the time done, marked; a device older than the mark sends a complete one', async () => {
    const early = sessionInput({
      endedEarly: true,
      points: [
        { code: 'GV20', name: '百会', plannedSeconds: 600, doneSeconds: 600, skipped: false },
        { code: 'HT7', name: '神门', plannedSeconds: 300, doneSeconds: 130, skipped: false },
      ],
    });
    const saved = await save(alice, early);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ endedEarly: true, points: [{ doneSeconds: 600 }, { code: 'HT7', doneSeconds: 130 }] });
    const { endedEarly: _, ...old } = sessionInput();
    expect((await save(alice, old)).json().data.endedEarly).toBe(false);
    const listed = (await list(alice)) as unknown as { clientId: string; endedEarly: boolean }[];
    expect(listed.find((s) => s.clientId === early.clientId)?.endedEarly).toBe(true);
    expect(listed.find((s) => s.clientId === old.clientId)?.endedEarly).toBe(false);
    expect((await save(alice, { ...sessionInput(), endedEarly: 'yes' })).json().msg).toBe('提前结束标记不正确');
  });

  it('refuses bad sessions with a Chinese message and writes nothing', async () => {
    const before = (await list(alice)).length;
    const cases: [Partial<SessionInput>, string][] = [
      [{ feeling: 6 }, ''],
      [{ reactions: ['redness', 'redness'] }, '反应选项重复了'],
      [{ notes: '字'.repeat(501) }, '备注最多 500 个字'],
      [{ startedAt: t.clock.now() + 3_600_000, endedAt: t.clock.now() + 4_000_000 }, '记录时间晚于现在，请检查手机时间'],
      [{ points: [{ code: 'XX1', name: '', plannedSeconds: 600, doneSeconds: 1, skipped: false }] }, '穴位编号不正确'],
      [{ points: [{ code: 'ST36', name: '', plannedSeconds: 600, doneSeconds: 3000, skipped: false }] }, '足三里的时间不正确'],
      [{ endedAt: 1 }, '结束时间不正确'],
    ];
    for (const [over, msg] of cases) {
      const res = await save(alice, sessionInput(over));
      expect(res.statusCode, JSON.stringify(over)).toBe(400);
      if (msg) expect(res.json().msg).toBe(msg);
    }
    expect((await list(alice)).length).toBe(before);
  });

  it('imports a device log idempotently, all or nothing, and deletes for real', async () => {
    const carol = (await loginAs(t, '13800000013')).token;
    await grantConsents(t, carol, ['moxa-log']);
    const device = [sessionInput({}, t.clock.now() - 3 * 86_400_000), sessionInput({}, t.clock.now() - 2 * 86_400_000)];
    const imp = (sessions: unknown[]) =>
      t.app.inject({ method: 'POST', url: '/api/v8/moxa/sessions/import', payload: { sessions }, headers: bearer(carol) });
    expect((await imp(device)).json().data).toEqual({ imported: 2, existing: 0 });
    expect((await imp(device)).json().data).toEqual({ imported: 0, existing: 2 });
    // One bad session refuses the whole import.
    const bad = await imp([sessionInput(), sessionInput({ feeling: 0 })]);
    expect(bad.statusCode).toBe(400);
    expect(await list(carol)).toHaveLength(2);
    expect((await imp(Array.from({ length: 201 }, () => sessionInput()))).json().msg).toBe('一次最多同步 200 条记录');
    const [newest] = await list(carol);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v8/moxa/sessions/${newest!.id}`, headers: bearer(carol) })).statusCode).toBe(
      200,
    );
    expect(await list(carol)).toHaveLength(1);
    const all = await t.app.inject({ method: 'DELETE', url: '/api/v8/moxa/sessions', headers: bearer(carol) });
    expect(all.json().data).toEqual({ deleted: 1 });
    const rows = await t.db.selectFrom('moxa_sessions').selectAll().execute();
    expect(rows.every((r) => r.client_id !== device[0]!.clientId)).toBe(true);
  });
});
