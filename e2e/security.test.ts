import { cpSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasBrowser, launch, phonePage } from './lib/page.ts';
import { ROOT, startServer, type RunningServer } from './lib/server-process.ts';

/** Records CSP violations and any script a payload manages to run. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    const w = window as unknown as { __csp: string[]; __xss: number };
    w.__csp = [];
    w.__xss = 0;
    document.addEventListener('securitypolicyviolation', (e) => w.__csp.push(`${e.violatedDirective} ${e.blockedURI}`));
    window.alert = () => {
      w.__xss += 1;
    };
  });
  page.on('dialog', (d) => void d.dismiss());
}

describe.skipIf(!hasBrowser())('web hardening (issue #7)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('runs every main screen under the Content-Security-Policy with no violation', async () => {
    const { page, problems } = await phonePage(browser);
    await watch(page);
    for (const path of [
      '/',
      '/acupoint',
      '/acupoint_detail/ST36',
      '/meridian_detail/BL',
      '/acupoint_search?q=zsl',
      '/login',
      '/physical',
      '/physical/conditioning_cheme?type=qixu',
      '/product',
    ]) {
      const res = await page.goto(path);
      expect(res?.headers()['content-security-policy'], path).toContain("script-src 'self'");
      await page.waitForLoadState('networkidle');
    }
    await page.goto('/login');
    await page.getByRole('button', { name: /国家或地区区号/ }).click();
    await page.locator('.adm-popup-body').getByText('常用').waitFor();
    expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
    expect(problems.filter((p) => /Content Security Policy/i.test(p))).toEqual([]);
  });

  describe('content with planted XSS payloads', () => {
    let server: RunningServer;
    const PAYLOAD = `<img src=x onerror="alert(1)"><script>alert(2)</script><svg onload=alert(3)>`;
    beforeAll(async () => {
      const dir = mkdtempSync(join(tmpdir(), 'moxa-xss-'));
      cpSync(join(ROOT, 'content'), dir, { recursive: true });
      const file = join(dir, 'acupoints/ST.json');
      const points = JSON.parse(readFileSync(file, 'utf8')) as {
        code: string;
        location: string;
        findMethod: string;
        indications: string[];
        cautions: string[];
      }[];
      const st36 = points.find((p) => p.code === 'ST36')!;
      st36.location = `在小腿外侧${PAYLOAD}`;
      st36.findMethod = `<a href="javascript:alert(4)">点我</a>${PAYLOAD}`;
      st36.indications = [...st36.indications, '<b onmouseover=alert(5)>x</b>'];
      st36.cautions = [...st36.cautions, PAYLOAD];
      writeFileSync(file, JSON.stringify(points));
      server = await startServer({ CONTENT_DIR: dir });
    });
    afterAll(async () => server?.stop());

    it('shows the payloads as text and runs none of them', async () => {
      const { page } = await phonePage(browser);
      await watch(page);
      await page.goto(`${server.url}/acupoint_detail/ST36`);
      await page.getByText('定位').first().waitFor();
      await page.getByText('<script>alert(2)</script>', { exact: false }).first().waitFor();
      expect(await page.locator('#root img[src="x"], #root script, #root svg[onload]').count()).toBe(0);
      await page.goto(`${server.url}/acupoint_search?q=${encodeURIComponent('<b')}`);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { __xss: number }).__xss)).toBe(0);
    });
  });
});
