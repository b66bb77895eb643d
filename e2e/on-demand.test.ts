import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESULTS_KEY } from '../apps/web/src/features/physical/utils/physical-storage.ts';
import { resultWith } from '../apps/web/src/features/physical/utils/test-fixtures.ts';
import { hasBrowser, launch, phonePage } from './lib/page.ts';

/** The paths a page has asked the network (or the service worker) for, as it asks. */
function requests(page: Page): { seen: (re: RegExp) => boolean; list: string[] } {
  const list: string[] = [];
  page.on('request', (r) => list.push(new URL(r.url()).pathname));
  return { list, seen: (re) => list.some((p) => re.test(p)) };
}

const COUNTRY_SHEET = /^\/assets\/country-sheet-/;
const POPUP = /^\/assets\/popup-/;
const TOAST = /^\/assets\/toast-/;
const DIALOG = /^\/assets\/dialog-/;
const CHARTS_LIB = /^\/assets\/chart-setup-/;
const BODY_CHART = /^\/media\/charts\//;

/**
 * Issue #6: the country sheet, dialogs, charts and body charts load when they are needed, not
 * before — checked by what a page really requests, before and after the tap that needs them.
 */
describe.skipIf(!hasBrowser())('code loaded on demand (issue #6)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('login: the country sheet when the code is tapped, the Toast when there is something to say', async () => {
    const { page } = await phonePage(browser);
    const req = requests(page);
    await page.goto('/login');
    await page.getByPlaceholder('请输入手机号').waitFor();
    for (const re of [COUNTRY_SHEET, POPUP, TOAST, DIALOG, CHARTS_LIB]) expect(req.seen(re), `${re} before it is needed`).toBe(false);

    await page.getByRole('button', { name: /国家或地区区号/ }).click();
    await page.locator('.adm-popup-body').getByText('常用').waitFor();
    expect(req.seen(COUNTRY_SHEET) && req.seen(POPUP)).toBe(true);
    await page
      .locator('.adm-popup-body')
      .getByRole('button', { name: /中国香港/ })
      .first()
      .click();

    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.locator('.adm-toast-main').getByText('请输入正确的手机号').waitFor();
    expect(req.seen(TOAST)).toBe(true);
    expect(req.seen(DIALOG)).toBe(false);
  });

  it('the login check: its dialog only on a guarded screen', async () => {
    const { page } = await phonePage(browser);
    const req = requests(page);
    await page.goto('/physical');
    await page.getByRole('radio', { name: /^女/ }).waitFor();
    expect(req.seen(DIALOG)).toBe(false);
    await page.goto('/physical/record');
    await page.locator('.adm-dialog').getByText('请先登录').waitFor();
    expect(req.seen(DIALOG)).toBe(true);
  });

  it('acupoints: body charts only on the pages that draw one, and only the view shown', async () => {
    const { page } = await phonePage(browser);
    const req = requests(page);
    await page.goto('/acupoint');
    await page.getByRole('list', { name: '十四经' }).waitFor();
    await page.goto('/acupoint_search');
    await page.getByRole('searchbox', { name: '搜索穴位' }).waitFor();
    expect(req.seen(BODY_CHART)).toBe(false);
    expect(req.seen(CHARTS_LIB)).toBe(false);

    await page.goto('/acupoint_detail/ST36');
    await page.getByRole('img', { name: /^足三里在.+图中的位置$/ }).waitFor();
    await expect.poll(() => req.list.filter((p) => BODY_CHART.test(p)).length).toBeGreaterThan(0);
    // One figure for the one view shown, not the whole set of 11.
    expect(new Set(req.list.filter((p) => BODY_CHART.test(p))).size).toBe(1);
  });

  it('constitution test: the charting library only with a result to draw', async () => {
    const { page } = await phonePage(browser);
    const req = requests(page);
    await page.goto('/physical');
    await page.getByRole('radio', { name: /^女/ }).click();
    await page.getByRole('button', { name: '开始测试' }).click();
    await page.getByRole('button', { name: '上一题' }).waitFor();
    expect(req.seen(CHARTS_LIB)).toBe(false);

    const stored = [
      { key: 'on-demand', createdAt: new Date().toISOString(), gender: 'female', version: 'test', answers: {}, result: resultWith({}) },
    ];
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [RESULTS_KEY, JSON.stringify(stored)] as const);
    await page.goto('/physical/detail');
    await page.locator('.phy-radar canvas').waitFor();
    expect(req.seen(CHARTS_LIB)).toBe(true);
  });
});
