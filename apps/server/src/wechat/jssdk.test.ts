import { createHash } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Env } from '../env.ts';
import { startFakeWechat, type FakeWechat } from '../../test/support/fake-wechat.ts';
import { createTestApp, DIALECTS, testClock, type TestApp } from '../../test/support/test-app.ts';
import { FAILURE_MEMORY_MS, jssdkSigner } from './jssdk-signer.ts';
import { wechatApi } from './wechat-api.ts';

const SITE = 'https://h5.example.com';
const TOKEN = '/cgi-bin/token';
const TICKET = '/cgi-bin/ticket/getticket';

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
    const signer = jssdkSigner(api, 'wxapp', { clock: () => 1414587457_000, nonce: () => 'Wm3WZYTPz0wzccnW' });
    expect(await signer.sign('http://mp.weixin.qq.com?params=value#share')).toEqual({
      ok: true,
      config: {
        appId: 'wxapp',
        timestamp: 1414587457,
        nonceStr: 'Wm3WZYTPz0wzccnW',
        signature: '0f9de62fce790f9a083d5c99e95740ceb90c27ed',
      },
    });
  });
});

/**
 * Issue #27 item 8 against a fake WeChat API on loopback: the access token and the ticket are fetched
 * once and cached until shortly before they expire, a failure is remembered for 30 s and answered 503
 * in the envelope, and each client has a budget of signatures.
 */
