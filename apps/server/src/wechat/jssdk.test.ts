import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app.ts';
import { jssdkSigner } from './jssdk-signer.ts';
import { wechatApi } from './wechat-api.ts';

describe('JS-SDK signing (issue #16 share cards)', () => {
  it('signs as WeChat’s published example does, without the #fragment', async () => {
    // The example of WeChat's JS-SDK documentation (附录1).
    const api = {
      openidForCode: async () => null,
      jsapiTicket: async () => ({
        ticket: 'sM4AOVdWfPE4DxkXGEs8VMCPGGVi4C3VM0P37wVUCFvkVAy_90u5h9nbSlYy3-Sl-HhTdfl2fzFy1AOcHKP7qg',
        expiresIn: 7200,
      }),
    };
    const signer = jssdkSigner(
      api,
      'wxapp',
      () => 1414587457_000,
      () => 'Wm3WZYTPz0wzccnW',
    );
    expect(await signer.sign('http://mp.weixin.qq.com?params=value#share')).toEqual({
      appId: 'wxapp',
      timestamp: 1414587457,
      nonceStr: 'Wm3WZYTPz0wzccnW',
      signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
    });
  });
});

describe('GET /api/v8/wechat/jssdk-config against a fake WeChat API on loopback', () => {
  let t: TestApp;
  let off: TestApp;
  let close: () => void;
  const calls: string[] = [];
  beforeAll(async () => {
    const server = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      calls.push(url.pathname);
      res.setHeader('content-type', 'application/json');
      if (url.pathname === '/cgi-bin/token' && url.searchParams.get('appid') === 'wxapp' && url.searchParams.get('secret') === 'wxsecret')
        return res.end(JSON.stringify({ access_token: 'at-1', expires_in: 7200 }));
      if (
        url.pathname === '/cgi-bin/ticket/getticket' &&
        url.searchParams.get('access_token') === 'at-1' &&
        url.searchParams.get('type') === 'jsapi'
      )
        return res.end(JSON.stringify({ errcode: 0, ticket: 'ticket-1', expires_in: 7200 }));
      res.end(JSON.stringify({ errcode: 40001, errmsg: 'invalid' }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    close = () => server.close();
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    t = await createTestApp(
      'sqlite',
      { WECHAT_APP_ID: 'wxapp' },
      { wechat: wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: base }) },
    );
    off = await createTestApp('sqlite');
  });
  afterAll(async () => {
    close();
    await t.close();
    await off.close();
  });
  const config = (app: TestApp, url: string) =>
    app.app.inject({ url: `/api/v8/wechat/jssdk-config?url=${encodeURIComponent(url)}`, headers: { host: 'moxa.example.cn' } });

  it('signs this site’s page with a ticket fetched once and cached', async () => {
    const page = 'https://moxa.example.cn/product_detail/portable-moxa-box?from=share#top';
    const first = (await config(t, page)).json().data;
    expect(first.enabled).toBe(true);
    const { timestamp, nonceStr, signature } = first.config;
    const expected = createHash('sha1')
      .update(
        `jsapi_ticket=ticket-1&noncestr=${nonceStr}&timestamp=${timestamp}&url=https://moxa.example.cn/product_detail/portable-moxa-box?from=share`,
      )
      .digest('hex');
    expect(signature).toBe(expected);
    await config(t, 'https://moxa.example.cn/videos');
    expect(calls.filter((c) => c === '/cgi-bin/ticket/getticket')).toHaveLength(1);
  });

  it('refuses to sign another site’s page, and answers disabled without WeChat credentials', async () => {
    const other = await config(t, 'https://evil.example.com/');
    expect(other.statusCode).toBe(400);
    expect(other.json().msg).toBe('只能为本站页面签名');
    expect((await config(t, 'javascript:alert(1)')).statusCode).toBe(400);
    expect((await config(off, 'https://moxa.example.cn/')).json().data).toEqual({ enabled: false, config: null });
  });
});
