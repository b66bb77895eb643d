import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { sessionService } from '../apps/server/src/login/session-service.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { DIST, readManifest, staticClosure } from './lib/bundle.ts';
import { logIn } from './lib/login.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

/** An editor, made straight in the e2e server's database; the console test logs in with an SMS code. */
const EDITOR = '13300133501';

type Report = { rows: { day: string; route: string; LCP: { p75: number; n: number } | null; TTFB: { p75: number; n: number } | null }[] };

/**
 * Issue #33 item 5 in Chromium: a visit drawn for sampling (forced with ?vitals=1) reports its Core
 * Web Vitals when the page is hidden, under its route pattern; the editors' report shows them. The
 * collector stays out of the entry.
 */
describe.skipIf(!hasBrowser())('real users’ page speed (issue #33 item 5)', () => {
  let browser: Browser;
  let db: Db;
  let token: string;
  beforeAll(async () => {
    browser = await launch();
    db = openDatabase('', join(dirname(inject('logPath')), 'app.db'));
    const users = userRepository(db, Date.now);
    const editor = await users.findOrCreate(`+86${EDITOR}`);
    await users.grant(editor.id, 'editor');
    token = await sessionService(db, { ttlDays: 1, idleDays: 1 }, Date.now).issue(editor.id);
  });
  afterAll(async () => {
    await db?.destroy();
    await browser?.close();
  });

  const report = async (): Promise<Report> => {
    const res = await fetch(`${baseUrl()}/api/v8/admin/vitals?days=1`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: Report }).data;
  };
  const rowOf = async (route: string) => (await report()).rows.find((r) => r.route === route);

  it('keeps web-vitals out of the entry: only a sampled visit loads it, after the first paint', () => {
    const manifest = readManifest();
    const entry = [...staticClosure(manifest, 'index.html'), ...staticClosure(manifest, 'src/app/mount.tsx')];
    for (const file of entry) expect(readFileSync(join(DIST, file), 'utf8'), file).not.toContain('largest-contentful-paint');
  });

  it('a visit’s vitals arrive under its route pattern and show in the editors’ report', async () => {
    const before = (await rowOf('/disease_detail/:id'))?.LCP?.n ?? 0;
    // `early`: this page's goto does not wait for the app, as the visit ends on about:blank.
    const { page, problems } = await phonePage(browser, { early: true });
    await page.goto('/disease_detail/insomnia?vitals=1');
    await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
    await page.locator('h1, h2').filter({ hasText: '失眠' }).first().waitFor();
    // The collector loads once the browser is idle; a tap gives INP something to measure.
    await expect
      .poll(() => page.evaluate(() => performance.getEntriesByType('resource').some((e) => /\/assets\/vitals-/.test(e.name))))
      .toBe(true);
    await page.mouse.click(180, 400);
    expect(problems).toEqual([]);
    // Leaving hides the page: that is when the report goes (sendBeacon outlives the page).
    await page.goto('about:blank');

    await expect.poll(async () => (await rowOf('/disease_detail/:id'))?.LCP?.n ?? 0, { timeout: 10_000 }).toBe(before + 1);
    const row = (await rowOf('/disease_detail/:id'))!;
    expect(row.LCP!.p75).toBeGreaterThan(0);
    expect(row.TTFB!.p75).toBeGreaterThanOrEqual(0);
    // Kept under the pattern only: nothing of the address the visit had.
    const stored = await db.selectFrom('web_vitals').selectAll().execute();
    expect(JSON.stringify(stored)).not.toMatch(/insomnia|vitals=1/);
  });

  it('the console’s 页面速度 shows the p75 per page and day to an editor', async () => {
    const row = await rowOf('/disease_detail/:id');
    expect(row?.LCP).toBeTruthy();
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', baseURL: baseUrl() });
    try {
      const page = await context.newPage();
      await page.goto('/console/login');
      await logIn(page, EDITOR);
      await page.waitForURL('**/console/content');
      await page.getByRole('menuitem', { name: '页面速度' }).click();
      await page.waitForURL('**/console/vitals');
      const line = page.getByRole('row').filter({ hasText: '/disease_detail/:id' }).filter({ hasText: row!.day });
      // The same 75th percentile and count as the API's report, in seconds.
      await line.getByText(`${(row!.LCP!.p75 / 1000).toFixed(2)} 秒`).waitFor();
      await line.getByText(`（${row!.LCP!.n} 次）`).first().waitFor();
      // A page filter keeps that page's rows only.
      await page.getByRole('combobox', { name: '页面' }).click();
      await page.getByRole('option', { name: '/disease_detail/:id' }).click();
      await expect.poll(() => page.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(0);
      for (const text of await page.locator('tbody tr.ant-table-row').allInnerTexts()) expect(text).toContain('/disease_detail/:id');
      if (process.env.SHOTS) {
        await page.getByRole('heading', { name: '页面速度' }).click();
        await page.getByRole('listbox').waitFor({ state: 'hidden' });
        await page.screenshot({ path: join(process.env.SHOTS, 'console-vitals-1280.png') });
        await page.setViewportSize({ width: 375, height: 812 });
        await page.goto('/console/vitals');
        await page.getByText('（1 次）').first().waitFor();
        await page.screenshot({ path: join(process.env.SHOTS, 'console-vitals-375.png'), fullPage: true });
      }
    } finally {
      await context.close();
    }
  }, 60_000);
});
