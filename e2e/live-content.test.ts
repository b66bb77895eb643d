import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, phonePage } from './lib/page.ts';
import { startServer, type RunningServer } from './lib/server-process.ts';

const OLD = '手太阴肺经';
const NEW = '手太阴肺经（已更新）';

/**
 * Issue #29 (decision 039): a publish reaches a running server within seconds, and a prerendered
 * page — whose HTML holds the content of its build — shows the published content once hydrated.
 * The publish is written straight into the server's SQLite file by this process (as another
 * instance or the console would), unannounced: the server's 2 s poll finds it.
 */
describe.skipIf(!hasBrowser())('live content on a prerendered page (issue #29)', () => {
  let browser: Browser;
  let server: RunningServer | undefined;
  const dir = mkdtempSync(join(tmpdir(), 'moxa-live-'));
  const sqlitePath = join(dir, 'app.db');
  beforeAll(async () => {
    browser = await launch();
    server = await startServer({ SQLITE_PATH: sqlitePath });
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves a publish within 5 s, and the prerendered /acupoint shows it after hydration', async () => {
    const db = new SQLite(sqlitePath);
    db.pragma('busy_timeout = 5000');
    try {
      const row = db.prepare("select data from content_items where kind = 'meridian' and id = 'LU'").get() as { data: string };
      const data = { ...(JSON.parse(row.data) as Record<string, unknown>), name: NEW };
      db.transaction(() => {
        db.prepare("update content_items set data = ? where kind = 'meridian' and id = 'LU'").run(JSON.stringify(data));
        db.prepare("update content_meta set hash = ?, loaded_at = ? where kind = 'all'").run(`e2e-${Date.now()}`, Date.now());
      })();
    } finally {
      db.close();
    }
    const start = Date.now();
    const served = async () => JSON.stringify(await (await fetch(`${server!.url}/api/v8/meridians`)).json());
    await expect.poll(served, { timeout: 5000, interval: 100 }).toContain(NEW);
    expect(Date.now() - start).toBeLessThan(5000);

    const { page, problems } = await phonePage(browser, { base: server!.url });
    const html = await (await page.request.get('/acupoint')).text();
    // The HTML is the build's: the old name, the build's data seeded for hydration.
    expect(html).toContain('id="moxa-data"');
    expect(html).toContain(OLD);
    expect(html).not.toContain(NEW);
    await page.goto('/acupoint');
    await page.getByRole('list', { name: '十四经' }).getByText(NEW).waitFor({ timeout: 10_000 });
    expect(problems).toEqual([]);
  });
});
