import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readManifest, screenKey } from './lib/bundle.ts';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/** Holds back the chunk of a screen module (as a route row names it) until `release`. */
async function holdScreen(page: Page, module: string): Promise<{ held: Promise<void>; release: () => void }> {
  const manifest = readManifest();
  const chunk = `/${manifest[screenKey(manifest, module)]!.file}`;
  let release!: () => void;
  let asked!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((resolve) => (asked = resolve));
  await page.route(
    (url) => url.pathname === chunk,
    async (route) => {
      asked();
      await gate;
      await route.continue();
    },
  );
  return { held, release };
}

/** The paths and queries of the API reads a page has asked for so far. */
function apiReads(page: Page): string[] {
  const list: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) list.push(url.pathname + url.search);
  });
  return list;
}

/**
 * Issue #6, decision 031: the public reads a screen makes first (its feature's `ROUTE_DATA`, gathered
 * by the build from the route table) start with its chunk, not after it: with the chunk held back,
 * they are asked for all the same — on the first page and on a navigation.
 */
describe.skipIf(!hasBrowser())('route data starts with the screen chunk (issue #6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('first page: /acupoint_detail/ST36 asks for the point, the charts and its conditions while its chunk is held', async () => {
    const { page, problems } = await phonePage(browser, { early: true });
    const reads = apiReads(page);
    const { held, release } = await holdScreen(page, 'acupoints/acupoint-detail-screen');
    await page.goto('/acupoint_detail/ST36');
    await held;
    await expect.poll(() => reads).toEqual(expect.arrayContaining(['/api/v8/acupoints/ST36', '/api/v8/diseases?acupoint=ST36&size=100']));
    release();
    await page
      .getByRole('heading', { name: /足三里/ })
      .first()
      .waitFor();
    // The screen took the prefetched responses instead of asking again.
    expect(reads.filter((r) => r === '/api/v8/acupoints/ST36')).toHaveLength(1);
    expect(problems).toEqual([]);
  });

  it('navigation: a condition group asks for its list while the list chunk is held', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/disease_types');
    const group = page.getByRole('list', { name: '病症分类' }).getByRole('link').first();
    const href = (await group.getAttribute('href'))!;
    const reads = apiReads(page);
    const { held, release } = await holdScreen(page, 'diseases/disease-list-screen');
    await group.click();
    await held;
    const type = href.slice('/disease_list/'.length);
    await expect.poll(() => reads).toContain(`/api/v8/diseases?type=${encodeURIComponent(type)}&size=100`);
    release();
    await page.waitForURL((u) => u.pathname === href);
    await page.locator('.link-list, .status-view').first().waitFor();
    expect(problems).toEqual([]);
  });
});
