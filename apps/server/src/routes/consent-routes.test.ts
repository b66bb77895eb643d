import { PRIVACY_POLICY_VERSION } from '@moxa/core/consent/consent-contract';
import { chinaYear } from '@moxa/core/consent/consent-rules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countUserRows } from '../../test/support/row-counts.ts';
import { ADULT_BIRTH_YEAR, grantConsents } from '../../test/support/consent-helpers.ts';
import { loginAs } from '../../test/support/login-helpers.ts';
import { sessionInput } from '../../test/support/moxa-fixtures.ts';
import { consultationRequest, multipartBody } from '../../test/support/multipart.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

type ConsentList = {
  policyVersion: string;
  consents: { purpose: string; granted: boolean; grantedAt: number | null; withdrawnAt: number | null; policyVersion: string | null }[];
  history: { purpose: string; policyVersion: string; birthYear: number; grantedAt: number; withdrawnAt: number | null }[];
};

/**
 * Issue #27 items 15 and 17 on both databases: the consent ledger, the refusal of every route that
 * saves health data without a consent of its purpose, and the under-14 refusal that records nothing.
 */
describe.each(DIALECTS)('consent ledger on %s (issue #27 items 15, 17)', (dialect) => {
  let t: TestApp;
  let mobiles = 0;
  let answers: Record<string, number>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    const questions = (await t.app.inject({ url: '/api/v8/physical/questions?gender=female' })).json().data.questions as { id: string }[];
    answers = Object.fromEntries(questions.map((q) => [q.id, 2]));
  });
  afterAll(async () => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const newUser = async () => (await loginAs(t, `1390027${String(mobiles++).padStart(4, '0')}`)).token;
  const list = async (token: string) => {
    const res = await t.app.inject({ url: '/api/v8/me/consents', headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as ConsentList;
  };
  const grant = (token: string, body: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v8/me/consents',
      payload: { purpose: 'constitution', policyVersion: PRIVACY_POLICY_VERSION, birthYear: ADULT_BIRTH_YEAR, ...body },
      headers: auth(token),
    });
  const withdraw = (token: string, purpose: string) =>
    t.app.inject({ method: 'DELETE', url: `/api/v8/me/consents/${purpose}`, headers: auth(token) });
  const consultation = (token: string) => {
    const body = multipartBody({ data: JSON.stringify(consultationRequest()) }, []);
    return t.app.inject({
      method: 'POST',
      url: '/api/v8/consultations',
      payload: body.payload,
      headers: { ...body.headers, ...auth(token) },
    });
  };
  /** Each route that saves health data, with the purpose its consent must be of. */
  const SAVES = [
    [
      'constitution',
      'POST /api/v8/physical/records',
      (token: string) =>
        t.app.inject({ method: 'POST', url: '/api/v8/physical/records', payload: { gender: 'female', answers }, headers: auth(token) }),
    ],
    [
      'moxa-log',
      'POST /api/v8/moxa/sessions',
      (token: string) => t.app.inject({ method: 'POST', url: '/api/v8/moxa/sessions', payload: sessionInput(), headers: auth(token) }),
    ],
    [
      'moxa-log',
      'POST /api/v8/moxa/sessions/import',
      (token: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/v8/moxa/sessions/import',
          payload: { sessions: [sessionInput()] },
          headers: auth(token),
        }),
    ],
    ['consultation', 'POST /api/v8/consultations', consultation],
  ] as const;

  it('lists the three purposes, none granted, for a new account', async () => {
    const data = await list(await newUser());
    expect(data.policyVersion).toBe(PRIVACY_POLICY_VERSION);
    expect(data.consents).toEqual(
      ['constitution', 'moxa-log', 'consultation'].map((purpose) => ({
        purpose,
        granted: false,
        grantedAt: null,
        withdrawnAt: null,
        policyVersion: null,
      })),
    );
    expect(data.history).toEqual([]);
    expect((await t.app.inject({ url: '/api/v8/me/consents' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v8/me/consents/constitution' })).statusCode).toBe(401);
  });

  it.each(SAVES)('refuses %s data (%s) without a consent of its purpose, writing nothing', async (purpose, _route, save) => {
    const token = await newUser();
    // Consents of the other purposes do not open this one.
    await grantConsents(
      t,
      token,
      (['constitution', 'moxa-log', 'consultation'] as const).filter((p) => p !== purpose),
    );
    const before = await countUserRows(t.db);
    const res = await save(token);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ code: 40310, msg: '请先同意保存健康信息', data: null });
    expect(await countUserRows(t.db)).toEqual(before);
    // With it, the same request saves.
    await grantConsents(t, token, [purpose]);
    const saved = await save(token);
    expect(saved.statusCode, saved.body).toBe(200);
  });

  it('refuses a follow-up to a consultation once its consent is withdrawn', async () => {
    const token = await newUser();
    await grantConsents(t, token, ['consultation']);
    const caseId = (await consultation(token)).json().data.id as string;
    expect((await withdraw(token, 'consultation')).statusCode).toBe(200);
    const before = await countUserRows(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v8/cases/${caseId}/messages`,
      payload: { body: '补充' },
      headers: auth(token),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().msg).toBe('请先同意保存健康信息');
    expect(await countUserRows(t.db)).toEqual(before);
    // What was saved stays readable, and can be deleted.
    expect((await t.app.inject({ url: `/api/v8/cases/${caseId}`, headers: auth(token) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v8/cases/${caseId}`, headers: auth(token) })).statusCode).toBe(200);
  });

  it('records a grant with its policy version, time and birth year', async () => {
    const token = await newUser();
    const res = await grant(token, { purpose: 'moxa-log' });
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data as ConsentList;
    expect(data.consents[1]).toEqual({
      purpose: 'moxa-log',
      granted: true,
      grantedAt: t.clock.now(),
      withdrawnAt: null,
      policyVersion: PRIVACY_POLICY_VERSION,
    });
    expect(data.consents.filter((c) => c.granted).map((c) => c.purpose)).toEqual(['moxa-log']);
    expect(data.history).toEqual([
      {
        purpose: 'moxa-log',
        policyVersion: PRIVACY_POLICY_VERSION,
        birthYear: ADULT_BIRTH_YEAR,
        grantedAt: t.clock.now(),
        withdrawnAt: null,
      },
    ]);
    // Granting again while in force adds nothing.
    expect((await grant(token, { purpose: 'moxa-log' })).statusCode).toBe(200);
    expect((await list(token)).history).toHaveLength(1);
  });

  it('refuses anyone who may be under 14 and records nothing, not even the answer', async () => {
    const token = await newUser();
    const year = chinaYear(t.clock.now());
    const before = await countUserRows(t.db);
    // Born 14 years ago: 14 only after this year's birthday, so still possibly 13 (item 17, conservative).
    for (const birthYear of [year - 14, year - 5, year]) {
      const res = await grant(token, { birthYear });
      expect(res.statusCode).toBe(403);
      expect(res.json().code).toBe(40311);
      expect(res.json().msg).toMatch(/^未满14周岁，需要父母或其他监护人同意/);
      expect(res.json().data).toBeNull();
    }
    expect(await countUserRows(t.db)).toEqual(before);
    expect((await list(token)).history).toEqual([]);
    expect((await SAVES[0][2](token)).statusCode).toBe(403);
    expect(await countUserRows(t.db)).toEqual(before);
    // Born 15 years ago: 14 at least.
    expect((await grant(token, { birthYear: year - 15 })).statusCode).toBe(200);
    expect((await list(token)).history[0]!.birthYear).toBe(year - 15);
  });

  it('refuses bad input in Chinese and records nothing', async () => {
    const token = await newUser();
    const before = await countUserRows(t.db);
    const year = chinaYear(t.clock.now());
    for (const [body, status, msg] of [
      [{ birthYear: year + 1 }, 400, '请选择正确的出生年份'],
      [{ birthYear: 1899 }, 400, '请选择正确的出生年份'],
      [{ birthYear: '1970' }, 400, '请选择出生年份'],
      [{ birthYear: 1970.5 }, 400, '请选择出生年份'],
      [{ purpose: 'favorites' }, 400, '授权项目不正确'],
      [{ policyVersion: '2020-01-01' }, 409, '隐私政策已更新，请刷新页面，阅读新的隐私政策后再同意'],
    ] as const) {
      const res = await grant(token, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(status);
      expect(res.json().msg).toBe(msg);
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v8/me/consents',
      payload: { purpose: 'constitution', policyVersion: PRIVACY_POLICY_VERSION },
      headers: auth(token),
    });
    expect(missing.json().msg).toBe('请选择出生年份');
    expect((await withdraw(token, 'nope')).statusCode).toBe(400);
    expect(await countUserRows(t.db)).toEqual(before);
  });

  it('withdrawing stops further saving, keeps what was saved until deleted, and a new grant is a new row', async () => {
    const token = await newUser();
    await grantConsents(t, token, ['constitution']);
    const first = t.clock.now();
    expect((await SAVES[0][2](token)).statusCode).toBe(200);

    t.clock.advance(60_000);
    const res = await withdraw(token, 'constitution');
    expect(res.statusCode).toBe(200);
    const after = res.json().data as ConsentList;
    expect(after.consents[0]).toMatchObject({ purpose: 'constitution', granted: false, grantedAt: first, withdrawnAt: first + 60_000 });
    expect((await SAVES[0][2](token)).statusCode).toBe(403);
    // Withdrawing again changes nothing.
    expect(((await withdraw(token, 'constitution')).json().data as ConsentList).history).toEqual(after.history);

    // The record saved before stays until the user deletes it (DELETE /api/v8/physical/records).
    const records = (await t.app.inject({ url: '/api/v8/physical/records', headers: auth(token) })).json().data as unknown[];
    expect(records).toHaveLength(1);
    const other = await newUser();
    await grantConsents(t, other, ['constitution']);
    expect((await SAVES[0][2](other)).statusCode).toBe(200);
    const removed = await t.app.inject({ method: 'DELETE', url: '/api/v8/physical/records', headers: auth(token) });
    expect(removed.json()).toEqual({ code: 0, msg: 'ok', data: { deleted: 1 } });
    expect((await t.app.inject({ url: '/api/v8/physical/records', headers: auth(token) })).json().data).toEqual([]);
    expect((await t.app.inject({ url: '/api/v8/physical/records', headers: auth(other) })).json().data).toHaveLength(1);

    // Granting again: a second row; the first keeps its withdrawal.
    t.clock.advance(60_000);
    const second = t.clock.now();
    await grantConsents(t, token, ['constitution']);
    const history = (await list(token)).history.filter((h) => h.purpose === 'constitution');
    expect(history.map((h) => [h.grantedAt, h.withdrawnAt])).toEqual([
      [second, null],
      [first, first + 60_000],
    ]);
    expect((await SAVES[0][2](token)).statusCode).toBe(200);
  });

  it('keeps the history straight when withdrawal and the new grant fall in the same millisecond', async () => {
    const token = await newUser();
    await grantConsents(t, token, ['moxa-log']);
    await withdraw(token, 'moxa-log');
    await grantConsents(t, token, ['moxa-log']);
    const data = await list(token);
    expect(data.consents[1]!.granted).toBe(true);
    expect(data.history.map((h) => h.withdrawnAt === null)).toEqual([true, false]);
  });
});
