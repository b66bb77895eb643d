import { existsSync } from 'node:fs';
import { chromium } from 'playwright-core';

/** Issue #2 §7: CHROME_PATH, Debian's /usr/bin/chromium, or Playwright's own browser. */
export function findChromium(): string | null {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];
  try {
    candidates.push(chromium.executablePath());
  } catch {
    /* Playwright has no browser of its own here */
  }
  return candidates.find((p): p is string => Boolean(p && existsSync(p))) ?? null;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-gpu',
  '--no-first-run',
];
