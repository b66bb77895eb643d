/**
 * Renders the app icons in apps/web/public from apps/web/build/app-icon.svg (issue #6: installable
 * as a PWA). Run after changing the icon: `node scripts/icons.ts` (needs Chromium). Home screens
 * want raster icons: Android's installed app (192 and 512, maskable: the artwork stays in the
 * central safe zone) and iOS (apple-touch-icon, 180, drawn full-bleed as iOS rounds it itself).
 */
import { readFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from '../e2e/lib/browser-path.ts';

const root = new URL('..', import.meta.url).pathname;
const svg = readFileSync(`${root}apps/web/build/app-icon.svg`, 'utf8');
const browser = await chromium.launch({ executablePath: findChromium() ?? undefined, args: CHROMIUM_ARGS });
for (const [file, size] of [
  ['icon-192.png', 192],
  ['icon-512.png', 512],
  ['apple-touch-icon.png', 180],
] as const) {
  const page = await browser.newPage({ viewport: { width: size, height: size } });
  await page.setContent(`<style>html,body{margin:0}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`);
  await page.screenshot({ path: `${root}apps/web/public/${file}` });
  await page.close();
}
await browser.close();
