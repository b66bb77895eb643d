import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, readSmsCode, type RunningServer } from './lib/server-process.ts';
import { hasBrowser, launch, phonePage } from './lib/page.ts';
import { storedLogin } from './lib/login.ts';

/**
 * WeChat OAuth in Chromium against a fake WeChat (issue #13 item 1): the authorize page sends the
 * browser back to /authorize with a code for whichever WeChat user the test says is "on the phone",
 * and the token endpoint turns code "c-<openid>" into that openid.
 */
describe.skipIf(!hasBrowser())('WeChat login and binding (issue #13 item 1)', () => {
  let browser: Browser;
  let app: RunningServer;
  let fake: Server;
  let wechatUser = 'openid-nobody';
  const exchanged: string[] = [];
  const apiCalls: string[] = [];

  beforeAll(async () => {
    fake = createServer((req, res) => {
      const url = new URL(req.url!, 'http://x');
      if (url.pathname === '/connect/oauth2/authorize') {
        const back = new URL(url.searchParams.get('redirect_uri')!);
        back.search = new URLSearchParams({ code: `c-${wechatUser}`, state: url.searchParams.get('state')! }).toString();
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      const code = url.searchParams.get('code') ?? '';
      exchanged.push(code);
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify(code.startsWith('c-') ? { openid: code.slice(2) } : { errcode: 40029 }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    app = await startServer({
      WECHAT_APP_ID: 'wxapp',
      WECHAT_APP_SECRET: 'wxsecret',
      WECHAT_API_BASE: base,
      WECHAT_AUTHORIZE_BASE: base,
      SMS_COOLDOWN_SECONDS: '1',
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    fake?.close();
  });

  const open = async () => {
    const { page, problems } = await phonePage(browser, { base: app.url });
    page.on('request', (r) => {
      if (/\/(checkout|bind|unbind)\.do$/.test(r.url())) apiCalls.push(new URL(r.url()).pathname);
    });
    return { page, problems };
  };
  const code = async (mobile: string, before: string | null) => {
    let c: string | null = null;
    await expect.poll(() => ((c = readSmsCode(app.logPath, `+86${mobile}`)) !== before ? c : null), { timeout: 5000 }).toMatch(/^\d{6}$/);
    return c!;
  };
  async function logIn(page: Page, mobile: string) {
    await page.goto('/login');
    const before = readSmsCode(app.logPath, `+86${mobile}`);
    await page.getByPlaceholder('请输入手机号').fill(mobile);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByPlaceholder('请输入验证码').fill(await code(mobile, before));
    await page.getByRole('button', { name: '登录' }).click();
    await page.waitForFunction(() => Boolean(localStorage.getItem('keyLoginInfo')));
  }
  const me = async (token: string) =>
    (
      (await (await fetch(`${app.url}/api/v8/me`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
        data: { wechatBound: boolean };
      }
    ).data;

  /** 我的 → 绑定微信 → WeChat → 将微信绑定到账号…？ → SMS code → 确认绑定. */
  async function bindInUi(page: Page, mobile: string, openid: string, screenshot?: string) {
    wechatUser = openid;
    await page.goto('/');
    await page.locator('.home-user').click();
    await page.getByRole('button', { name: '绑定微信' }).click();
    await page.waitForURL('**/authorize?**');
    const heading = page.getByRole('heading', { name: /^将微信绑定到账号 139\*{6}\d{2}？$/ });
    await heading.waitFor();
    const before = readSmsCode(app.logPath, `+86${mobile}`);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText(/验证码已发送到 139\*{6}\d{2}/).waitFor();
    await page.getByLabel('短信验证码').fill(await code(mobile, before));
    if (screenshot) await page.screenshot({ path: screenshot });
    await page.getByRole('button', { name: '确认绑定' }).click();
    await page.locator('.adm-toast-main').getByText('微信绑定成功').waitFor();
  }

  it('binds only after the user confirms and proves the phone; then unbinds the same way', async () => {
    const { page, problems } = await open();
    await logIn(page, '13900007101');
    const alice = (await storedLogin(page))!;
    await bindInUi(page, '13900007101', 'openid-alice', '/tmp/e2e-wechat-bind.png');
    expect((await me(alice.token)).wechatBound).toBe(true);

    // WeChat alone now logs Alice in, in a fresh tab, through /authorize as the entry point.
    const other = await open();
    wechatUser = 'openid-alice';
    await other.page.goto('/authorize?returnTo=/physical');
    await other.page.waitForURL('**/physical');
    // The login is stored as the app takes the page over: wait for it rather than race it.
    await expect.poll(async () => (await storedLogin(other.page))?.user.id).toBe(alice.user.id);

    await page.goto('/');
    await page.locator('.home-user').click();
    await page.getByRole('button', { name: '解除绑定' }).click();
    const before = readSmsCode(app.logPath, '+8613900007101');
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByLabel('短信验证码').fill(await code('13900007101', before));
    await page.screenshot({ path: '/tmp/e2e-wechat-unbind.png' });
    await page.getByRole('button', { name: '确认解除绑定' }).click();
    await page.locator('.adm-toast-main').getByText('已解除微信绑定').waitFor();
    expect((await me(alice.token)).wechatBound).toBe(false);
    expect(problems).toEqual([]);
  });

  it('does nothing with a link carrying someone else’s code: no checkout.do, no bind.do, nothing written', async () => {
    // Mallory starts a round trip in her own browser and sends the victim the link WeChat gave her.
    const mallory = await open();
    wechatUser = 'openid-mallory';
    let link = '';
    mallory.page.on('request', (r) => {
      if (r.url().includes('/authorize?code=')) link = r.url();
    });
    await mallory.page.route('**/authorize?code=*', (route) => route.abort());
    await mallory.page.goto('/authorize').catch(() => {});
    await expect.poll(() => link).toContain('state=');

    const { page } = await open();
    await logIn(page, '13900007102');
    const victim = (await storedLogin(page))!;
    apiCalls.length = 0;
    exchanged.length = 0;
    await page.goto(new URL(link).pathname + new URL(link).search);
    await page.getByRole('heading', { name: '请重新发起微信登录' }).waitFor();
    await page.screenshot({ path: '/tmp/e2e-wechat-stale.png' });
    expect(apiCalls).toEqual([]);
    expect(exchanged).toEqual([]);
    expect((await me(victim.token)).wechatBound).toBe(false);
    expect((await storedLogin(page))?.token).toBe(victim.token);
  });

  it('never replaces the login in this tab with the WeChat’s account unless the user confirms', async () => {
    const bob = await open();
    await logIn(bob.page, '13900007103');
    await bindInUi(bob.page, '13900007103', 'openid-bob');
    const bobId = (await storedLogin(bob.page))!.user.id;
    apiCalls.length = 0;

    const { page } = await open();
    await logIn(page, '13900007104');
    const carol = (await storedLogin(page))!;
    wechatUser = 'openid-bob';
    await page.goto('/authorize?returnTo=/physical');
    const ask = page.getByRole('heading', { name: /^切换到账号 139\*{6}03？$/ });
    await ask.waitFor();
    await page.screenshot({ path: '/tmp/e2e-wechat-switch.png' });
    expect((await storedLogin(page))?.token).toBe(carol.token);
    await page.getByRole('button', { name: '保持当前账号' }).click();
    await page.waitForURL('**/physical');
    expect((await storedLogin(page))?.token).toBe(carol.token);
    expect(apiCalls.filter((p) => p.endsWith('bind.do'))).toEqual([]);

    await page.goto('/authorize?returnTo=/physical');
    await ask.waitFor();
    await page.getByRole('button', { name: '切换账号' }).click();
    await page.waitForURL('**/physical');
    expect((await storedLogin(page))?.user.id).toBe(bobId);
    expect((await fetch(`${app.url}/api/v8/me`, { headers: { Authorization: `Bearer ${carol.token}` } })).status).toBe(401);
  });
});
