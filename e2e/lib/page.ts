import { chromium as pw, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';
import { CHROMIUM_ARGS } from './browser-path.ts';

export const hasBrowser = () => Boolean(inject('chromium'));
export const baseUrl = () => inject('baseUrl');

export async function launch(): Promise<Browser> {
  return pw.launch({ executablePath: inject('chromium'), args: CHROMIUM_ARGS });
}

/**
 * A phone-sized page (375×812) that records console errors and CSP violations. Its goto resolves
 * once the app has taken the page over, unless `early` (tests of what happens before that).
 */
export async function phonePage(browser: Browser, { early = false, base = '' } = {}): Promise<{ page: Page; problems: string[] }> {
  const context = await browser.newContext({
    viewport: { width: 375, height: 812 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    locale: 'zh-CN',
    baseURL: base || baseUrl(),
  });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error' && !/Failed to load resource: the server responded with a status of (401|404|429)/.test(m.text()))
      problems.push(m.text());
  });
  page.on('pageerror', (e) => problems.push(`pageerror: ${e.message}`));
  if (early) return { page, problems };
  // Prerendered pages show before the app has taken them over; tests start once it marks them alive
  // (taps made earlier are replayed, app/early-taps.ts; those tests pass `early`).
  const goto = page.goto.bind(page);
  page.goto = async (url, options) => {
    const response = await goto(url, options);
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    return response;
  };
  return { page, problems };
}

/**
 * Holds back react-dom's chunk, which the app takes a prerendered page over with, until `release`:
 * meanwhile the page shows only its HTML. `requested` settles once the entry script has run and
 * asked for the chunk.
 */
export async function holdTakeover(page: Page): Promise<{ requested: Promise<void>; release: () => Promise<void> }> {
  let release!: () => void;
  let requested!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const asked = new Promise<void>((resolve) => (requested = resolve));
  await page.route(/\/assets\/mount-[\w-]+\.js$/, async (route) => {
    requested();
    await gate;
    await route.continue();
  });
  return {
    requested: asked,
    release: async () => {
      release();
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    },
  };
}

/**
 * Records, from the page's start, how many elements match `selector` each time that number changes:
 * the steps in which a long page comes in (issue #33 item 3, decision 048: a part per frame). Call
 * before opening the page; the returned function reads the steps so far.
 */
export async function recordPartCounts(page: Page, selector: string): Promise<() => Promise<number[]>> {
  await page.addInitScript((sel) => {
    const w = window as unknown as { __partCounts: number[] };
    w.__partCounts = [];
    new MutationObserver(() => {
      const n = document.querySelectorAll(sel).length;
      if (n > 0 && n !== w.__partCounts.at(-1)) w.__partCounts.push(n);
    }).observe(document, { childList: true, subtree: true });
  }, selector);
  return () => page.evaluate(() => (window as unknown as { __partCounts: number[] }).__partCounts);
}
