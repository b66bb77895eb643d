import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';
import { readManifest } from './lib/bundle.ts';

type Entry = { name: string; initiatorType: string; startTime: number; responseEnd: number };

/** The page's resource timing entries whose URL contains `part`. */
const entries = (page: Page, part: string) =>
  page.evaluate(
    (p) =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes(p))
        .map((e) => {
          const r = e as PerformanceResourceTiming;
          return { name: r.name, initiatorType: r.initiatorType, startTime: r.startTime, responseEnd: r.responseEnd };
        }),
    part,
  ) as Promise<Entry[]>;

/**
 * Issue #33 item 1 in Chromium, on a slow link (100 ms each way): a page that is not prerendered asks
 * for its first screen's data and largest picture from the HTML, while its JavaScript downloads —
 * once: the app's own request takes the preloaded answer.
 */
describe.skipIf(!hasBrowser())('no request waterfall (issue #33 item 1)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  async function slowPage() {
    const { page, problems } = await phonePage(browser);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 100, downloadThroughput: -1, uploadThroughput: -1 });
    const requested: string[] = [];
    page.on('request', (r) => requested.push(new URL(r.url()).pathname + new URL(r.url()).search));
    return { page, problems, requested };
  }

  // The screen's chunk, by its source file (the chunk's name alone can be another module's: about-*.js).
  const chunkOf = (source: string) => `/${readManifest()[source]!.file}`;

  it.each([
    ['/disease_detail/insomnia', '/api/v8/diseases/insomnia', '失眠', 'src/features/diseases/components/disease-detail-screen.tsx'],
    [
      '/product_detail/portable-moxa-box',
      '/api/v8/products/portable-moxa-box',
      '随身灸盒（单孔）',
      'src/features/products/components/product-detail-screen.tsx',
    ],
    // 关于我们 waits for the brand settings; the policy pages name the operator (about), 我的 ends with the brand footer.
    ['/about', '/api/v8/brand', '联系我们', 'src/features/legal/components/about-screen.tsx'],
    ['/terms', '/api/v8/about', '联系我们', 'src/features/legal/components/legal-screens.tsx'],
    ['/privacy', '/api/v8/about', '联系我们', 'src/features/legal/components/legal-screens.tsx'],
    ['/mine', '/api/v8/brand', '我的', 'src/features/mine/components/mine-screens.tsx'],
  ])('%s: its data (%s) is asked for once, from the HTML, before the entry script is in', async (path, api, heading, screen) => {
    const { page, problems, requested } = await slowPage();
    await page.goto(path);
    await page.getByRole('heading', { name: heading }).first().waitFor();
    // One request on the network, one in the page's own timing: made by the <link>, taken by the app.
    await expect.poll(() => entries(page, api).then((e) => e.length)).toBeGreaterThan(0);
    await page.waitForLoadState('networkidle');
    expect(requested.filter((r) => r === api)).toEqual([api]);
    const [data, ...more] = await entries(page, api);
    expect(more).toEqual([]);
    expect(data!.initiatorType).toBe('link');
    // It started while the entry script was still on its way (each request takes ≥ 200 ms here).
    const [entry] = await entries(page, '/assets/index-');
    expect(data!.startTime).toBeLessThan(entry!.responseEnd);
    // So did the screen's chunk and the mount chunk (modulepreload links; the entry script asks for
    // them only once it runs). The client renderer is in the entry's framework chunk (decision 046).
    for (const chunk of [chunkOf(screen), '/assets/mount-']) {
      const [c] = await entries(page, chunk);
      expect(c, chunk).toBeDefined();
      expect(c!.startTime, chunk).toBeLessThan(entry!.responseEnd);
    }
    expect(problems).toEqual([]);
  });

  it('loads a product’s first picture once, from the HTML', async () => {
    const { page, problems } = await slowPage();
    await page.goto('/product_detail/portable-moxa-box');
    const img = page.locator('.gallery img').first();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    const shown = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    const loads = await entries(page, 'portable-moxa-box-1.');
    expect(loads.map((l) => l.name)).toEqual([shown]);
    expect(loads[0]!.initiatorType).toBe('link');
    expect(problems).toEqual([]);
  });

  it('loads an article’s lead figure at once, from the HTML, once', async () => {
    const { page, problems } = await slowPage();
    await page.goto('/notice_detail/mild-moxa');
    const img = page.locator('.rich-text figure img').first();
    await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0)).toBe(true);
    expect(await img.getAttribute('loading')).toBe('eager');
    const shown = await img.evaluate((el: HTMLImageElement) => el.currentSrc);
    const loads = await entries(page, '/media/notices/mild-moxa.');
    expect(loads.map((l) => l.name)).toEqual([shown]);
    expect(loads[0]!.initiatorType).toBe('link');
    expect(problems).toEqual([]);
  });

  // Every route, not only those with declared reads: the screen's chunk (and a guard's module) start
  // with the entry instead of after it has run (the build's route → modules table, .vite/routes.json).
  it.each([
    ['/about', 'src/features/legal/components/about-screen.tsx'],
    ['/mine/notifications', 'src/features/notifications/components/notification-preferences-screen.tsx'],
    ['/mine/notifications', 'src/components/require-login.tsx'],
  ])('%s: the chunk of %s is named in the HTML and loads while the entry script does', async (path, source) => {
    const file = `/${readManifest()[source]!.file}`;
    const { page, problems } = await slowPage();
    await page.goto(path);
    const html = await (await fetch(new URL(path, baseUrl()))).text();
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
    const [entry] = await entries(page, '/assets/index-');
    const [chunk] = await entries(page, file);
    expect(chunk!.startTime).toBeLessThan(entry!.responseEnd);
    expect(problems).toEqual([]);
  });

  it('names nothing personal in the HTML of a screen that needs a login', async () => {
    for (const path of ['/mine/data', '/physical/record', '/moxa_log']) {
      const html = await (await fetch(new URL(path, baseUrl()))).text();
      expect(html, path).not.toContain('as="fetch"');
    }
  });
});
