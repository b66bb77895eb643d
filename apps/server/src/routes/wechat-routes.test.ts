import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatApi } from '../wechat/wechat-api.ts';
import { createTestApp, DIALECTS, type TestApp } from '../test/test-app.ts';
import { loginAs } from '../test/login-helpers.ts';

describe.each(DIALECTS)('WeChat checkout.do / bind.do on %s (spec §7 calls 3–4)', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let close: () => void;
  beforeAll(async () => {
    // A fake WeChat OAuth API on loopback: code "c-<openid>" → that openid; anything else → errcode.
    const server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const code = url.searchParams.get('code') ?? '';
      const ok =
        url.pathname === '/sns/oauth2/access_token' &&
        url.searchParams.get('appid') === 'wxapp' &&
        url.searchParams.get('secret') === 'wxsecret' &&
        code.startsWith('c-');
      res.setHeader('content-type', 'application/json');
      res.end(
        JSON.stringify(
          ok ? { access_token: 'at', openid: code.slice(2), scope: 'snsapi_base' } : { errcode: 40029, errmsg: 'invalid code' },
        ),
      );
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(dialect, {}, { wechat: wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: base }) });
    off = await createTestApp(dialect);
  });
  afterAll(async () => {
    close();
    await t.close();
    await off.close();
  });
  const checkout = (code: string) => t.app.inject({ method: 'POST', url: '/aysdmp/wechat/checkout.do', payload: { code } });
  const bind = (ticket: string, token?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/aysdmp/wechat/bind.do',
      payload: { ticket },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it('binds an unknown openid after phone login, then logs in with WeChat alone', async () => {
    const first = (await checkout('c-openid-alice')).json().data;
    expect(first).toEqual({ bound: false, loginInfo: null, bindTicket: expect.any(String) });
    expect((await bind(first.bindTicket)).statusCode).toBe(401);
    const alice = await loginAs(t, '13800000011');
    const bound = await bind(first.bindTicket, alice.token);
    expect(bound.json()).toEqual({ code: 0, msg: 'ok', data: { bound: true } });
    const again = (await checkout('c-openid-alice')).json().data;
    expect(again.bound).toBe(true);
    expect(again.loginInfo.user.id).toBe(alice.userId);
    const me = await t.app.inject({ url: '/api/v8/me', headers: { authorization: `Bearer ${again.loginInfo.token}` } });
    expect(me.json().data.id).toBe(alice.userId);
  });

  it('answers 409 when the openid is bound to another account', async () => {
    const ticket1 = (await checkout('c-openid-carol')).json().data.bindTicket;
    const ticket2 = (await checkout('c-openid-carol')).json().data.bindTicket;
    const carol = await loginAs(t, '13800000012');
    const dave = await loginAs(t, '13800000013');
    expect((await bind(ticket1, carol.token)).statusCode).toBe(200);
    const res = await bind(ticket2, dave.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('该微信已绑定其他账号');
  });

  it('refuses invalid codes and tickets with Chinese messages', async () => {
    const bad = await checkout('nonsense');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().msg).toBe('微信授权已失效，请重新进入');
    const user = await loginAs(t, '13800000014');
    const res = await bind('A'.repeat(32), user.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().msg).toBe('绑定凭证已失效，请重新从微信进入');
  });

  it('says plainly when WeChat login is not configured', async () => {
    const res = await off.app.inject({ method: 'POST', url: '/aysdmp/wechat/checkout.do', payload: { code: 'c-x' } });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('微信登录尚未开通，请使用手机号登录');
    expect((await off.app.inject({ url: '/api/v8/wechat/config' })).json().data).toEqual({ enabled: false, appId: '' });
  });
});
