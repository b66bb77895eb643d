import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { signRequest } from '@moxa/core/login/sign';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { login, loginAs, sendMsg, signedBody } from '../../test/support/login-helpers.ts';

describe.each(DIALECTS)('login API on %s (issue #3, design §6)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(dialect, {
      SMS_MAX_PER_NUMBER_HOUR: 3,
      SMS_MAX_PER_NUMBER_DAY: 4, // only codes really sent count (issue #13 item 2)
      SMS_MAX_PER_IP_HOUR: 6,
      SMS_MAX_PER_IP_DAY: 8,
      SMS_MAX_GLOBAL_DAY: 1000,
    });
  });
  afterAll(async () => t.close());
  beforeEach(async () => {
    t.sms.sent.length = 0;
    t.sms.fail = false;
    await t.db.deleteFrom('counters').execute();
  });

  it('sends a 6-digit code to a valid mainland number and logs the user in with it', async () => {
    const res = await sendMsg(t.app, '13800138000', t.clock.now());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 0, msg: 'ok', data: { resendAfter: 60, expiresIn: 300 } });
    expect(t.sms.sent).toEqual([{ to: '+8613800138000', code: expect.stringMatching(/^[0-9]{6}$/) }]);
    const stored = await t.db.selectFrom('sms_codes').selectAll().where('mobile', '=', '+8613800138000').execute();
    expect(stored.some((r) => r.code_hash.includes(t.sms.sent[0]!.code))).toBe(false);

    const ok = await login(t.app, { mobile: '13800138000', code: t.sms.sent[0]!.code });
    expect(ok.statusCode).toBe(200);
    const data = ok.json().data;
    expect(data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Issue #27 item 13: 用户 + a random id, never the number's last digits.
    expect(data.user).toEqual({ id: expect.any(String), name: expect.stringMatching(/^用户[A-Z2-9]{6}$/), avatarUrl: '' });
    const sessions = await t.db.selectFrom('sessions').select('token_hash').execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(data.token);

    const me = await t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${data.token}` } });
    expect(me.json().data).toMatchObject({ id: data.user.id, name: data.user.name, mobile: '138******00' });
  });

  it('accepts a code only once', async () => {
    await sendMsg(t.app, '13900139000', t.clock.now());
    const code = t.sms.sent[0]!.code;
    expect((await login(t.app, { mobile: '13900139000', code })).statusCode).toBe(200);
    const again = await login(t.app, { mobile: '13900139000', code });
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('验证码已失效，请重新获取');
  });

  it('kills a code after five wrong tries', async () => {
    await sendMsg(t.app, '13700137000', t.clock.now());
    const right = t.sms.sent[0]!.code;
    const wrong = right === '000000' ? '111111' : '000000';
    const msgs: string[] = [];
    for (let i = 0; i < 5; i++) msgs.push((await login(t.app, { mobile: '13700137000', code: wrong })).json().msg);
    expect(msgs.slice(0, 4)).toEqual([
      '验证码错误，还可以再试4次',
      '验证码错误，还可以再试3次',
      '验证码错误，还可以再试2次',
      '验证码错误，还可以再试1次',
    ]);
    expect(msgs[4]).toBe('验证码错误次数过多，请重新获取');
    const dead = await login(t.app, { mobile: '13700137000', code: right });
    expect(dead.statusCode).toBe(400);
    expect(dead.json().msg).toBe('验证码错误次数过多，请重新获取');
  });

  it('expires a code after 5 minutes', async () => {
    await sendMsg(t.app, '13600136000', t.clock.now());
    t.clock.advance(5 * 60 * 1000 + 1);
    const res = await login(t.app, { mobile: '13600136000', code: t.sms.sent[0]!.code });
    expect(res.json().msg).toBe('验证码已失效，请重新获取');
  });

  it('refuses a second code within 60 s with 429 and Retry-After, and allows it after', async () => {
    expect((await sendMsg(t.app, '13500135000', t.clock.now())).statusCode).toBe(200);
    t.clock.advance(20_000);
    const again = await sendMsg(t.app, '13500135000', t.clock.now());
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBe('40');
    expect(again.json()).toEqual({ code: 42900, msg: '验证码已发送，请40秒后再试', data: null });
    t.clock.advance(40_000);
    expect((await sendMsg(t.app, '13500135000', t.clock.now())).statusCode).toBe(200);
  });

  it('caps codes per number per hour and per day', async () => {
    const mobile = '13400134000';
    for (let i = 0; i < 3; i++) {
      expect((await sendMsg(t.app, mobile, t.clock.now(), `10.1.0.${i}`)).statusCode).toBe(200);
      t.clock.advance(61_000);
    }
    const hourly = await sendMsg(t.app, mobile, t.clock.now(), '10.1.0.9');
    expect(hourly.statusCode).toBe(429);
    expect(hourly.json().msg).toMatch(/^该手机号获取验证码太频繁，请\d+分钟后再试$/);
    t.clock.advance(3600_000);
    expect((await sendMsg(t.app, mobile, t.clock.now(), '10.1.0.10')).statusCode).toBe(200);
    t.clock.advance(61_000);
    const daily = await sendMsg(t.app, mobile, t.clock.now(), '10.1.0.11');
    expect(daily.statusCode).toBe(429);
    expect(daily.json().msg).toMatch(/今天获取验证码次数已达上限/);
    expect(Number(daily.headers['retry-after'])).toBeGreaterThan(3600);
  });

  it('caps codes per IP across numbers', async () => {
    for (let i = 0; i < 6; i++) expect((await sendMsg(t.app, `1330013300${i}`, t.clock.now(), '10.2.0.1')).statusCode).toBe(200);
    const res = await sendMsg(t.app, '13300133009', t.clock.now(), '10.2.0.1');
    expect(res.statusCode).toBe(429);
    expect(res.json().msg).toMatch(/获取验证码太频繁/);
    expect((await sendMsg(t.app, '13300133009', t.clock.now(), '10.2.0.2')).statusCode).toBe(200);
  });

  it('refuses bad signatures, stale times and replayed salts without sending', async () => {
    const now = t.clock.now();
    const body = signedBody('13200132000', now);
    const tampered = await t.app.inject({
      method: 'POST',
      url: '/api/v8/sendMsg',
      payload: { ...body, sign: signRequest('13200132001', now, body.salt, 3) },
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().msg).toBe('请求校验失败，请刷新页面后重试');
    const stale = await t.app.inject({
      method: 'POST',
      url: '/api/v8/sendMsg',
      payload: signedBody('13200132000', now - 5 * 60 * 1000 - 1),
    });
    expect(stale.json().msg).toBe('手机时间与标准时间相差较大，请校准后重试');
    const first = await t.app.inject({ method: 'POST', url: '/api/v8/sendMsg', payload: body });
    expect(first.statusCode).toBe(200);
    t.clock.advance(61_000);
    const replay = await t.app.inject({ method: 'POST', url: '/api/v8/sendMsg', payload: body });
    expect(replay.statusCode).toBe(400);
    expect(replay.json().msg).toBe('请求已失效，请重新获取验证码');
    expect(t.sms.sent).toHaveLength(1);
  });

  it('refuses impossible numbers with the spec message', async () => {
    for (const mobile of ['12345', '10000000000', '+8521234', '+1555']) {
      const res = await sendMsg(t.app, mobile, t.clock.now());
      expect(res.statusCode).toBe(400);
      expect(res.json().msg).toBe('请输入正确的手机号');
    }
    expect(t.sms.sent).toHaveLength(0);
  });

  it('logs in a Hong Kong number sent as +852… with countryCode 852', async () => {
    expect((await sendMsg(t.app, '+85251234567', t.clock.now())).statusCode).toBe(200);
    expect(t.sms.sent[0]!.to).toBe('+85251234567');
    const wrongCountry = await login(t.app, { mobile: '+85251234567', code: t.sms.sent[0]!.code, countryCode: '86' });
    expect(wrongCountry.json().msg).toBe('请输入正确的手机号');
    const res = await login(t.app, { mobile: '+85251234567', code: t.sms.sent[0]!.code, countryCode: '852' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.name).toMatch(/^用户[A-Z2-9]{6}$/);
  });

  it('gives a clear message and no cooldown when the SMS provider fails', async () => {
    t.sms.fail = true;
    const res = await sendMsg(t.app, '13100131000', t.clock.now());
    expect(res.statusCode).toBe(502);
    expect(res.json().msg).toBe('短信发送失败，请稍后重试');
    expect(await t.db.selectFrom('sms_codes').selectAll().where('mobile', '=', '+8613100131000').execute()).toHaveLength(0);
    t.sms.fail = false;
    expect((await sendMsg(t.app, '13100131000', t.clock.now())).statusCode).toBe(200);
  });

  it('revokes a token on logout, and rejects expired tokens with 401', async () => {
    const { token } = await loginAs(t, '13000130000');
    const auth = { authorization: `Bearer ${token}` };
    expect((await t.app.inject({ url: '/api/v8/me', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v8/logout', headers: auth })).statusCode).toBe(200);
    const after = await t.app.inject({ url: '/api/v8/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json().msg).toBe('登录已失效，请重新登录');

    const second = await loginAs(t, '13000130001');
    t.clock.advance(31 * 86400_000);
    expect((await t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${second.token}` } })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v8/me' })).statusCode).toBe(401);
  });

  it('ends every session of the account on logout-all, and idle sessions after 7 days (issue #13 item 6)', async () => {
    const phone = await loginAs(t, '13000130002');
    const laptop = await loginAs(t, '13000130002');
    const stranger = await loginAs(t, '13000130003');
    const res = await t.app.inject({ method: 'POST', url: '/api/v8/logout-all', headers: { authorization: `Bearer ${phone.token}` } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual({ revoked: 2 });
    for (const token of [phone.token, laptop.token]) {
      expect((await t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${token}` } })).statusCode).toBe(401);
    }
    const me = (token: string) => t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${token}` } });
    expect((await me(stranger.token)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: '/api/v8/logout-all' })).statusCode).toBe(401);

    t.clock.advance(6 * 86400_000);
    expect((await me(stranger.token)).statusCode).toBe(200);
    t.clock.advance(6 * 86400_000);
    expect((await me(stranger.token)).statusCode).toBe(200);
    t.clock.advance(7 * 86400_000);
    expect((await me(stranger.token)).statusCode).toBe(401);
  });

  it('never logs a code, a token or a full phone number', async () => {
    t.logs.length = 0;
    const { token } = await loginAs(t, '15900159000');
    const code = t.sms.sent.at(-1)!.code;
    // The rest of a session's life logs URLs too (issue #7 §7): a wrong try, the token in use, logout.
    const wrong = String((Number(code) + 500_001) % 1_000_000).padStart(6, '0');
    await sendMsg(t.app, '15900159000', t.clock.now());
    await login(t.app, { mobile: '15900159000', code: wrong });
    await t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${token}` } });
    await t.app.inject({ method: 'POST', url: '/api/v8/logout', headers: { authorization: `Bearer ${token}` } });
    const text = t.logs.join('\n');
    expect(text).not.toContain(code);
    expect(text).not.toContain(wrong);
    expect(text).not.toContain(token);
    expect(text).not.toContain('15900159000');
    expect(text).toContain('159******00');
    // The documented fields (docs/operations.md): JSON lines with reqId, req {method, url, ip, ua}, res, responseTime.
    const lines = t.logs.map((l) => JSON.parse(l) as Record<string, unknown>);
    const incoming = lines.filter((l) => l.msg === 'incoming request');
    expect(incoming.map((l) => (l.req as { url: string }).url)).toContain('/api/v8/login?mobile=***&code=***&from=3&countryCode=86');
    for (const l of incoming) expect(Object.keys(l.req as object).sort()).toEqual(['id', 'ip', 'method', 'ua', 'url']);
    const completed = lines.filter((l) => l.msg === 'request completed');
    expect(completed).toHaveLength(incoming.length);
    for (const l of completed)
      expect(l).toMatchObject({
        level: 30,
        reqId: expect.any(String),
        res: { statusCode: expect.any(Number) },
        responseTime: expect.any(Number),
      });
  });
});
