import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GlossaryTerm } from '@moxa/core/glossary/glossary-contract';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

/** The glossary as served, to tell which term a marked word names. */
async function glossary(): Promise<GlossaryTerm[]> {
  const res = await fetch(`${baseUrl()}/api/v8/glossary`);
  return ((await res.json()) as { data: GlossaryTerm[] }).data;
}
const termOf = (terms: GlossaryTerm[], word: string) => terms.find((t) => t.term === word || t.aliases.includes(word));

/** The marked words of the page, in document order. */
const marks = (page: Page) => page.locator('.gloss').allInnerTexts();

/** The boxes of the point page's text blocks, to compare before and after the marks arrive. */
const boxes = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll('.acu-detail p, .acu-detail li')].map((el) => {
      const r = el.getBoundingClientRect();
      return [Math.round(r.top), Math.round(r.height), Math.round(r.width)];
    }),
  );

/** Holds the glossary's answer back until `release` (the returned function): no mark appears before. */
async function holdGlossary(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/v8/glossary', async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Issue #26 "Plain words for jargon": the first occurrence of a glossary term on a content page is a
 * button that explains it in a sheet (large text in 长辈版); /glossary lists every term; search finds
 * terms in their own group.
 */
describe.skipIf(!hasBrowser())('glossary terms in Chromium at 375×812 (issue #26)', () => {
  let browser: Browser;
  let terms: GlossaryTerm[];
  beforeAll(async () => {
    browser = await launch();
    terms = await glossary();
  });
  afterAll(async () => browser?.close());

  it('marks each term once on a point page, after the first paint and without moving it; a tap explains it in a sheet', async () => {
    const { page, problems } = await phonePage(browser);
    // The glossary is held back, so the page is seen as painted before any mark.
    const release = await holdGlossary(page);
    const scripts: string[] = [];
    page.on('request', (req) => void (req.resourceType() === 'script' && scripts.push(req.url())));
    await page.goto('/acupoint_detail/ST36');
    await page.getByRole('heading', { level: 3, name: '定位' }).waitFor();
    await page.waitForTimeout(300);
    expect(await page.locator('.gloss').count()).toBe(0);
    const before = await boxes(page);
    release();
    await page.locator('.gloss').first().waitFor();
    // No layout shift: marking only adds an underline.
    expect(await boxes(page)).toEqual(before);

    // Every marked word names a term, and no term is marked twice on the page.
    const words = await marks(page);
    expect(words.length).toBeGreaterThan(0);
    const ids = words.map((w) => termOf(terms, w)?.id);
    expect(ids.every(Boolean), words.join(' ')).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);

    // The sheet's code (the UI kit's popup) is not loaded with the page, only once the user turns to
    // it (issue #33): none of it before the first touch, all of it by the tap that opens the sheet.
    await page.waitForTimeout(500);
    const sheetCode = () => scripts.filter((u) => /\/assets\/(glossary-sheet|popup)-/.test(u));
    expect(sheetCode()).toEqual([]);

    // The first mark in 定位 (the measure word of "犊鼻下3寸"): a button with a spoken name.
    const first = page.locator('.acu-text .gloss').first();
    const word = await first.innerText();
    const term = termOf(terms, word)!;
    expect(await first.getAttribute('role')).toBe('button');
    expect(await first.getAttribute('aria-label')).toBe(`术语：${word}，点按查看解释`);
    await first.click();
    const sheet = page.getByRole('dialog', { name: term.term });
    await sheet.waitFor();
    expect(sheetCode()).toHaveLength(2);
    expect(await sheet.getByText(term.explanation).isVisible()).toBe(true);
    expect(await sheet.getByText(`术语 · ${term.category}`).isVisible()).toBe(true);
    // Closing returns to the word (keyboard and screen-reader users keep their place).
    await sheet.getByRole('button', { name: '关闭' }).click();
    await sheet.waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(word);

    // The keyboard opens it too; 查看全部术语 leads to the term in the list.
    await first.focus();
    await page.keyboard.press('Enter');
    await sheet.waitFor();
    await sheet.getByRole('link', { name: '查看全部术语' }).click();
    await page.waitForURL(`**/glossary?term=${term.id}`);
    await expect.poll(() => page.title()).toBe('术语解释');
    const item = page.locator(`#term-${term.id}`);
    await item.waitFor();
    expect(await item.getAttribute('aria-current')).toBe('true');
    expect(await item.evaluate((el) => el === document.activeElement)).toBe(true);
    const box = (await item.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(812);
    expect(await item.getByRole('heading', { level: 3, name: term.term }).isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  // A mark splits a text in three; the text after it must not be drawn by the node that held the
  // whole text before, which Chromium would count as a layout shift (issue #33: /video_detail 0.028).
  it('marks a painted page without a layout shift', async () => {
    const { page, problems } = await phonePage(browser);
    const release = await holdGlossary(page);
    await page.goto('/video_detail/find-zusanli');
    await page.locator('.video-detail .rich-text p').first().waitFor();
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      const w = window as unknown as { __shifts: number[] };
      w.__shifts = [];
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) w.__shifts.push((e as unknown as { value: number }).value);
      }).observe({ type: 'layout-shift' });
    });
    release();
    await page.locator('.video-detail .rich-text .gloss').first().waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __shifts: number[] }).__shifts)).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('lists every term by category on /glossary, and the category bar jumps to a category', async () => {
    const { page, problems } = await phonePage(browser);
    // Issue #33: a first visit renders the terms a dozen per frame, not all in one long task.
    await page.addInitScript(() => {
      const w = window as unknown as { __itemCounts: number[] };
      w.__itemCounts = [];
      new MutationObserver(() => {
        const n = document.querySelectorAll('.gl-item').length;
        if (n > 0 && n !== w.__itemCounts.at(-1)) w.__itemCounts.push(n);
      }).observe(document, { childList: true, subtree: true });
    });
    await page.goto('/glossary');
    await page.getByRole('heading', { level: 1, name: '术语解释' }).waitFor();
    await page.locator('.gl-item').first().waitFor();
    await expect.poll(() => page.locator('.gl-item').count()).toBe(terms.length);
    const counts = await page.evaluate(() => (window as unknown as { __itemCounts: number[] }).__itemCounts);
    expect(counts[0]).toBeLessThanOrEqual(12);
    expect(counts.length).toBeGreaterThan(5);
    expect(counts.at(-1)).toBe(terms.length);
    const bar = page.getByRole('navigation', { name: '按类别查看' });
    const chips = bar.getByRole('button');
    const last = (await chips.count()) - 1;
    const name = await chips.nth(last).innerText();
    await chips.nth(last).click();
    const heading = page.getByRole('heading', { level: 2, name, exact: true });
    // At the top of the screen, under the header — or as near as the page's end lets it come.
    const atTop = () =>
      heading.evaluate((el) => {
        const y = el.getBoundingClientRect().top;
        const end = window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
        return y >= 0 && (y < 200 || (end && y < window.innerHeight));
      });
    await expect.poll(atTop, { timeout: 5000 }).toBe(true);

    // Going back renders the whole list at once, so the place on it comes back.
    await page.waitForTimeout(800);
    const y = await page.evaluate(() => Math.round(window.scrollY));
    expect(y).toBeGreaterThan(2000);
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.evaluate((y) => window.scrollTo(0, y), y);
    await page.locator('a.search-entry').evaluate((a: HTMLAnchorElement) => a.click());
    await page.waitForURL('**/search/glossary');
    await page.goBack();
    await page.waitForURL('**/glossary');
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(y);
    expect(await page.locator('.gl-item').count()).toBe(terms.length);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('finds a term by search in the 术语 group and opens it in the list', async () => {
    const target = termOf(terms, '同身寸')!;
    expect(target, 'a term named 同身寸').toBeDefined();
    const { page, problems } = await phonePage(browser);
    await page.goto(`/search/all?q=${encodeURIComponent('同身寸')}`);
    const group = page.getByRole('region', { name: '术语' });
    await group.waitFor();
    await group
      .getByRole('link', { name: new RegExp(target.term) })
      .first()
      .click();
    await page.waitForURL(`**/glossary?term=${target.id}`);
    expect(await page.locator(`#term-${target.id}`).getAttribute('aria-current')).toBe('true');
    // The 术语 tab searches terms only.
    await page.goto(`/search/glossary?q=${encodeURIComponent(target.term)}`);
    await page.getByRole('button', { name: '术语', pressed: true }).waitFor();
    await page.locator('.link-row').first().waitFor();
    expect(await page.locator('.link-row').first().getAttribute('href')).toBe(`/glossary?term=${target.id}`);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('长辈版: the sheet explains in large text and closes from a ≥ 60 px button at the bottom centre', async () => {
    const { page, problems } = await phonePage(browser);
    await page.addInitScript(() => localStorage.setItem('moxaElderMode', '1'));
    await page.goto('/acupoint_detail/ST36');
    const first = page.locator('.acu-text .gloss').first();
    await first.waitFor();
    // The mark keeps its sentence's size.
    const sizes = await first.evaluate((el) => [getComputedStyle(el).fontSize, getComputedStyle(el.parentElement!).fontSize]);
    expect(sizes[0]).toBe(sizes[1]);
    await first.click();
    const sheet = page.locator('.gloss-sheet');
    await sheet.getByRole('dialog').waitFor();
    await page.waitForTimeout(400); // the sheet slides in
    const text = await sheet.locator('.gloss-sheet-text').evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(text).toBeGreaterThanOrEqual(20);
    const close = (await sheet.getByRole('button', { name: '关闭' }).boundingBox())!;
    expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(60);
    expect(close.y).toBeGreaterThan(812 * 0.6);
    expect(Math.abs(close.x + close.width / 2 - 375 / 2)).toBeLessThan(375 * 0.1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
