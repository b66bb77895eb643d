import { getExampleNumber } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/mobile/examples';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../env.ts';
import { redisLimitStore, type LimitStore } from '../lib/limit-store.ts';
import { MSG_REGION_NOT_ALLOWED, MSG_REGION_UNSUPPORTED } from '../login/sms-destination.ts';
import { login, loginAs, sendMsg, signedBody } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type Dialect, type TestApp } from '../../test/support/test-app.ts';

/**
 * Issue #13 items 2, 3, 4 and 9 and issue #27 item 1: SMS lock-out, SMS pumping, IPv6 buckets,
 * wrong-code caps that never lock an owner out, on both databases, with limits kept in the database
 * and (with TEST_REDIS_URL) in Redis.
 */
const REDIS = process.env.TEST_REDIS_URL;
const MATRIX: [Dialect, 'database' | 'redis'][] = DIALECTS.flatMap((d) => [
  [d, 'database'] as [Dialect, 'database'],
  ...(REDIS ? [[d, 'redis'] as [Dialect, 'redis']] : []),
]);

let prefixes = 0;
function useApp(dialect: Dialect, store: 'database' | 'redis', env: Partial<Env>) {
  let t: TestApp;
  let limits: LimitStore | undefined;
  beforeAll(async () => {
    limits = store === 'redis' ? redisLimitStore(REDIS!, `moxa-test:${process.pid}:${Date.now()}:${prefixes++}:`) : undefined;
    await limits?.ready();
    t = await createTestApp(dialect, env, limits ? { limits } : {});
  });
  afterAll(async () => {
    await t.close();
    await limits?.close();
  });
  beforeEach(() => {
    t.sms.sent.length = 0;
    t.sms.fail = false;
  });
  return () => t;
}

const send = (t: TestApp, mobile: string, ip: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v8/sendMsg', payload: signedBody(mobile, t.clock.now()), remoteAddress: ip, headers });

describe.each(MATRIX)('SMS lock-out (issue #13 item 2) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { SMS_MAX_GLOBAL_DAY: 10, SMS_MAX_PER_IP_HOUR: 2, SMS_MAX_PER_IP_DAY: 2 });

  it('refused requests consume nothing: 50 sends from one address get 2 × 200 and 48 × 429, and another address still gets a code', async () => {
    const t = app();
    const statuses: number[] = [];
    for (let i = 0; i < 50; i++) statuses.push((await send(t, `1350${String(1000000 + i * 7919).slice(-7)}`, '10.9.0.1')).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(2);
    expect(statuses.filter((s) => s === 429)).toHaveLength(48);
    expect(t.sms.sent).toHaveLength(2);
    const other = await send(t, '13600136000', '10.9.0.2');
    expect(other.statusCode).toBe(200);
    expect(t.sms.sent).toHaveLength(3);
  });

  it('the global budget counts only codes handed to the provider', async () => {
    const t = app();
    t.sms.fail = true;
    for (let i = 0; i < 15; i++) expect((await send(t, `1370137${String(i).padStart(4, '0')}`, `10.9.1.${i}`)).statusCode).toBe(502);
    t.sms.fail = false;
    // 3 sent so far (previous test), 7 more fit under the cap of 10, then the cap refuses.
    const results: number[] = [];
    for (let i = 0; i < 8; i++) results.push((await send(t, `1390139${String(i).padStart(4, '0')}`, `10.9.2.${i}`)).statusCode);
    expect(results).toEqual([200, 200, 200, 200, 200, 200, 200, 429]);
  });

  it('claims a salt only once the address is within its budget', async () => {
    const t = app();
    const body = signedBody('13300133111', t.clock.now());
    const refused = await t.app.inject({ method: 'POST', url: '/api/v8/sendMsg', payload: body, remoteAddress: '10.9.0.1' });
    expect(refused.statusCode).toBe(429);
    // The same signed request from an address with budget left is not a replay.
    expect((await t.app.inject({ method: 'POST', url: '/api/v8/sendMsg', payload: body, remoteAddress: '10.9.3.1' })).statusCode).not.toBe(
      400,
    );
  });
});

describe.each(MATRIX)('SMS pumping (issue #13 item 3) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { SMS_MAX_PER_PREFIX_HOUR: 4 });

  it('refuses non-geographic codes and regions outside our country list, whatever the allow-list', async () => {
    const t = app();
    const unlisted = getExampleNumber('GG', examples)!.number; // Guernsey: +44, but not one of our 217 regions
    for (const mobile of ['+881612345678', '+8816312345678', '+870773123456', unlisted]) {
      const res = await send(t, mobile, '10.8.0.1');
      expect(res.statusCode, mobile).toBe(400);
      expect(res.json().msg).toBe(MSG_REGION_UNSUPPORTED);
    }
    // VoIP and premium-rate services are not mobile numbers at all.
    for (const mobile of ['+883510012345', '+979123456789'])
      expect((await send(t, mobile, '10.8.0.1')).json().msg).toBe('请输入正确的手机号');
    expect(t.sms.sent).toHaveLength(0);
  });

  it('allows only the quick-access regions by default', async () => {
    const t = app();
    const us = await send(t, '+12015550123', '10.8.0.2');
    expect(us.statusCode).toBe(400);
    expect(us.json().msg).toBe(MSG_REGION_NOT_ALLOWED);
    for (const mobile of ['+85251234567', '+85366123456', '+886912345678', '+6581234567', '13800138000'])
      expect((await send(t, mobile, '10.8.0.3')).statusCode, mobile).toBe(200);
  });

  it('stops sequential-number floods with a per-block cap', async () => {
    const t = app();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await send(t, `1580158${String(1000 + i)}`, `10.8.1.${i}`)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await send(t, '15801590000', '10.8.1.9')).statusCode).toBe(200);
  });
});

