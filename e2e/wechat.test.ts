import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantConsents } from './lib/consent.ts';
import { startServer, readSmsCode, type RunningServer } from './lib/server-process.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';
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
      // The JS-SDK's credentials (issue #31: the course form's subscribe button needs wx.config).
      if (url.pathname === '/cgi-bin/token' || url.pathname === '/cgi-bin/ticket/getticket') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ errcode: 0, access_token: 'fake-token', ticket: 'fake-ticket', expires_in: 7200 }));
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
      WECHAT_NOTICE_TEMPLATES: 'course-reminder:tpl-course',
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
    // The login is stored as the app takes the page over: wait for that (on a slow machine it can
    // take longer than a poll's default second) rather than race it.
    await other.page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await expect.poll(async () => (await storedLogin(other.page))?.user.id, { timeout: 10_000 }).toBe(alice.user.id);

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

  it('inside WeChat, the course form offers WeChat’s own subscribe button; allowing it sets WeChat reminders (issue #31)', async () => {
    const { page, problems } = await open();
    await logIn(page, '13900007131');
    await bindInUi(page, '13900007131', 'openid-carol');
    const login = (await storedLogin(page))!;
    await grantConsents(login.token, ['moxa-log'], app.url);

    // The same login, now inside WeChat; WeChat's JS-SDK is stood in for: it records wx.config and
    // renders wx-open-subscribe's template, answering a tap as WeChat's dialog does when allowed.
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      baseURL: app.url,
      userAgent: WECHAT_UA,
    });
    await context.addInitScript(
      (stored) => localStorage.setItem('keyLoginInfo', stored),
      await page.evaluate(() => localStorage.getItem('keyLoginInfo')!),
    );
    await context.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.__wxConfigs = [];
          window.wx = { config: (c) => window.__wxConfigs.push(c), ready: (f) => setTimeout(f), error: () => {},
            updateAppMessageShareData: () => {}, updateTimelineShareData: () => {} };
          customElements.define('wx-open-subscribe', class extends HTMLElement {
            connectedCallback() {
              const t = this.querySelector('script[type="text/wxtag-template"]');
              this.attachShadow({ mode: 'open' }).innerHTML = t ? t.textContent : '';
              this.shadowRoot.addEventListener('click', () => {
                const id = this.getAttribute('template');
                this.dispatchEvent(new CustomEvent('success', { detail: { subscribeDetails: JSON.stringify({ [id]: JSON.stringify({ status: 'accept' }) }) } }));
              });
            }
          });`,
      }),
    );
    const wxPage = await context.newPage();
    const wxProblems: string[] = [];
    wxPage.on('pageerror', (e) => wxProblems.push(e.message));
    await wxPage.goto('/course_new?scheme=disease%3Ainsomnia');
    const subscribe = wxPage.getByRole('button', { name: '用微信提醒我' });
    await subscribe.waitFor();
    expect(
      await wxPage.evaluate(() => (window as unknown as { __wxConfigs: { openTagList?: string[] }[] }).__wxConfigs.at(-1)?.openTagList),
    ).toEqual(['wx-open-subscribe', 'wx-open-launch-weapp']);
    expect(await wxPage.locator('wx-open-subscribe').getAttribute('template')).toBe('tpl-course');
    await subscribe.click();
    await wxPage.getByText('已允许微信提醒').waitFor();
    await wxPage.screenshot({ path: '/tmp/e2e-course-wechat.png' });
    const created = wxPage.waitForResponse((r) => r.url().endsWith('/api/v8/me/courses') && r.request().method() === 'POST');
    await wxPage.getByRole('button', { name: '开始这个疗程' }).click();
    const body = (await created).request().postDataJSON() as { channel: string };
    expect(body.channel).toBe('wechat');
    await wxPage.waitForURL(/\/course\/[^/]+$/);
    await wxPage
      .getByText(/微信提醒/)
      .first()
      .waitFor();
    await context.close();
    expect([...problems, ...wxProblems]).toEqual([]);
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

/** WeChat's in-app browser on an iPhone. */
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

/**
 * Issue #32 item 5: inside WeChat, whose own bar shows the page title and goes back, the app draws no
 * second title bar; 收藏 and 朗读 stay in the page, and 返回 shows only where WeChat's back would close
 * the page instead (the visit's first page).
 */
describe.skipIf(!hasBrowser())('inside WeChat: one title bar, WeChat’s (issue #32 item 5)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  const phone = async (userAgent?: string, elder = false) => {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      deviceScaleFactor: 2,
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      baseURL: baseUrl(),
      ...(userAgent ? { userAgent } : {}),
    });
    await context.addInitScript((on) => {
      if (on) localStorage.setItem('moxaElderMode', '1');
      // A Mandarin voice, so that 朗读 is offered (components/read-aloud-controls.tsx).
      const spoken: string[] = [];
      const voice = { lang: 'zh-CN', name: 'voice-zh-CN', voiceURI: 'v', localService: true, default: true };
      const synth = Object.assign(new EventTarget(), {
        paused: false,
        speaking: false,
        getVoices: () => [voice],
        speak: (u: { text: string }) => spoken.push(u.text),
        cancel: () => undefined,
        pause: () => undefined,
        resume: () => undefined,
      });
      Object.defineProperty(window, 'speechSynthesis', { configurable: true, get: () => synth });
      Object.defineProperty(window, 'SpeechSynthesisUtterance', {
        configurable: true,
        value: class {
          text: string;
          lang = '';
          voice = null;
          rate = 1;
          constructor(text: string) {
            this.text = text;
          }
        },
      });
      Object.assign(window, { __spoken: spoken });
    }, elder);
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    page.on('console', (m) => {
      if (m.type() === 'error' && !/status of (401|404)/.test(m.text())) problems.push(m.text());
    });
    return { page, problems, close: () => context.close() };
  };
  const ready = (page: Page) => page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
  /** What of the app's title bar is on screen: its title's box and whether it sticks to the top. */
  const titleBar = (page: Page) =>
    page.evaluate(() => {
      const header = document.querySelector('.page-header');
      const h1 = header?.querySelector('h1');
      const r = h1?.getBoundingClientRect();
      return {
        titleShown: Boolean(r && r.width > 1 && r.height > 1),
        title: h1?.textContent ?? null,
        sticky: header ? getComputedStyle(header).position === 'sticky' : false,
        back: [...document.querySelectorAll('.page-header button[aria-label="返回"]')].some((b) => b.getBoundingClientRect().height > 1),
      };
    });

  for (const elder of [false, true]) {
    it(`${elder ? '长辈版' : 'normal mode'}: no second title bar; 收藏 and 朗读 in the page; 返回 only on the first page`, async () => {
      const { page, problems, close } = await phone(WECHAT_UA, elder);
      try {
        // A detail page opened from a shared link: the visit's first page.
        await page.goto('/acupoint_detail/ST36');
        await ready(page);
        expect(await page.evaluate(() => document.documentElement.hasAttribute('data-wechat'))).toBe(true);
        const fav = page.getByRole('button', { name: '收藏', exact: true });
        await fav.waitFor();
        const first = await titleBar(page);
        expect(first).toMatchObject({ titleShown: false, title: '足三里', sticky: false, back: true });
        // The page's own heading is the first thing under WeChat's bar, with 收藏 beside it, not above a bar.
        await page.getByRole('heading', { name: '足三里', level: 1 }).waitFor({ state: 'attached' });
        const favBox = (await fav.boundingBox())!;
        expect(favBox.y).toBeLessThan(80);
        expect(Math.min(favBox.width, favBox.height)).toBeGreaterThanOrEqual(elder ? 60 : 44);
        await fav.click();
        await page.locator('.adm-toast-main').getByText('已收藏，可在“我的收藏”里找到').waitFor();
        expect(await page.getByRole('button', { name: '取消收藏' }).getAttribute('aria-pressed')).toBe('true');
        await page.getByRole('button', { name: '朗读' }).click();
        await expect.poll(() => page.evaluate(() => (window as unknown as { __spoken: string[] }).__spoken.length)).toBeGreaterThan(0);
        await page.getByRole('button', { name: '停止' }).click();

        // 返回 on the first page leads home, where the bottom navigation takes over.
        await page.getByRole('button', { name: '返回' }).click();
        await page.waitForURL((u) => u.pathname === '/');
        await page.getByRole('navigation', { name: '主导航' }).getByRole('link', { name: '穴位' }).click();
        await page.waitForURL((u) => u.pathname === '/acupoint');
        await page.getByRole('link', { name: /足阳明胃经/ }).waitFor();
        expect(await titleBar(page)).toMatchObject({ titleShown: false, sticky: false, back: false });
        // Deeper in the visit WeChat's own back works: no 返回 of the app's; 收藏 still there.
        await page.getByRole('link', { name: /足阳明胃经/ }).click();
        await page.waitForURL((u) => u.pathname.startsWith('/meridian_detail'));
        await page
          .getByRole('link', { name: /足三里/ })
          .first()
          .click();
        await page.waitForURL((u) => u.pathname === '/acupoint_detail/ST36');
        await page.getByRole('button', { name: '取消收藏' }).waitFor();
        expect(await titleBar(page)).toMatchObject({ titleShown: false, sticky: false, back: false });
        await page.goBack();
        await page.waitForURL((u) => u.pathname.startsWith('/meridian_detail'));
        expect(problems).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it('outside WeChat the app keeps its own sticky title bar with 返回 and 收藏', async () => {
    const { page, close } = await phone();
    try {
      await page.goto('/acupoint_detail/ST36');
      await ready(page);
      await page.getByRole('button', { name: '收藏', exact: true }).waitFor();
      expect(await titleBar(page)).toMatchObject({ titleShown: true, title: '足三里', sticky: true, back: true });
    } finally {
      await close();
    }
  });
});
