/// <reference lib="dom" />
/**
 * Prerenders the entry pages of the WeChat menu (issue #6: they paint from HTML before JavaScript
 * arrives). Runs after `vite build`: starts the real server in process on an in-memory database,
 * loads each page in Chromium, and writes dist/<path>/index.html with the rendered markup, the
 * page's CSS inlined (critical CSS, one round trip) and the query cache the page used, so the app
 * takes over without a flash or a layout shift. Without Chromium it says so and leaves the SPA as is.
 */
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { chromium as pw } from 'playwright-core';
import { buildApp } from '../apps/server/src/app.ts';
import { loadContent } from '../apps/server/src/content/load-content.ts';
import { migrate, openDatabase } from '../apps/server/src/db/database.ts';
import { loadEnv } from '../apps/server/src/env.ts';
import { ROUTES } from '../apps/web/src/config/routes.ts';
import { CHROMIUM_ARGS, findChromium } from '../e2e/lib/browser-path.ts';
import { AFTER_PAINT_BOOT_SCRIPT, APP_TEMPLATE_ID } from '../packages/core/src/ui/after-paint-boot.ts';
import { PRERENDERED } from './prerender-pages.ts';

const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');

const browserPath = findChromium();
if (!browserPath) {
  process.stdout.write('prerender: no Chromium found; entry pages are served as the plain SPA (install chromium to prerender).\n');
  process.exit(0);
}

const env = loadEnv({}, { NODE_ENV: 'production', LOG_LEVEL: 'warn', WEB_DIST: dist, CONTENT_DIR: join(root, 'content') });
const db = openDatabase('', ':memory:');
await migrate(db);
await loadContent(db, env.CONTENT_DIR);
const app = await buildApp({ env, db, logStream: process.stderr });
await app.listen({ host: '127.0.0.1', port: 0 });
const base = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
const shell = readFileSync(join(dist, 'index.html'), 'utf8');
const browser = await pw.launch({ executablePath: browserPath, args: CHROMIUM_ARGS });

const escapeJson = (s: string) =>
  s
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

try {
  for (const path of PRERENDERED) {
    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, locale: 'zh-CN' });
    const page = await context.newPage();
    // Client-only state (the clock) stays out of the snapshot, so hydration sees the same markup.
    await page.addInitScript(() => Object.assign(window, { __MOXA_PRERENDER__: true }));
    await page.goto(`${base}${path}`, { waitUntil: 'networkidle' });
    await page.waitForFunction(
      () => (document.getElementById('root')?.children.length ?? 0) > 0 && !document.querySelector('[aria-busy="true"]'),
    );
    const { html, state, css } = await page.evaluate(() => ({
      // React renders `+{code}` as two text nodes; serialised, they would merge into one and no
      // longer hydrate. Separate them the way React's own server renderer does: <!-- -->.
      html: (() => {
        const root = document.getElementById('root')!;
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        const texts: Text[] = [];
        while (walker.nextNode()) texts.push(walker.currentNode as Text);
        for (const t of texts) if (t.nextSibling?.nodeType === Node.TEXT_NODE) t.after(document.createComment(' '));
        return root.innerHTML;
      })(),
      state: JSON.stringify((window as unknown as { __MOXA_DEHYDRATE__?: () => unknown }).__MOXA_DEHYDRATE__?.() ?? null),
      css: [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((l) => new URL(l.href).pathname),
    }));
    await context.close();
    const styles = [...new Set(css)].map((href) => readFileSync(join(dist, href), 'utf8')).join('\n');
    const title = ROUTES.find((r) => r.path === path)?.title ?? '艾灸养生';
    // The markup paints on its own: the app's script and the files it imports start loading once the
    // first frame is out (packages/core ui/after-paint-boot.ts), and nothing competes with the first
    // paint. The preload links stay (with the entry): the chunk loader skips files that have one,
    // instead of adding a link for each on the main thread when the first screen loads.
    const entry = /<script type="module"[^>]*><\/script>/.exec(shell)?.[0] ?? '';
    const preloads = shell.match(/<link rel="modulepreload"[^>]*>/g) ?? [];
    const out = shell
      .replace(entry, '')
      .replace(/<link rel="modulepreload"[^>]*>/g, '')
      .replace(/<link rel="stylesheet"[^>]*>/g, '')
      .replace(
        '</body>',
        `<template id="${APP_TEMPLATE_ID}">${[...preloads, entry].join('')}</template><script>${AFTER_PAINT_BOOT_SCRIPT}</script></body>`,
      )
      // The CSS is inlined for the first paint. Disabled links with the same hrefs (never fetched)
      // tell Vite's chunk loader the sheets are present, so it does not add them again and restyle
      // the whole page while the app takes over (a long task, TBT — issue #6).
      // Issue #33: nothing paints until the screen's markup is all parsed (#moxa-data follows it).
      // A phone's parser yields mid-document under load, and a frame of the half-built page would
      // then shift as the rest arrives (the bottom navigation, first in #root, grew upwards; the
      // home header's logo and 登录 moved). The HTML fits one round trip, so this delays nothing
      // worth painting; browsers without `rel=expect` (X5, WebKit) ignore it.
      .replace(
        '</head>',
        `<link rel="expect" href="#moxa-data" blocking="render"><style>${styles}</style>${[...new Set(css)].map((href) => `<link rel="stylesheet" href="${href}" disabled>`).join('')}</head>`,
      )
      .replace(/<title>[^<]*<\/title>/, `<title>${title}</title>`)
      .replace(
        '<div id="root"></div>',
        `<div id="root">${html}</div><script type="application/json" id="moxa-data">${escapeJson(state)}</script>`,
      );
    const dir = join(dist, path === '/' ? 'index' : path.slice(1));
    mkdirSync(dir, { recursive: true });
    const file = join(dir, 'index.html');
    writeFileSync(file, out);
    writeFileSync(`${file}.br`, brotliCompressSync(out, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
    writeFileSync(`${file}.gz`, gzipSync(out, { level: 9 }));
    process.stdout.write(`prerendered ${path} (${(gzipSync(out).length / 1024).toFixed(1)} KB gzip)\n`);
  }
} finally {
  await browser.close();
  await app.close();
  await db.destroy();
}
