import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_INFO_KEY } from '@moxa/core/login/constants';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/** Issue #17: /test, the diagnostics page support staff ask users to open. */
describe.skipIf(!hasBrowser())('/test diagnostics (issue #17)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('shows the build, the service’s health and the device, copies it as text, and clears local data after asking', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/');
    await page.evaluate(
      ([key]) => {
        localStorage.setItem(
          key!,
          JSON.stringify({ token: 'secret-token-value-123456', user: { id: 'u1', name: '用户0001', avatarUrl: '' } }),
        );
        localStorage.setItem('searchRecentTerms', '["足三里"]');
      },
      [LOGIN_INFO_KEY],
    );
    await page.goto('/test');
    await expect.poll(() => page.title()).toBe('测试页');
    const facts = page.getByRole('region', { name: '诊断信息' });
    await expect.poll(() => facts.textContent()).toMatch(/服务连接正常（响应 \d+ 毫秒）/);
    const text = (await facts.textContent())!;
    // What support needs, never what the server runs on (issue #27 item 19).
    expect(text).toMatch(/构建时间\d{4}/);
    expect(text).not.toMatch(/sqlite|postgres|数据库/i);
    expect(text).toContain('应用版本1.0.0');
    expect(text).toContain('登录信息本机已保存（不显示令牌）');
    expect(text).toContain('屏幕375 × 812');
    expect(text).toContain('像素比2');
    expect(text).not.toContain('secret-token-value');

    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.getByRole('button', { name: '复制诊断信息' }).click();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(copied).toMatch(/^艾灸养生 诊断信息/);
    expect(copied).toContain('微信内：否');
    expect(copied).not.toContain('secret-token-value');
    expect(copied).not.toMatch(/sqlite|postgres/i);

    await page.getByRole('button', { name: '清除本机数据' }).click();
    await page.getByRole('button', { name: '取消' }).click();
    expect(await page.evaluate(() => localStorage.length)).toBeGreaterThan(0);
    await page.getByRole('button', { name: '清除本机数据' }).click();
    await page.getByRole('button', { name: '清除', exact: true }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('searchRecentTerms'))).toBeNull();
    expect(await page.evaluate((k) => localStorage.getItem(k), LOGIN_INFO_KEY)).toBeNull();
    expect(problems).toEqual([]);
  });
});
