import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRERENDERED } from '../scripts/prerender-pages.ts';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/** Records the page's layout shifts from its first paint on (`window.__shifts`, as Lighthouse counts them). */
const recordShifts = (page: Page) =>
  page.addInitScript(() => {
    const w = window as unknown as { __shifts: { value: number; sources: string[] }[] };
    w.__shifts = [];
    new PerformanceObserver((list) => {
      for (const e of list.getEntries() as unknown as { value: number; hadRecentInput: boolean; sources: { node?: Node }[] }[])
        if (!e.hadRecentInput)
          w.__shifts.push({
            value: e.value,
            sources: e.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 80) ?? '#text'),
          });
    }).observe({ type: 'layout-shift', buffered: true });
  });
const shifts = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: { value: number; sources: string[] }[] }).__shifts);

/**
 * Issue #33 in Chromium: what the first paint of a page meets. An entry page paints from its HTML
 * before any of the app's scripts is asked for; a data page's loading state gives way to its content
 * without moving what is on screen.
 */
describe.skipIf(!hasBrowser())('first paint and layout shift (issue #33)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it.each(PRERENDERED)('entry page %s paints before the app’s scripts are asked for, then the app takes it over', async (path) => {
    const { page, problems } = await phonePage(browser, { early: true });
    await page.goto(path);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    const { paint, scripts } = await page.evaluate(() => ({
      paint: performance.getEntriesByName('first-paint')[0]?.startTime,
      scripts: performance
        .getEntriesByType('resource')
        .filter((e) => new URL(e.name).pathname.startsWith('/assets/') && e.name.endsWith('.js'))
        .map((e) => e.startTime),
    }));
    expect(paint).toBeGreaterThan(0);
    expect(scripts.length).toBeGreaterThan(3);
    expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint!);
    // The inline start script runs under the CSP (its hash), and nothing else fails.
    expect(problems).toEqual([]);
  });

  // Decision 057: an SVG as a CSS image is a document of its own, which Chromium builds inside the
  // page's first style pass; the tab bar's icons and the row chevron were five of them.
  it.each([...PRERENDERED, '/mine'])('%s draws no SVG as a CSS image', async (path) => {
    const { page } = await phonePage(browser);
    await page.goto(path);
    const svgImages = await page.evaluate(() => {
      const props = ['background-image', 'mask-image', '-webkit-mask-image', 'list-style-image', 'border-image-source', 'content'];
      const found: string[] = [];
      for (const el of document.querySelectorAll('*'))
        for (const pseudo of [null, '::before', '::after']) {
          const style = getComputedStyle(el, pseudo);
          for (const p of props) {
            const value = style.getPropertyValue(p);
            if (/url\([^)]*(image\/svg|\.svg)/i.test(value)) found.push(`${el.tagName.toLowerCase()}.${el.className}${pseudo ?? ''} ${p}`);
          }
        }
      return found;
    });
    expect(svgImages).toEqual([]);
  });

  // The reads are held back so the loading state is painted first, as on a slow phone.
  it.each([
    ['/product_detail/portable-moxa-box', '.product-detail'],
    ['/product_marketing/portable-moxa-box', '.marketing'],
    ['/video_detail/find-zusanli', '.video-detail'],
    ['/disease_types', '.link-row'],
  ])('%s: its skeleton gives way to the content with no layout shift', async (path, content) => {
    const { page, problems } = await phonePage(browser);
    await recordShifts(page);
    await page.route('**/api/v8/**', async (route) => {
      await new Promise((r) => setTimeout(r, 600));
      await route.continue();
    });
    await page.goto(path);
    await page.locator(content).first().waitFor();
    await page.waitForTimeout(500);
    const seen = await shifts(page);
    const total = seen.reduce((sum, s) => sum + s.value, 0);
    // The title changing to the item's name is the only movement, a tiny one (Lighthouse target: ≤ 0.02).
    expect(total, JSON.stringify(seen)).toBeLessThan(0.005);
    expect(problems).toEqual([]);
  });
});