describe.each(MATRIX)('SMS abroad (issue #13 item 3) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { SMS_ALLOWED_COUNTRIES: 'all', SMS_MAX_PER_COUNTRY_HOUR: 2, SMS_MAX_FOREIGN_HOUR: 3 });

  it('gives destinations outside +86 their own, lower caps per country and in total', async () => {
    const t = app();
    const us = ['+12015550123', '+12015550234', '+13125550345'];
    expect((await send(t, us[0]!, '10.7.0.1')).statusCode).toBe(200);
    expect((await send(t, us[1]!, '10.7.0.2')).statusCode).toBe(200);
    const third = await send(t, us[2]!, '10.7.0.3');
    expect(third.statusCode).toBe(429);
    expect(third.json().msg).toMatch(/^该地区短信发送繁忙，请\d+(分钟|小时)后再试$/);
    expect((await send(t, '+447400123456', '10.7.0.4')).statusCode).toBe(200);
    expect((await send(t, '+33612345678', '10.7.0.5')).statusCode).toBe(429); // 3 abroad this hour
    expect((await send(t, '13800138000', '10.7.0.6')).statusCode).toBe(200); // +86 is not capped by them
  });
});

describe.each(MATRIX)('per-IP buckets (issue #13 item 4) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { TRUST_PROXY: true, SMS_MAX_PER_IP_HOUR: 2 });
  const via = (t: TestApp, mobile: string, forwarded: string) => send(t, mobile, '127.0.0.1', { 'x-forwarded-for': forwarded });

  it('counts IPv6 addresses by /64', async () => {
    const t = app();
    expect((await via(t, '13800138001', '2001:db8::1')).statusCode).toBe(200);
    expect((await via(t, '13800138002', '2001:db8::2')).statusCode).toBe(200);
    expect((await via(t, '13800138003', '2001:db8::3')).statusCode).toBe(429);
    expect((await via(t, '13800138004', '2001:db8:0:1::1')).statusCode).toBe(200);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', async () => {
    const t = app();
    expect((await via(t, '13900139001', '192.0.2.10')).statusCode).toBe(200);
    expect((await via(t, '13900139002', '::ffff:192.0.2.10')).statusCode).toBe(200);
    expect((await via(t, '13900139003', '192.0.2.10')).statusCode).toBe(429);
  });
});

const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');
// Codes are issued directly, as sendMsg would for a client at `ip`, so the SMS send limits stay out of the way.
const issue = async (t: TestApp, mobile: string, ip: string) => (await t.app.ctx.smsCodes.issue(`+86${mobile}`, 'login', ip)).code;
/** Lets `seconds` pass for the limits: the database store follows the test clock, Redis the real one. */
async function pass(t: TestApp, store: 'database' | 'redis', seconds: number) {
  t.clock.advance(seconds * 1000);
  if (store === 'redis') await new Promise((resolve) => setTimeout(resolve, seconds * 1000 + 50));
}