describe.each(DIALECTS)('GET /api/v8/wechat/jssdk-config against a fake WeChat API, %s', (dialect) => {
  let fake: FakeWechat;
  let t: TestApp;
  const clock = testClock();
  const open = async (env: Partial<Env> = {}) => {
    const api = wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: fake.base }, fetch, clock.now);
    return createTestApp(
      dialect,
      { WECHAT_APP_ID: 'wxapp', PUBLIC_ORIGIN: SITE, WECHAT_JSSDK_MAX_PER_IP_MINUTE: 1000, ...env },
      { wechat: api, clock: clock.now },
    );
  };
  beforeAll(async () => {
    fake = await startFakeWechat({ ticketTtl: 7200, tokenTtl: 7200 });
  });
  beforeEach(async () => {
    fake.mode = 'ok';
    fake.delayMs = 0;
    fake.requests.length = 0;
    await t?.close();
    t = await open();
  });
  afterAll(async () => {
    await t?.close();
    await fake.close();
  });
  // The page's own Host, so only caching, failures and limits are under test here (the origin rule: site-origin.test.ts).
  const config = (url: string, ip = '10.8.0.1', app = t) =>
    app.app.inject({
      url: `/api/v8/wechat/jssdk-config?url=${encodeURIComponent(url)}`,
      remoteAddress: ip,
      headers: { host: new URL(url).host },
    });

  it('signs this site’s page with a token and a ticket fetched once, for many requests at once', async () => {
    fake.delayMs = 50;
    const page = `${SITE}/product_detail/portable-moxa-box?from=share#top`;
    const answers = await Promise.all(Array.from({ length: 20 }, () => config(page)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    const { timestamp, nonceStr, signature } = answers[0]!.json().data.config;
    const expected = createHash('sha1')
      .update(`jsapi_ticket=ticket-1&noncestr=${nonceStr}&timestamp=${timestamp}&url=${SITE}/product_detail/portable-moxa-box?from=share`)
      .digest('hex');
    expect(signature).toBe(expected);
    for (let i = 0; i < 10; i++) expect((await config(`${SITE}/videos`)).statusCode).toBe(200);
    expect([fake.count(TOKEN), fake.count(TICKET)]).toEqual([1, 1]);
  });

  it('keeps the access token while only the ticket is renewed, and renews both shortly before they expire', async () => {
    fake.requests.length = 0;
    const short = await startFakeWechat({ ticketTtl: 900, tokenTtl: 7200 });
    const api = wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: short.base }, fetch, clock.now);
    const app = await createTestApp(dialect, { WECHAT_APP_ID: 'wxapp', PUBLIC_ORIGIN: SITE }, { wechat: api, clock: clock.now });
    try {
      expect((await config(`${SITE}/`, '10.8.1.1', app)).statusCode).toBe(200);
      // The 15-minute ticket is renewed 5 minutes early; the 2-hour token is not.
      clock.advance(9 * 60_000);
      expect((await config(`${SITE}/`, '10.8.1.1', app)).statusCode).toBe(200);
      expect([short.count(TOKEN), short.count(TICKET)]).toEqual([1, 1]);
      clock.advance(2 * 60_000);
      expect((await config(`${SITE}/`, '10.8.1.1', app)).statusCode).toBe(200);
      expect([short.count(TOKEN), short.count(TICKET)]).toEqual([1, 2]);
      // A token replaced elsewhere: WeChat says 40001 once, one fresh token, and the ticket comes.
      short.replaceTokens();
      clock.advance(11 * 60_000);
      expect((await config(`${SITE}/`, '10.8.1.1', app)).statusCode).toBe(200);
      expect([short.count(TOKEN), short.count(TICKET)]).toEqual([2, 4]);
      // The token fetched then is renewed 5 minutes before its 2 hours are up.
      clock.advance(116 * 60_000);
      expect((await config(`${SITE}/`, '10.8.1.1', app)).statusCode).toBe(200);
      expect(short.count(TOKEN)).toBe(3);
    } finally {
      await app.close();
      await short.close();
    }
  });

  it('keeps signing with a ticket WeChat still honours when its early renewal fails', async () => {
    const short = await startFakeWechat({ ticketTtl: 900, tokenTtl: 7200 });
    const api = wechatApi({ appId: 'wxapp', appSecret: 'wxsecret', baseUrl: short.base }, fetch, clock.now);
    const app = await createTestApp(dialect, { WECHAT_APP_ID: 'wxapp', PUBLIC_ORIGIN: SITE }, { wechat: api, clock: clock.now });
    try {
      expect((await config(`${SITE}/`, '10.8.5.1', app)).statusCode).toBe(200);
      short.mode = 'down';
      // Renewal is due at 10 minutes; the ticket itself lasts 15.
      clock.advance(11 * 60_000);
      expect((await config(`${SITE}/`, '10.8.5.1', app)).statusCode).toBe(200);
      expect(short.count(TICKET)).toBe(2);
      clock.advance(5 * 60_000);
      const expired = await config(`${SITE}/`, '10.8.5.1', app);
      expect(expired.statusCode).toBe(503);
      expect(expired.json().msg).toBe('微信分享暂时不可用，请稍后再试');
    } finally {
      await app.close();
      await short.close();
    }
  });

  it('answers 503 in the envelope while WeChat fails, asking WeChat again only after 30 s', async () => {
    for (const mode of ['down', 'refuse'] as const) {
      fake.mode = mode;
      fake.requests.length = 0;
      const res = await config(`${SITE}/`);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ code: 50300, msg: '微信分享暂时不可用，请稍后再试', data: null });
      expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
      expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(FAILURE_MEMORY_MS / 1000);
      expect(fake.count(TOKEN)).toBe(1);
      // Many page views during the outage: answered from memory, WeChat is not asked again.
      for (let i = 0; i < 25; i++) expect((await config(`${SITE}/`, `10.8.2.${i}`)).statusCode).toBe(503);
      expect(fake.requests).toHaveLength(1);
      clock.advance(FAILURE_MEMORY_MS + 1000);
      fake.mode = 'ok';
      expect((await config(`${SITE}/`)).statusCode).toBe(200);
      expect([fake.count(TOKEN), fake.count(TICKET)]).toEqual([2, 1]);
      // Back to a cold cache for the next mode.
      await t.close();
      t = await open();
    }
    expect(t.logs.join('')).not.toContain('"level":50');
  });

  it('limits signatures per client, with 429 and Retry-After, without asking WeChat', async () => {
    const limited = await open({ WECHAT_JSSDK_MAX_PER_IP_MINUTE: 5 });
    try {
      for (let i = 0; i < 5; i++) expect((await config(`${SITE}/`, '10.8.3.1', limited)).statusCode).toBe(200);
      const refused = await config(`${SITE}/`, '10.8.3.1', limited);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().msg).toMatch(/^操作太频繁，请\d+(秒|分钟)后再试$/);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected; the refused request cost WeChat nothing.
      expect((await config(`${SITE}/`, '10.8.3.2', limited)).statusCode).toBe(200);
      expect([fake.count(TOKEN), fake.count(TICKET)]).toEqual([1, 1]);
      clock.advance(61_000);
      expect((await config(`${SITE}/`, '10.8.3.1', limited)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });

  it('answers disabled without WeChat credentials', async () => {
    const off = await createTestApp(dialect);
    try {
      expect((await config(`http://localhost/`, '10.8.4.1', off)).json().data).toEqual({ enabled: false, config: null });
    } finally {
      await off.close();
    }
  });
});
