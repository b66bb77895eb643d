import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { grantConsents } from '../../test/support/consent-helpers.ts';

describe.each(DIALECTS)('constitution API on %s (issue #5)', (dialect) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let femaleIds: string[];
  beforeAll(async () => {
    t = await createTestApp(dialect);
    alice = (await loginAs(t, '13800000001')).token;
    bob = (await loginAs(t, '13800000002')).token;
    await grantConsents(t, alice, ['constitution']);
    femaleIds = (await t.app.inject({ url: '/api/v8/physical/questions?gender=female' }))
      .json()
      .data.questions.map((q: { id: string }) => q.id);
  });
  afterAll(async () => t.close());
  const post = (token: string | null, payload: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v8/physical/records',
      payload: payload as object,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
  const all = (v: number) => Object.fromEntries(femaleIds.map((id) => [id, v]));

  it('serves 60 questions per gender in the order asked', async () => {
    const male = (await t.app.inject({ url: '/api/v8/physical/questions?gender=male' })).json().data;
    expect(femaleIds).toHaveLength(60);
    expect(male.questions).toHaveLength(60);
    expect(male.version).toBe('ZYYXH/T157-2009');
    expect(new Set([...femaleIds, ...male.questions.map((q: { id: string }) => q.id)]).size).toBe(61);
    const bad = await t.app.inject({ url: '/api/v8/physical/questions?gender=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('请选择性别');
  });

  it('scores on the server and saves the record for its owner only', async () => {
    const res = await post(alice, { gender: 'female', answers: all(1) });
    expect(res.statusCode).toBe(200);
    const record = res.json().data;
    expect(record.result.conclusion).toBe('是平和质');
    expect(record.result.scales).toHaveLength(9);
    const list = (await t.app.inject({ url: '/api/v8/physical/records', headers: { authorization: `Bearer ${alice}` } })).json().data;
    expect(list.map((r: { id: string }) => r.id)).toContain(record.id);
    const mine = await t.app.inject({ url: `/api/v8/physical/records/${record.id}`, headers: { authorization: `Bearer ${alice}` } });
    expect(mine.json().data.answers.q01).toBe(1);
    const theirs = await t.app.inject({ url: `/api/v8/physical/records/${record.id}`, headers: { authorization: `Bearer ${bob}` } });
    expect(theirs.statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/v8/physical/records', headers: { authorization: `Bearer ${bob}` } })).json().data).toEqual([]);
    expect((await t.app.inject({ url: `/api/v8/physical/records/${record.id}` })).statusCode).toBe(401);
  });

  it('caps the records one account saves per day, refused ones writing nothing (issue #13 item 11)', async () => {
    const capped = await createTestApp(dialect, { PHYSICAL_MAX_RECORDS_PER_DAY: 3 });
    const { token } = await loginAs(capped, '13800000003');
    await grantConsents(capped, token, ['constitution']);
    const save = () =>
      capped.app.inject({
        method: 'POST',
        url: '/api/v8/physical/records',
        payload: { gender: 'female', answers: all(2) },
        headers: { authorization: `Bearer ${token}` },
      });
    for (let i = 0; i < 3; i++) expect((await save()).statusCode).toBe(200);
    const refused = await save();
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^今天保存的测试记录已达上限/);
    expect(await capped.db.selectFrom('physical_records').select('id').execute()).toHaveLength(3);
    capped.clock.advance(86_400_000);
    expect((await save()).statusCode).toBe(200);
    await capped.close();
  });

  it('ignores scores sent by the client', async () => {
    const res = await post(alice, { gender: 'female', answers: all(5), result: { primary: 'pinghe' } });
    expect(res.statusCode).toBe(400);
  });

  it('refuses missing, extra and out-of-range answers and writes nothing', async () => {
    const before = (await t.db.selectFrom('physical_records').select('id').execute()).length;
    const { [femaleIds[0]!]: _x, ...missing } = all(3);
    const cases: [unknown, string][] = [
      [{ gender: 'female', answers: missing }, '还有1道题没有回答'],
      [{ gender: 'female', answers: { ...all(3), q99: 3 } }, '包含不属于本问卷的题目：q99'],
      [{ gender: 'female', answers: { ...all(3), [femaleIds[1]!]: 6 } }, '答案必须是1到5之间的整数'],
      [{ gender: 'female', answers: { ...all(3), [femaleIds[1]!]: 2.5 } }, '答案必须是1到5之间的整数'],
      [{ gender: 'other', answers: all(3) }, '请选择性别'],
    ];
    for (const [payload, msg] of cases) {
      const res = await post(alice, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe(msg);
    }
    expect((await t.db.selectFrom('physical_records').select('id').execute()).length).toBe(before);
  });

  it('serves each scheme with its acupoints resolved to real points', async () => {
    const res = (await t.app.inject({ url: '/api/v8/physical/schemes/qixu' })).json().data;
    expect(res.name).toBe('气虚质');
    expect(res.moxibustion.points.length).toBeGreaterThan(0);
    for (const p of res.moxibustion.points) expect(p.name).not.toBe(p.code);
    expect((await t.app.inject({ url: '/api/v8/physical/schemes/nope' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/v8/physical/types' })).json().data).toHaveLength(9);
  });
});
