import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { assertDeployable, loadEnv, originOf, type Env } from '../env.ts';
import { startFakeWechat, type FakeWechat } from '../../test/support/fake-wechat.ts';
import { createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { wechatApi } from './wechat-api.ts';

const SITE = 'https://h5.example.com';
/** Headers an attacker sends: another Host, and the proxy headers a trusting server would believe. */
const FORGED: Record<string, string> = { host: 'evil.example.com', 'x-forwarded-host': 'evil.example.com', 'x-forwarded-proto': 'https' };

describe('PUBLIC_ORIGIN (issue #27 item 7)', () => {
  it('is an http(s) origin, normalised, and nothing more', () => {
    expect(originOf('https://H5.Example.com/')).toBe('https://h5.example.com');
    expect(originOf('http://127.0.0.1:3000')).toBe('http://127.0.0.1:3000');
    for (const bad of [
      'h5.example.com',
      'https://h5.example.com/app',
      'https://h5.example.com?x=1',
      'https://a@h5.example.com',
      'ftp://h5.example.com',
      'javascript:alert(1)',
    ])
      expect(originOf(bad), bad).toBeNull();
    expect(loadEnv({ PUBLIC_ORIGIN: 'https://H5.example.com/' }).PUBLIC_ORIGIN).toBe(SITE);
    expect(() => loadEnv({ PUBLIC_ORIGIN: 'https://h5.example.com/path' })).toThrow(/PUBLIC_ORIGIN/);
  });

  it('is required to start with WeChat configured, unless the server listens on the loopback only without a proxy', () => {
    const wechat = { WECHAT_APP_ID: 'wxapp', WECHAT_APP_SECRET: 'wxsecret', SMS_CONSOLE_ALLOWED: 'true' };
    expect(() => assertDeployable(loadEnv({ ...wechat, HOST: '0.0.0.0' }))).toThrow(/PUBLIC_ORIGIN/);
    expect(() => assertDeployable(loadEnv({ ...wechat, HOST: '127.0.0.1', TRUST_PROXY: '1' }))).toThrow(/PUBLIC_ORIGIN/);
    expect(() => assertDeployable(loadEnv({ ...wechat, HOST: '127.0.0.1' }))).not.toThrow();
    expect(() => assertDeployable(loadEnv({ ...wechat, HOST: '0.0.0.0', PUBLIC_ORIGIN: SITE }))).not.toThrow();
    expect(() => assertDeployable(loadEnv({ HOST: '0.0.0.0', SMS_CONSOLE_ALLOWED: 'true' }))).not.toThrow();
  });
});

describe.each(DIALECTS)('this site’s origin for WeChat on %s: never from Host or X-Forwarded-Host (issue #27 item 7)', (dialect) => {
  let fake: FakeWechat;
  const apps: TestApp[] = [];
  const open = async (env: Partial<Env>) => {
    const api = wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: fake.base });
    const t = await createTestApp(dialect, { WECHAT_APP_ID: 'wxapp', ...env }, { wechat: api });
    apps.push(t);
    return t;
  };
  let site: TestApp;
  beforeAll(async () => {
    fake = await startFakeWechat();
    // Behind a proxy that is trusted: X-Forwarded-Host would be believed by request.host.
    site = await open({ PUBLIC_ORIGIN: SITE, TRUST_PROXY: true });
  });
  afterAll(async () => {
    for (const t of apps) await t.close();
    await fake.close();
  });
  const config = (t: TestApp, url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ url: `/api/v8/wechat/jssdk-config?url=${encodeURIComponent(url)}`, headers });
  const start = (t: TestApp, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/v8/wechat/start', payload: { returnTo: '/physical' }, headers });

  it('refuses to sign another site’s page, whatever Host and X-Forwarded-Host say', async () => {
    for (const headers of [FORGED, { host: 'evil.example.com' }, { 'x-forwarded-host': 'evil.example.com' }, {}] as Record<
      string,
      string
    >[]) {
      for (const url of [
        'https://evil.example.com/',
        'http://h5.example.com/',
        'https://h5.example.com.evil.example.com/',
        'https://evil.example.com/?https://h5.example.com/',
      ]) {
        const res = await config(site, url, headers);
        expect(res.statusCode, `${url} ${JSON.stringify(headers)}`).toBe(400);
        expect(res.json()).toEqual({ code: 40000, msg: '只能为本站页面签名', data: null });
      }
      // This site's own page is signed, with or without the forged headers.
      const own = await config(site, `${SITE}/product_detail/portable-moxa-box?from=share`, headers);
      expect(own.statusCode).toBe(200);
      expect(own.json().data.enabled).toBe(true);
    }
  });

  it('sends WeChat back to PUBLIC_ORIGIN/authorize, whatever Host and X-Forwarded-Host say', async () => {
    for (const headers of [FORGED, { host: 'evil.example.com' }, {}] as Record<string, string>[]) {
      const res = await start(site, headers);
      expect(res.statusCode).toBe(200);
      const url = new URL(res.json().data.url);
      expect(url.searchParams.get('redirect_uri')).toBe(`${SITE}/authorize`);
    }
  });

  it('on a developer’s loopback server without PUBLIC_ORIGIN, takes the request’s own address as before', async () => {
    const dev = await open({ PUBLIC_ORIGIN: '', HOST: '127.0.0.1' });
    const redirect = new URL((await start(dev, { host: 'localhost:5173' })).json().data.url).searchParams.get('redirect_uri');
    expect(redirect).toBe('http://localhost:5173/authorize');
    expect((await config(dev, 'http://localhost:5173/videos', { host: 'localhost:5173' })).statusCode).toBe(200);
    expect((await config(dev, 'http://evil.example.com/', { host: 'localhost:5173' })).statusCode).toBe(400);
    // A proxy is not trusted there, so X-Forwarded-Host does not count either.
    expect(
      (await config(dev, 'http://evil.example.com/', { host: 'localhost:5173', 'x-forwarded-host': 'evil.example.com' })).statusCode,
    ).toBe(400);
  });

  it('elsewhere without PUBLIC_ORIGIN, keeps WeChat login and share cards off rather than trust Host', async () => {
    const bare = await open({ PUBLIC_ORIGIN: '', HOST: '0.0.0.0' });
    const asked = fake.requests.length;
    expect((await bare.app.inject({ url: '/api/v8/wechat/config' })).json().data).toEqual({ enabled: false, appId: '' });
    const res = await start(bare, FORGED);
    expect(res.statusCode).toBe(503);
    expect(res.json().msg).toBe('微信登录尚未开通，请使用手机号登录');
    expect((await config(bare, 'https://evil.example.com/', FORGED)).json().data).toEqual({ enabled: false, config: null });
    expect(fake.requests.length).toBe(asked);
  });
});