describe.each(MATRIX)('wrong codes per number (issue #13 item 9, issue #27 item 1) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { LOGIN_MAX_FAILS_PER_NUMBER_DAY: 7, LOGIN_MAX_FAILS_PER_IP_DAY: 100 });

  it('bounds wrong tries per number per day over all its codes without refusing its owner', async () => {
    const t = app();
    const mobile = '13700137000';
    const owner = '10.6.0.1';
    const first = await issue(t, mobile, owner);
    for (let i = 0; i < 5; i++) await login(t.app, { mobile, code: wrongOf(first) }, owner);
    const second = await issue(t, mobile, owner);
    expect((await login(t.app, { mobile, code: wrongOf(second) }, owner)).json().msg).toBe('验证码错误，还可以再试4次');
    expect((await login(t.app, { mobile, code: wrongOf(second) }, owner)).json().msg).toBe('验证码错误，还可以再试3次');
    // 7 wrong codes today: another client is no longer compared, not even with the right code …
    const other = await login(t.app, { mobile, code: second }, '10.6.0.4');
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('验证码错误次数过多，请重新获取');
    // … and the owner's next wrong try ends the code, but a right code still logs the owner in.
    expect((await login(t.app, { mobile, code: wrongOf(second) }, owner)).json().msg).toBe('验证码错误次数过多，请重新获取');
    expect((await login(t.app, { mobile, code: second }, owner)).json().msg).toBe('验证码错误次数过多，请重新获取');
    expect((await login(t.app, { mobile, code: await issue(t, mobile, owner) }, owner)).statusCode).toBe(200);
  });

  it('does not count right codes', async () => {
    const t = app();
    const mobile = '13700137999';
    for (let i = 0; i < 9; i++) {
      expect((await login(t.app, { mobile, code: await issue(t, mobile, `10.6.1.${i}`) }, `10.6.1.${i}`)).statusCode).toBe(200);
    }
  });
});

