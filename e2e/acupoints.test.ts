import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { CHROMIUM_ARGS } from './lib/browser-path.ts';
import { baseUrl, hasBrowser, launch, phonePage, recordPartCounts } from './lib/page.ts';

/** The sections every point's detail page carries (issue #4); the later ones come a frame after another (issue #33). */
async function expectPointPage(page: Page, name: string) {
  await page.getByRole('heading', { level: 2, name, exact: true }).waitFor();
  await expect.poll(() => page.title()).toBe(name);
  await page.getByRole('img', { name: new RegExp(`^${name}在.+图中的位置$`) }).waitFor();
  for (const h of [/^定位$/, /^主治$/, /^艾灸方法/, /^注意事项$/]) {
    await page.getByRole('heading', { level: 3, name: h }).waitFor();
    expect(await page.getByRole('heading', { level: 3, name: h }).isVisible(), String(h)).toBe(true);
  }
}

const scrollY = (page: Page) => page.evaluate(() => Math.round(window.scrollY));

describe.skipIf(!hasBrowser())('acupoint reference in Chromium at 375×812 (issue #4)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('browses 穴位查询 → 足阳明胃经 → 足三里 → its neighbours → its meridian → another point', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/acupoint');
    await expect.poll(() => page.title()).toBe('穴位查询');
    expect(await page.getByRole('tab', { name: '经络' }).getAttribute('aria-selected')).toBe('true');
    await page
      .getByRole('list', { name: '十四经' })
      .getByRole('link', { name: /^足阳明胃经/ })
      .click();

    await page.waitForURL('**/meridian_detail/ST');
    await page.getByRole('heading', { level: 2, name: '足阳明胃经', exact: true }).waitFor();
    await expect.poll(() => page.title()).toBe('足阳明胃经');
    await page.getByRole('heading', { name: '循行', exact: true }).waitFor();
    const points = page.getByRole('list', { name: '足阳明胃经的穴位' });
    expect(await points.getByRole('listitem').count()).toBe(45);
    await points.getByRole('link', { name: /^足三里/ }).click();

    await page.waitForURL('**/acupoint_detail/ST36');
    await expectPointPage(page, '足三里');
    expect(await page.getByText('ST36', { exact: true }).first().isVisible()).toBe(true);
    // Neighbours along the meridian: 犊鼻 (ST35) before, 上巨虚 (ST37) after.
    const nav = page.getByRole('navigation', { name: '同经上的相邻穴位' });
    const prev = nav.getByRole('link', { name: /上一穴/ });
    const next = nav.getByRole('link', { name: /下一穴/ });
    expect(await prev.innerText()).toMatch(/犊鼻\s*ST35/);
    expect(await next.innerText()).toMatch(/上巨虚\s*ST37/);
    expect(await prev.getAttribute('href')).toBe('/acupoint_detail/ST35');
    await next.click();
    await page.waitForURL('**/acupoint_detail/ST37');
    await expectPointPage(page, '上巨虚');
    expect(await nav.getByRole('link', { name: /上一穴/ }).innerText()).toMatch(/足三里\s*ST36/);

    // The point's meridian chip leads back to the meridian, and on to another point.
    await page.getByRole('link', { name: '足阳明胃经', exact: true }).click();
    await page.waitForURL('**/meridian_detail/ST');
    await expect.poll(() => page.title()).toBe('足阳明胃经');
    await points.getByRole('link', { name: /^天枢/ }).click();
    await page.waitForURL('**/acupoint_detail/ST25');
    await expectPointPage(page, '天枢');
    expect(problems).toEqual([]);
  });

  // The prerendered list cannot know the hour: once the app has taken it over, the one meridian whose
  // 子午流注 period it is gets marked (its row renders again on its own: the rows are memoised).
  it.each([
    [8, '足阳明胃经'],
    [16, '足太阳膀胱经'],
  ])('marks the meridian 当令 at %i:30 on 穴位查询, and no other', async (hour, meridian) => {
    const { page, problems } = await phonePage(browser);
    await page.clock.setFixedTime(new Date(2026, 10, 28, hour, 30));
    await page.goto('/acupoint');
    const list = page.getByRole('list', { name: '十四经' });
    await expect.poll(() => list.getByText('正当令').count()).toBe(1);
    await expect.poll(() => list.getByRole('link', { name: new RegExp(`^${meridian}`) }).textContent()).toContain('正当令');
    expect(problems).toEqual([]);
  });

  // Hydration adopts the prerendered list in place — the list itself, not a copy drawn again — and
  // its rows are alive by the time the app says it has taken the page over.
  it('adopts the prerendered meridian list in place, and its rows then navigate in the app', async () => {
    const { page, problems } = await phonePage(browser);
    await page.addInitScript(() =>
      document.addEventListener('DOMContentLoaded', () => {
        (window as unknown as { prerenderedList: Element | null }).prerenderedList = document.querySelector('ul.acu-meridians');
      }),
    );
    // phonePage's goto returns once the app has taken the page over.
    await page.goto('/acupoint');
    expect(
      await page.evaluate(() => {
        const kept = (window as unknown as { prerenderedList: Element | null }).prerenderedList;
        return { kept: kept !== null && kept.isConnected, lists: document.querySelectorAll('ul.acu-meridians').length };
      }),
    ).toEqual({ kept: true, lists: 1 });
    expect(await page.getByRole('list', { name: '十四经' }).getByRole('listitem').count()).toBe(15);
    // Clicked as soon as the app is ready: an in-app navigation (the page's script state survives).
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page
      .getByRole('list', { name: '十四经' })
      .getByRole('link', { name: /^足太阴脾经/ })
      .click();
    await page.waitForURL('**/meridian_detail/SP');
    await expect.poll(() => page.title()).toBe('足太阴脾经');
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(problems).toEqual([]);
  });

  it('searches by initials, code (SJ5 = TE5) and indication; shows no-result; keeps and clears recent searches', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/acupoint_search');
    await expect.poll(() => page.title()).toBe('穴位搜索');
    const box = page.getByRole('searchbox', { name: '搜索穴位' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    const results = page.getByRole('list', { name: '搜索结果' });
    const first = results.getByRole('listitem').first();

    await box.fill('zsl');
    await expect.poll(() => first.locator('.acu-row-name').innerText()).toBe('足三里');
    expect((await first.locator('.acu-row-name mark').allInnerTexts()).join('')).toBe('足三里');
    expect(new URL(page.url()).searchParams.get('q')).toBe('zsl');
    await box.press('Enter');

    await box.fill('SJ5');
    await expect.poll(() => first.locator('.acu-row-name').innerText()).toBe('外关');
    expect(await first.locator('mark').innerText()).toBe('TE5');
    await box.press('Enter');
    await box.fill('TE5');
    await expect.poll(() => first.locator('.acu-row-name').innerText()).toBe('外关');

    await box.fill('失眠');
    await results.getByRole('link', { name: /^神门/ }).waitFor();
    expect(await results.getByRole('link', { name: /^神门/ }).innerText()).toContain('主治：失眠');
    await box.press('Enter');

    await box.fill('qqxxzz');
    await page.getByRole('status').getByRole('heading', { name: '没有找到“qqxxzz”' }).waitFor();
    expect(await results.count()).toBe(0);

    // Recent searches, newest first; a chip searches again; 清除 empties them.
    await page.getByRole('button', { name: '清空' }).click();
    const recent = page.getByRole('region', { name: '最近搜索' });
    await recent.waitFor();
    expect(await recent.getByRole('button').allInnerTexts()).toEqual(['清除', '失眠', 'SJ5', 'zsl']);
    await recent.getByRole('button', { name: 'zsl', exact: true }).click();
    await expect.poll(() => first.locator('.acu-row-name').innerText()).toBe('足三里');
    await page.getByRole('button', { name: '清空' }).click();
    await recent.getByRole('button', { name: '清除' }).click();
    await recent.waitFor({ state: 'detached' });
    await page.reload();
    await page.getByRole('region', { name: '试试这些' }).waitFor();
    expect(await recent.count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('restores the scroll position on back/forward and starts a new navigation at the top', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/meridian_detail/BL');
    const list = page.getByRole('list', { name: '足太阳膀胱经的穴位' });
    const row = list.getByRole('link', { name: /^委中/ });
    await row.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollBy(0, -200));
    await expect.poll(() => scrollY(page)).toBeGreaterThan(2000);
    const listY = await scrollY(page);
    await row.click();

    await page.waitForURL('**/acupoint_detail/BL40');
    await expectPointPage(page, '委中');
    expect(await scrollY(page)).toBe(0);
    await page.evaluate(() => window.scrollTo(0, 500));
    await expect.poll(() => scrollY(page)).toBe(500);

    await page.goBack();
    await page.waitForURL('**/meridian_detail/BL');
    await expect.poll(async () => Math.abs((await scrollY(page)) - listY)).toBeLessThanOrEqual(3);
    await page.goForward();
    await page.waitForURL('**/acupoint_detail/BL40');
    await expect.poll(() => scrollY(page)).toBeGreaterThanOrEqual(497);
    expect(await scrollY(page)).toBeLessThanOrEqual(503);

    // A new navigation (a link, not history) starts at the top.
    await page
      .getByRole('navigation', { name: '同经上的相邻穴位' })
      .getByRole('link', { name: /下一穴/ })
      .click();
    await page.waitForURL('**/acupoint_detail/BL41');
    await page.getByRole('heading', { level: 2, name: '附分', exact: true }).waitFor();
    expect(await scrollY(page)).toBe(0);
    expect(problems).toEqual([]);
  });

  // Issue #4 "lazy" and issue #33: a point's chart sits under its name, so it is drawn in the same
  // commit as the page (no second layout, no later paint); a meridian's charts further down wait
  // until they scroll near, found by the observer (never by measuring the page while it renders).
  it('draws a point’s chart with its page, and a meridian’s charts only as they scroll near', async () => {
    const { page, problems } = await phonePage(browser);
    await page.addInitScript(() => {
      const w = window as unknown as { __chartWithName?: boolean };
      new MutationObserver(() => {
        if (w.__chartWithName === undefined && document.querySelector('h2.acu-hero-name'))
          w.__chartWithName = document.querySelector('.acu-chart-frame svg image') !== null;
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/acupoint_detail/ST36');
    await expectPointPage(page, '足三里');
    expect(await page.evaluate(() => (window as unknown as { __chartWithName?: boolean }).__chartWithName)).toBe(true);

    const charts: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/media/charts/')) charts.push(new URL(r.url()).pathname);
    });
    await page.goto('/meridian_detail/ST');
    const figure = page.locator('figure.acu-chart-path').first();
    await figure.waitFor();
    expect(await figure.evaluate((f) => f.getBoundingClientRect().top > window.innerHeight + 200)).toBe(true);
    await page.waitForTimeout(300);
    expect(await figure.locator('svg image').count()).toBe(0);
    await figure.scrollIntoViewIfNeeded();
    await figure.locator('svg image').waitFor({ state: 'attached' });
    await expect.poll(() => charts.length).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  // Issue #33 item 3 (decision 048): a point's page is 5–6 screens of Chinese text. Its name, chart and
  // how to find it come first and the rest a part per frame, so no one task lays out the whole page;
  // a return to a place on the page renders it whole, so the scroll position comes back exactly.
  it('paints a point’s first screen first and the rest in frames; going back returns to the same place', async () => {
    const { page, problems } = await phonePage(browser);
    const partCounts = await recordPartCounts(page, '.acu-detail > section, .acu-detail > nav');
    await page.goto('/acupoint_detail/ST36');
    await page.locator('.acu-detail .disclaimer').waitFor();
    const counts = await partCounts();
    // Chart, 定位 and 取穴方法 first; then 主治 and 艾灸方法; then the cautions; then the rest: in steps.
    expect(counts.length, JSON.stringify(counts)).toBeGreaterThanOrEqual(3);
    expect(counts[0], JSON.stringify(counts)).toBe(3);
    expect(counts.at(-1)).toBe(await page.locator('.acu-detail > section, .acu-detail > nav').count());
    await expectPointPage(page, '足三里');

    // Near the end (a condition that uses the point), into it and back.
    await page.locator('.acu-detail a[href^="/disease_detail/"]').first().waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(500);
    const place = await scrollY(page);
    expect(place).toBeGreaterThan(800);
    await page
      .locator('.acu-detail a[href^="/disease_detail/"]')
      .last()
      .evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL('**/disease_detail/**');
    await page.goBack();
    await page.waitForURL('**/acupoint_detail/ST36');
    await expect.poll(() => scrollY(page)).toBe(place);
    expect(problems).toEqual([]);
  });

  it('shows a not-found state for an unknown point id', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/acupoint_detail/XX999');
    const status = page.getByRole('status');
    await status.getByRole('heading', { name: '没有找到这个穴位' }).waitFor();
    expect(await status.innerText()).toContain('编号“XX999”不存在');
    await status.getByRole('button', { name: '搜索穴位' }).click();
    await page.waitForURL('**/acupoint_search');
    await page.getByRole('searchbox', { name: '搜索穴位' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('works offline once visited: point and meridian pages after a reload, and search (service worker)', async () => {
    const { page } = await phonePage(browser);
    await page.goto('/acupoint', { waitUntil: 'load' });
    await page.getByRole('list', { name: '十四经' }).waitFor();
    // Decision 054: the Workbox SW registers a few seconds after load, not with it (its precache would
    // take the link and the CPU from the first screen), then precaches and claims this page (clientsClaim).
    await page.waitForTimeout(1500);
    expect(await page.evaluate(() => navigator.serviceWorker.getRegistration().then((r) => r === undefined))).toBe(true);
    // (Only production builds register it: a development-mode dist never gets a controller.)
    const controlled = () => page.evaluate(() => navigator.serviceWorker.controller !== null);
    try {
      await expect.poll(controlled, { timeout: 20_000 }).toBe(true);
    } catch {
      await page.reload();
      await expect
        .poll(controlled, { timeout: 20_000, message: 'no service worker controls the page: is apps/web/dist a production build?' })
        .toBe(true);
    }
    await page.goto('/acupoint_detail/ST36');
    await expectPointPage(page, '足三里');
    await page.goto('/meridian_detail/ST');
    await page.getByRole('list', { name: '足阳明胃经的穴位' }).waitFor();
    await page.goto('/acupoint_search');
    await page.getByRole('region', { name: '试试这些' }).waitFor();

    await page.context().setOffline(true);
    const network = () =>
      fetch('/api/health')
        .then(() => 'online')
        .catch(() => 'offline');
    expect(await page.evaluate(network)).toBe('offline');

    await page.goto('/acupoint_detail/ST36');
    await page.reload();
    await expectPointPage(page, '足三里');
    expect(await page.getByRole('heading', { level: 3, name: '定位' }).isVisible()).toBe(true);

    await page.goto('/meridian_detail/ST');
    await page.reload();
    await page.getByRole('heading', { level: 2, name: '足阳明胃经', exact: true }).waitFor();
    expect(await page.getByRole('list', { name: '足阳明胃经的穴位' }).getByRole('listitem').count()).toBe(45);

    await page.goto('/acupoint_search');
    await page.getByRole('searchbox', { name: '搜索穴位' }).fill('zsl');
    await expect
      .poll(() => page.getByRole('list', { name: '搜索结果' }).getByRole('listitem').first().locator('.acu-row-name').innerText())
      .toBe('足三里');

    // A point never visited is really not there offline: the page says so and offers 重试.
    await page.goto('/acupoint_detail/LU1');
    await page.getByRole('alert').getByRole('heading', { name: '穴位没有加载出来' }).waitFor({ timeout: 15_000 });
    await page.context().setOffline(false);
  });

  // Issue #6: installable as a PWA (manifest, icons, a service worker that controls the page), as
  // Chromium itself judges it. Only a profile on disk can install, so not the suite's incognito one.
  it('is installable as an app (Chromium reports no installability errors)', async () => {
    const context = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'moxa-pwa-')), {
      executablePath: inject('chromium'),
      args: CHROMIUM_ARGS,
      viewport: { width: 375, height: 812 },
    });
    try {
      const page = await context.newPage();
      await page.goto(`${baseUrl()}/`);
      await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 25_000 }).toBe(true);
      const cdp = await context.newCDPSession(page);
      const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
      expect(installabilityErrors).toEqual([]);
      const { errors } = await cdp.send('Page.getAppManifest');
      expect(errors).toEqual([]);
      // Home screens want raster icons: Android 192 and 512 px, iOS its apple-touch-icon.
      const icons = await page.evaluate(async () => {
        const manifest = (await (await fetch('/manifest.webmanifest')).json()) as { icons: { src: string; sizes: string }[] };
        const touch = document.querySelector<HTMLLinkElement>('link[rel="apple-touch-icon"]')!.href;
        const srcs = [...manifest.icons.map((i) => i.src), touch];
        const types = await Promise.all(srcs.map(async (src) => (await fetch(src)).headers.get('content-type') ?? 'missing'));
        return { sizes: manifest.icons.map((i) => i.sizes), types };
      });
      expect(icons.sizes).toEqual(expect.arrayContaining(['192x192', '512x512']));
      expect(icons.types.every((t) => t.startsWith('image/'))).toBe(true);
    } finally {
      await context.close();
    }
  });
});
