import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { sessionService } from '../apps/server/src/login/session-service.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { DIST, readManifest, staticClosure } from './lib/bundle.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

/** An editor, made straight in the e2e server's database (no SMS: this file logs nobody in). */
const EDITOR = '+8613300133501';

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
    const editor = await users.findOrCreate(EDITOR);
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
});