describe.each(MATRIX)('nobody can lock a number out (issue #27 item 1, default limits) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, {});

  it('the reported attack: one code for the victim, 11 wrong codes from 11 addresses; the victim’s fresh code still logs in', async () => {
    const t = app();
    const victim = '13800138123';
    const planted = await issue(t, victim, '203.0.113.1');
    for (let i = 0; i < 11; i++) {
      const res = await login(t.app, { mobile: victim, code: wrongOf(planted) }, `198.51.100.${i}`);
      expect(res.statusCode, res.body).toBe(400);
    }
    // Many more, from many more addresses: the victim's own code is never touched.
    for (let i = 0; i < 40; i++)
      expect((await login(t.app, { mobile: victim, code: wrongOf(planted) }, `198.51.101.${i}`)).statusCode).toBe(400);
    const sent = await sendMsg(t.app, victim, t.clock.now(), '192.0.2.50');
    expect(sent.statusCode, sent.body).toBe(200);
    // An attacker still guessing while the victim reads the SMS changes nothing.
    for (let i = 0; i < 5; i++) await login(t.app, { mobile: victim, code: wrongOf(t.sms.sent.at(-1)!.code) }, `198.51.102.${i}`);
    const res = await login(t.app, { mobile: victim, code: t.sms.sent.at(-1)!.code }, '192.0.2.50');
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe.each(MATRIX)('wrong codes per client (issue #27 item 1) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { LOGIN_MAX_FAILS_PER_NUMBER_DAY: 20, LOGIN_MAX_FAILS_PER_IP_DAY: 6 });

  it('tries at a missing or dead code cost neither the number nor the client', async () => {
    const t = app();
    const client = '10.4.0.1';
    for (let i = 0; i < 10; i++)
      expect((await login(t.app, { mobile: '13600136001', code: '123456' }, client)).json().msg).toBe('验证码已失效，请重新获取');
    const mobile = '13600136002';
    const code = await issue(t, mobile, client);
    for (let i = 0; i < 5; i++) await login(t.app, { mobile, code: wrongOf(code) }, client);
    for (let i = 0; i < 10; i++) expect((await login(t.app, { mobile, code }, client)).json().msg).toBe('验证码错误次数过多，请重新获取');
    // 5 wrong tries were counted for the client: it has exactly one left.
    const next = await issue(t, mobile, client);
    expect((await login(t.app, { mobile, code: wrongOf(next) }, client)).json().msg).toBe('验证码错误，还可以再试4次');
    // That was its sixth: the client is stopped for the day.
    await issue(t, '13600136003', client);
    const spent = await login(t.app, { mobile: '13600136003', code: '123456' }, client);
    expect(spent.statusCode).toBe(429);
    expect(spent.json().msg).toMatch(/^验证码错误次数过多，请\d+小时后再试$/);
    expect(Number(spent.headers['retry-after'])).toBeGreaterThan(3600);
    // The number itself is not refused: a right code from another address still logs in.
    expect((await login(t.app, { mobile, code: next }, '10.4.9.9')).statusCode).toBe(200);
  });

  it('stops a guesser across numbers and addresses of one IPv6 /64, and nobody else', async () => {
    const t = app();
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) {
      const mobile = `1350135${String(1000 + i)}`;
      const code = await issue(t, mobile, `10.4.1.${i}`);
      statuses.push((await login(t.app, { mobile, code: wrongOf(code) }, `2001:db8:7:7::${i + 1}`)).statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 400, 429, 429]);
    const mobile = '13501352000';
    const code = await issue(t, mobile, '10.4.2.1');
    expect((await login(t.app, { mobile, code: wrongOf(code) }, '2001:db8:7:8::1')).statusCode).toBe(400);
    expect((await login(t.app, { mobile, code }, '2001:db8:7:7::99')).statusCode).toBe(429);
    expect((await login(t.app, { mobile, code }, '10.4.2.1')).statusCode).toBe(200);
  });
});

describe.each(MATRIX)('an attacker cannot use up the owner’s step-up codes (issue #27 item 1) on %s, limits in %s', (dialect, store) => {
  const app = useApp(dialect, store, { SMS_MAX_PER_NUMBER_DAY: 2, SMS_COOLDOWN_SECONDS: 1 });

  it('spends the number’s daily login codes, but the logged-in owner still gets a step-up code and deletes the account', async () => {
    const t = app();
    const victim = '13900139321';
    const { token } = await loginAs(t, victim, '192.0.2.60');
    await pass(t, store, 1);
    expect((await sendMsg(t.app, victim, t.clock.now(), '203.0.113.9')).statusCode).toBe(200);
    await pass(t, store, 1);
    // The trade-off (decision 029): the number's daily login codes are spent for the day …
    const refused = await sendMsg(t.app, victim, t.clock.now(), '192.0.2.60');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().msg).toMatch(/^该手机号今天获取验证码次数已达上限，请\d+小时后再试$/);
    // … but step-up codes have their own budgets: the owner can still confirm what needs the phone.
    const auth = { authorization: `Bearer ${token}` };
    const stepUp = await t.app.inject({
      method: 'POST',
      url: '/api/v8/me/step-up-code',
      payload: { purpose: 'delete-account' },
      headers: auth,
      remoteAddress: '192.0.2.60',
    });
    expect(stepUp.statusCode, stepUp.body).toBe(200);
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/v8/me',
      payload: { code: t.sms.sent.at(-1)!.code },
      headers: auth,
      remoteAddress: '192.0.2.60',
    });
    expect(res.statusCode, res.body).toBe(200);
  });
});

describe.each(DIALECTS)('a limit store that cannot answer (issue #13 item 10) on %s', (dialect) => {
  let t: TestApp;
  let down: LimitStore;
  beforeAll(async () => {
    down = redisLimitStore('redis://127.0.0.1:1', 'moxa-test:down:');
    t = await createTestApp(dialect, {}, { limits: down });
  });
  afterAll(async () => {
    await t.close();
    await down.close().catch(() => {});
  });

  it('refuses sends and logins with 503 and sends nothing', async () => {
    const res = await send(t, '13800138000', '10.5.0.1');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ code: expect.any(Number), msg: '服务繁忙，请稍后再试', data: null });
    expect(t.sms.sent).toHaveLength(0);
    expect((await login(t.app, { mobile: '13800138000', code: '123456' }, '10.5.0.1')).statusCode).toBe(503);
  });
});
