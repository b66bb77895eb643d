import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { login, loginAs, sendMsg } from '../../test/support/login-helpers.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';

/**
 * Issue #27 item 10: every SMS code has a purpose and works only for it. A step-up code never logs in
 * and a login code never authorises 注销账号; a new code of one purpose leaves pending codes of the
 * others alone.
 */
describe.each(DIALECTS)('SMS code purposes (issue #27 item 10) on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    const many = 100_000;
    t = await createTestApp(dialect, {
      SMS_MAX_PER_NUMBER_HOUR: many,
      SMS_MAX_PER_NUMBER_DAY: many,
      SMS_MAX_PER_IP_HOUR: many,
      SMS_MAX_PER_IP_DAY: many,
    });
  });
  afterAll(async () => t.close());

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const stepUp = async (token: string, purpose: string) => {
    t.clock.advance(61_000); // one step-up code per number per cooldown, whatever its purpose
    const res = await t.app.inject({ method: 'POST', url: '/api/v8/me/step-up-code', payload: { purpose }, headers: auth(token) });
    expect(res.statusCode, res.body).toBe(200);
    return t.sms.sent.at(-1)!.code;
  };
  const remove = (token: string, code: string) =>
    t.app.inject({ method: 'DELETE', url: '/api/v8/me', payload: { code }, headers: auth(token) });
  const alive = async (token: string) => (await t.app.inject({ url: '/api/v8/me', headers: auth(token) })).statusCode === 200;

  it('a step-up code does not log in, and stays good for its own purpose', async () => {
    const mobile = '13800138701';
    const { token } = await loginAs(t, mobile);
    for (const purpose of ['wechat', 'delete-account', 'export']) {
      const code = await stepUp(token, purpose);
      const res = await login(t.app, { mobile, code });
      expect(res.statusCode, purpose).toBe(400);
      expect(res.json().msg).toBe('验证码已失效，请重新获取');
    }
    const code = await stepUp(token, 'delete-account');
    expect((await login(t.app, { mobile, code })).statusCode).toBe(400);
    expect((await remove(token, code)).statusCode).toBe(200);
  });

  it('a login code and a WeChat step-up code do not authorise 注销账号', async () => {
    const mobile = '13800138702';
    const { token } = await loginAs(t, mobile);
    expect((await sendMsg(t.app, mobile, t.clock.now())).statusCode).toBe(200);
    const loginCode = t.sms.sent.at(-1)!.code;
    const refused = await remove(token, loginCode);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().msg).toBe('验证码已失效，请重新获取');
    const wechatCode = await stepUp(token, 'wechat');
    expect((await remove(token, wechatCode)).statusCode).toBe(400);
    expect(await alive(token)).toBe(true);
    // Both codes are still good for what they were sent for.
    expect((await login(t.app, { mobile, code: loginCode })).statusCode).toBe(200);
    const unbind = await t.app.inject({
      method: 'POST',
      url: '/aysdmp/wechat/unbind.do',
      payload: { code: wechatCode },
      headers: auth(token),
    });
    expect(unbind.json().msg).toBe('当前账号没有绑定微信'); // checked before the code, which stays unused
  });

  it('a new login code does not cancel a pending step-up code, nor the other way round', async () => {
    const mobile = '13800138703';
    const { token } = await loginAs(t, mobile);
    const deletion = await stepUp(token, 'delete-account');
    t.clock.advance(61_000);
    expect((await sendMsg(t.app, mobile, t.clock.now())).statusCode).toBe(200);
    const loginCode = t.sms.sent.at(-1)!.code;
    await stepUp(token, 'wechat');
    await stepUp(token, 'export');
    expect((await login(t.app, { mobile, code: loginCode })).statusCode).toBe(200);
    expect((await remove(token, deletion)).statusCode).toBe(200);
  });

  it('asks for a purpose it knows; an app from before is told to reload', async () => {
    const { token } = await loginAs(t, '13800138704');
    for (const payload of [undefined, {}, { purpose: 'login' }, { purpose: 'anything' }]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v8/me/step-up-code',
        headers: auth(token),
        ...(payload ? { payload } : {}),
      });
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ code: 40000, msg: '页面已更新，请刷新后重试', data: null });
    }
    const stored = await t.db.selectFrom('sms_codes').select(['purpose']).where('mobile', '=', '+8613800138704').execute();
    expect(stored.map((r) => r.purpose)).toEqual(['login']);
  });
});
