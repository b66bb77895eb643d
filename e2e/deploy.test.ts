import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch } from './lib/page.ts';
import { DIST } from './lib/bundle.ts';
import { freePort, ROOT, startServer, type RunningServer } from './lib/server-process.ts';

const jsFiles = (dist: string) => new Set(readdirSync(join(dist, 'assets')).filter((f) => f.endsWith('.js')));
const entryOf = (dist: string) => /src="\/assets\/(index-[\w-]+\.js)"/.exec(readFileSync(join(dist, 'index.html'), 'utf8'))![1]!;

/** The app's scripts this document has loaded (from the network or the service worker). */
const loadedScripts = (page: Page) =>
  page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((e) => new URL(e.name).pathname)
      .filter((p) => /^\/assets\/.+\.js$/.test(p))
      .map((p) => p.slice('/assets/'.length)),
  );

/**
 * Issue #6: a new deploy is picked up without a stale mix of old and new files. The current build
 * runs first and its service worker takes the page; then the same origin serves "the next deploy",
 * in which every file has a new name (e2e/lib/vite-redeploy.config.ts). The open page keeps running
 * the old build whole; the new worker installs the new build and drops the old files; the page
 * opened again runs the new build whole.
 */
describe.skipIf(!hasBrowser())('a new deploy (issue #6)', () => {
  let browser: Browser;
  let server: RunningServer | undefined;
  const next = mkdtempSync(join(tmpdir(), 'moxa-redeploy-'));
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => {
    await server?.stop();
    await browser?.close();
    rmSync(next, { recursive: true, force: true });
  });

  it('is picked up whole: old pages stay on the old build, then move to the new one with no file of the old', async () => {
    const built = spawnSync(
      process.execPath,
      [join(ROOT, 'node_modules/vite/bin/vite.js'), 'build', '--config', join(ROOT, 'e2e/lib/vite-redeploy.config.ts')],
      { cwd: join(ROOT, 'apps/web'), env: { ...process.env, NODE_ENV: 'production', REDEPLOY_OUT_DIR: next }, encoding: 'utf8' },
    );
    expect(built.status, built.stderr).toBe(0);
    const oldFiles = jsFiles(DIST);
    const newFiles = jsFiles(next);
    expect([...newFiles].filter((f) => oldFiles.has(f) && !f.startsWith('workbox-'))).toEqual([]);

    const port = String(await freePort());
    server = await startServer({ PORT: port });
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, baseURL: server.url, locale: 'zh-CN' });
    const page = await context.newPage();
    await page.goto('/acupoint');
    await page.getByRole('list', { name: '十四经' }).waitFor();
    await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 25_000 }).toBe(true);

    // The deploy: the same origin now serves the next build.
    await server.stop();
    server = await startServer({ PORT: port, WEB_DIST: next });

    // Until its worker learns of the deploy, the open page stays on the old build, whole: a screen
    // it had not loaded comes from the old worker's precache.
    await page
      .getByRole('link', { name: /足阳明胃经/ })
      .first()
      .click();
    await page.getByRole('heading', { level: 2, name: '足阳明胃经', exact: true }).waitFor();
    expect((await loadedScripts(page)).filter((f) => !oldFiles.has(f))).toEqual([]);

    // The browser checks for a new worker (on a navigation, or as here when asked); it installs the
    // next build, takes over and drops the old files.
    await page.evaluate(async () => {
      const changed = new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve, { once: true }));
      await (await navigator.serviceWorker.getRegistration())!.update();
      await changed;
    });
    // (The old precache is deleted as the new worker activates, just after it takes the page.)
    const cachedOldFiles = () =>
      page.evaluate(
        async (old) => {
          const urls: string[] = [];
          for (const name of await caches.keys())
            for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
          return urls.map((p) => p.replace(/^\/assets\//, '')).filter((f) => old.includes(f));
        },
        [...oldFiles].filter((f) => !newFiles.has(f)),
      );
    await expect.poll(cachedOldFiles, { timeout: 10_000 }).toEqual([]);

    // The open page goes on with one build, whole: a screen it needs now comes from the browser's
    // cache, or, were that gone too, the failed chunk reloads it into the new build (app/route-error.tsx).
    await page.evaluate(() => {
      history.pushState(null, '', '/login');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.getByPlaceholder('请输入手机号').waitFor({ timeout: 20_000 });
    const open = await loadedScripts(page);
    expect(open.every((f) => oldFiles.has(f)) || open.every((f) => newFiles.has(f)), open.join(' ')).toBe(true);

    // Opened again, it is the new build, whole.
    await page.reload();
    await page.getByPlaceholder('请输入手机号').waitFor();
    expect(await page.evaluate(() => document.querySelector('script[type="module"][src]')?.getAttribute('src'))).toBe(
      `/assets/${entryOf(next)}`,
    );
    const scripts = await loadedScripts(page);
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((f) => !newFiles.has(f))).toEqual([]);
    await context.close();
  });
});
