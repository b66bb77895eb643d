import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { wechatApi } from '../wechat/wechat-api.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { loginAs } from '../../test/support/login-helpers.ts';

/**
 * WeChat OAuth login and binding (spec §7 calls 3–4; issue #13 item 1): the app starts every round
 * trip, codes count only with the state this tab started, tickets are tied to that state, and binding
 * changes need a fresh SMS code and end the account's other sessions.
 */
describe.each(DIALECTS)('WeChat start / checkout.do / bind.do / unbind.do on %s', (dialect) => {
  let t: TestApp;
  let off: TestApp;
  let close: () => void;
  /** Codes the fake WeChat API was asked to exchange. */
  const exchanged: string[] = [];
  beforeAll(async () => {
    // A fake WeChat OAuth API on loopback: code "c-<openid>" → that openid; anything else → errcode.
    const server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      const code = url.searchParams.get('code') ?? '';
      exchanged.push(code);
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
    t = await createTestApp(
      dialect,
      { WECHAT_APP_ID: 'wxapp', WECHAT_MAX_PER_IP_HOUR: 1000 },
      { wechat: wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: base }) },
    );
    off = await createTestApp(dialect);
  });
  afterAll(async () => {
    close();
    await t.close();
    await off.close();
  });

  const auth = (token?: string) => (token ? { authorization: `Bearer ${token}` } : {});
  const start = async (returnTo = '/') => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v8/wechat/start', payload: { returnTo } });
    expect(res.statusCode).toBe(200);
    return res.json().data.state as string;
  };
  const checkout = (code: string, state?: string, token?: string, ip = '10.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/aysdmp/wechat/checkout.do', payload: { code, state }, headers: auth(token), remoteAddress: ip });
  const bind = (payload: Record<string, unknown>, token?: string) =>
    t.app.inject({ method: 'POST', url: '/aysdmp/wechat/bind.do', payload, headers: auth(token) });
  const stepUp = async (token: string) => {
    t.clock.advance(61_000);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/me/step-up-code',
      payload: { purpose: 'wechat' },
      headers: auth(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return { code: t.sms.sent.at(-1)!.code, data: res.json().data };
  };
  const me = (token: string) => t.app.inject({ url: '/api/v8/me', headers: auth(token) });
  const rows = async () => ({
    bindings: await t.db.selectFrom('wechat_bindings').selectAll().execute(),
    tickets: await t.db.selectFrom('wechat_tickets').selectAll().execute(),
  });

  it('starts the round trip with a 160-bit state and WeChat’s authorize URL back to /authorize', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v8/wechat/start',
      payload: { returnTo: '/physical' },
      headers: { host: 'moxa.test' },
    });
    const data = res.json().data;
    expect(data.state).toMatch(/^[0-9a-f]{40}$/);
    const url = new URL(data.url);
    expect(url.origin + url.pathname).toBe('https://open.weixin.qq.com/connect/oauth2/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      appid: 'wxapp',
      // PUBLIC_ORIGIN (test-app.ts), never the Host header (issue #27 item 7).
      redirect_uri: 'http://localhost/authorize',
      response_type: 'code',
      scope: 'snsapi_base',
      state: data.state,
    });
    expect(url.hash).toBe('#wechat_redirect');
    const bad = await t.app.inject({ method: 'POST', url: '/api/v8/wechat/start', payload: { returnTo: '//evil.example' } });
    expect(bad.statusCode).toBe(400);
  });

  it('never exchanges a code without a state this server started, and writes nothing', async () => {
    const before = await rows();
    exchanged.length = 0;
    for (const state of [undefined, 'f'.repeat(40), 'not-a-state']) {
      const res = await checkout('c-openid-mallory', state);
      expect(res.statusCode).toBe(400);
    }
    expect(exchanged).toEqual([]);
    expect(await rows()).toEqual(before);
    // A state is good once: a replayed link is refused before any exchange.
    const state = await start();
    expect((await checkout('c-openid-once', state)).statusCode).toBe(200);
    exchanged.length = 0;
    const again = await checkout('c-openid-once', state);
    expect(again.statusCode).toBe(400);
    expect(again.json().msg).toBe('微信授权已过期或不是从本页发起，请重新发起');
    expect(exchanged).toEqual([]);
  });

  it('binds only under the state the ticket came from, and only with a fresh SMS code to the account', async () => {
    const stateA = await start('/physical');
    const first = (await checkout('c-openid-alice', stateA)).json().data;
    expect(first).toMatchObject({ bound: false, loginInfo: null, switchTicket: null, returnTo: '/physical' });
    const ticket = first.bindTicket as string;
    expect((await bind({ ticket, state: stateA, code: '123456' })).statusCode).toBe(401);

    const alice = await loginAs(t, '13800000011');
    const aliceLaptop = await loginAs(t, '13800000011');
    const stateB = await start();
    const { code, data } = await stepUp(alice.token);
    expect(data.mobile).toBe('138******11');
    expect(t.sms.sent.at(-1)!.to).toBe('+8613800000011');

    // Another state, no state, no code, a wrong code: refused, nothing written.
    expect((await bind({ ticket, state: stateB, code }, alice.token)).statusCode).toBe(400);
    expect((await bind({ ticket, code }, alice.token)).statusCode).toBe(400);
    expect((await bind({ ticket, state: stateA }, alice.token)).statusCode).toBe(400);
    const wrong = await bind({ ticket, state: stateA, code: code === '000000' ? '111111' : '000000' }, alice.token);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toMatch(/^验证码错误/);
    expect((await rows()).bindings.filter((b) => b.openid === 'openid-alice')).toEqual([]);

    const bound = await bind({ ticket, state: stateA, code }, alice.token);
    expect(bound.json()).toEqual({ code: 0, msg: 'ok', data: { bound: true, signedOut: 1 } });
    expect((await me(alice.token)).json().data.wechatBound).toBe(true);
    expect((await me(aliceLaptop.token)).statusCode).toBe(401);
    // The ticket is spent.
    expect((await bind({ ticket, state: stateA, code }, alice.token)).statusCode).toBe(400);

    // Now WeChat alone logs Alice in.
    const again = (await checkout('c-openid-alice', await start())).json().data;
    expect(again).toMatchObject({ bound: true, account: '138******11', switchTicket: null });
    expect((await me(again.loginInfo.token)).json().data.id).toBe(alice.userId);
  });

  it('never replaces another login in the tab without asking: a switch ticket, tied to the state', async () => {
    const carol = await loginAs(t, '13800000012');
    const stateC = await start();
    const ticket = (await checkout('c-openid-carol', stateC)).json().data.bindTicket;
    const { code } = await stepUp(carol.token);
    expect((await bind({ ticket, state: stateC, code }, carol.token)).statusCode).toBe(200);

    const dave = await loginAs(t, '13800000013');
    const stateD = await start();
    const res = (await checkout('c-openid-carol', stateD, dave.token)).json().data;
    expect(res).toMatchObject({ bound: true, loginInfo: null, bindTicket: null, account: '138******12' });
    const sw = (payload: Record<string, unknown>) => t.app.inject({ method: 'POST', url: '/api/v8/wechat/switch', payload });
    expect((await sw({ ticket: res.switchTicket, state: await start() })).statusCode).toBe(400);
    const switched = await sw({ ticket: res.switchTicket, state: stateD });
    expect(switched.statusCode).toBe(200);
    expect(switched.json().data.user.id).toBe(carol.userId);
    expect((await sw({ ticket: res.switchTicket, state: stateD })).statusCode).toBe(400);
    // Dave's own session was left alone.
    expect((await me(dave.token)).statusCode).toBe(200);
  });

  it('answers 409 when the WeChat is bound to another account, or the account to another WeChat', async () => {
    const erin = await loginAs(t, '13800000014');
    const stateE = await start();
    const tE = (await checkout('c-openid-erin', stateE)).json().data.bindTicket;
    expect((await bind({ ticket: tE, state: stateE, code: (await stepUp(erin.token)).code }, erin.token)).statusCode).toBe(200);
    const stateE2 = await start();
    const tE2 = (await checkout('c-openid-erin2', stateE2)).json().data.bindTicket;
    const res = await bind({ ticket: tE2, state: stateE2, code: (await stepUp(erin.token)).code }, erin.token);
    expect(res.statusCode).toBe(409);
    expect(res.json().msg).toBe('当前账号已绑定其他微信，请先解除绑定');
  });

  it('unbinds with a fresh SMS code and ends the account’s other sessions', async () => {
    const fay = await loginAs(t, '13800000015');
    const state = await start();
    const ticket = (await checkout('c-openid-fay', state)).json().data.bindTicket;
    expect((await bind({ ticket, state, code: (await stepUp(fay.token)).code }, fay.token)).statusCode).toBe(200);
    t.clock.advance(61_000);
    const fayPad = await loginAs(t, '13800000015');
    const unbind = (code: string | undefined) =>
      t.app.inject({ method: 'POST', url: '/aysdmp/wechat/unbind.do', payload: { code }, headers: auth(fay.token) });
    expect((await unbind(undefined)).statusCode).toBe(400);
    const { code } = await stepUp(fay.token);
    expect((await unbind(code === '000000' ? '111111' : '000000')).statusCode).toBe(400);
    expect((await rows()).bindings.some((b) => b.openid === 'openid-fay')).toBe(true);
    const res = await unbind(code);
    expect(res.json().data).toEqual({ bound: false, signedOut: 1 });
    expect((await rows()).bindings.some((b) => b.openid === 'openid-fay')).toBe(false);
    expect((await me(fay.token)).json().data.wechatBound).toBe(false);
    expect((await me(fayPad.token)).statusCode).toBe(401);
    expect((await unbind(code)).statusCode).toBe(400);
  });

  it('throttles checkout.do per address (issue #13 item 11)', async () => {
    const limited = await createTestApp(
      dialect,
      { WECHAT_APP_ID: 'wxapp', WECHAT_MAX_PER_IP_HOUR: 3 },
      { wechat: { openidForCode: async () => null, jsapiTicket: async () => null } },
    );
    const hit = () =>
      limited.app.inject({
        method: 'POST',
        url: '/aysdmp/wechat/checkout.do',
        payload: { code: 'c-x', state: 'f'.repeat(40) },
        remoteAddress: '10.9.9.9',
      });
    for (let i = 0; i < 3; i++) expect((await hit()).statusCode).toBe(400);
    const refused = await hit();
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    await limited.close();
  });

  it('says plainly when WeChat login is not configured', async () => {
    const res = await off.app.inject({
      method: 'POST',
      url: '/aysdmp/wechat/checkout.do',
      payload: { code: 'c-x', state: 'f'.repeat(40) },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('微信登录尚未开通，请使用手机号登录');
    expect((await off.app.inject({ method: 'POST', url: '/api/v8/wechat/start', payload: {} })).statusCode).toBe(503);
    expect((await off.app.inject({ url: '/api/v8/wechat/config' })).json().data).toEqual({ enabled: false, appId: '' });
  });
});
