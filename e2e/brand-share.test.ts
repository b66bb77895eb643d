import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch } from './lib/page.ts';
import { ROOT, startServer, type RunningServer } from './lib/server-process.ts';

/**
 * Issue #30 in Chromium: the brand's share-card defaults are in every page the server writes, and inside
 * WeChat a page without a card of its own shares them through the JS-SDK; a page's own card wins while
 * it is shown, and the brand's comes back once it is left.
 */
const TITLE = '艾灸养生<小艾>&"朋友"';
const WECHAT_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/zh_CN';

describe.skipIf(!hasBrowser())('the brand’s share-card defaults (issue #30)', () => {
  let browser: Browser;
  let app: RunningServer;
  let fake: Server;
  let dir: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'moxa-e2e-share-'));
    cpSync(join(ROOT, 'content'), dir, { recursive: true });
    const brand = readFileSync(join(dir, 'brand.md'), 'utf8');
    writeFileSync(
      join(dir, 'brand.md'),
      brand.replace("icpNumber: ''\n", `icpNumber: ''\nshare: { title: '${TITLE}', description: 查穴位、学艾灸、问顾问 }\n`),
    );
    // WeChat's API, for the JS-SDK signature (as e2e/wechat.test.ts).
    fake = createServer((_req, res) => {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ errcode: 0, access_token: 'fake-token', ticket: 'fake-ticket', expires_in: 7200 }));
    });
    await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
    app = await startServer({
      CONTENT_DIR: dir,
      WECHAT_APP_ID: 'wxapp',
      WECHAT_APP_SECRET: 'wxsecret',
      WECHAT_API_BASE: base,
      WECHAT_AUTHORIZE_BASE: base,
    });
    browser = await launch();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.stop();
    fake?.close();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  /** A phone inside WeChat, whose JS-SDK (stood in for) records what sharing was given. */
  async function wechat(): Promise<BrowserContext> {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      hasTouch: true,
      locale: 'zh-CN',
      baseURL: app.url,
      userAgent: WECHAT_UA,
    });
    await context.route('https://res.wx.qq.com/**', (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: `window.__shared = [];
          window.wx = { config: () => {}, ready: (f) => setTimeout(f), error: () => {},
            updateAppMessageShareData: (d) => window.__shared.push(d), updateTimelineShareData: () => {} };`,
      }),
    );
    return context;
  }
  type Shared = { title: string; desc: string; link: string; imgUrl: string };

  it('every page’s <head> carries them, escaped, with an absolute picture', async () => {
    for (const path of ['/', '/acupoint', '/acupoint_detail/ST36']) {
      const html = await (await fetch(`${app.url}${path}`, { headers: { accept: 'text/html' } })).text();
      expect(html, path).toContain('<meta property="og:title" content="艾灸养生&lt;小艾&gt;&amp;&quot;朋友&quot;">');
      expect(html, path).toContain(`<meta property="og:image" content="${app.url}/icon-512.png">`);
      expect(html.match(/<\/head>/g), path).toHaveLength(1);
    }
  });

  it('inside WeChat: the brand’s card on a page without one, the page’s own while shown, the brand’s again after', async () => {
    const context = await wechat();
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(e.message));
    const lastShared = () => page.evaluate(() => (window as unknown as { __shared?: Shared[] }).__shared?.at(-1) ?? null);

    await page.goto('/acupoint_detail/ST36');
    await expect.poll(lastShared).toMatchObject({ title: TITLE, desc: '查穴位、学艾灸、问顾问', link: `${app.url}/` });
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(TITLE);

    await page.goto('/product_detail/portable-moxa-box');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const product = (await (await fetch(`${app.url}/api/v8/products/portable-moxa-box`)).json()) as { data: { name: string } };
    await expect.poll(async () => (await lastShared())?.title).toBe(product.data.name);
    await page.waitForTimeout(500);
    // The brand's card, asked for at start-up, never overrode the page's own.
    expect((await lastShared())?.title).toBe(product.data.name);

    // Leaving the page in the app (no reload): the brand's card again.
    await page.evaluate(() => {
      history.pushState({}, '', '/acupoint');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect.poll(async () => (await lastShared())?.title).toBe(TITLE);
    expect(await page.locator('meta[property="og:title"]').getAttribute('content')).toBe(TITLE);
    await context.close();
    expect(problems).toEqual([]);
  });
});
