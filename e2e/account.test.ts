import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultWith } from '../apps/web/src/features/physical/utils/test-fixtures.ts';
import { logIn, storedLogin } from './lib/login.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

const me = (token: string) => fetch(`${baseUrl()}/api/v8/me`, { headers: { Authorization: `Bearer ${token}` } }).then((r) => r.status);

/** A result kept on the device under `key` (what the app writes when a test finishes). */
const stored = (key: string) => ({
  key,
  createdAt: new Date().toISOString(),
  gender: 'female',
  version: 'test',
  answers: {},
  result: resultWith({}),
});

async function openAccount(page: Page) {
  await page.goto('/');
  await page.locator('.home-user').click();
  await page.locator('.account-sheet').waitFor();
}

describe.skipIf(!hasBrowser())('我的, 退出登录 and per-user device data (issue #13 items 6, 7)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('退出登录 revokes the token and forgets the login, the cache and this user’s results; the next account sees none of it', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/login');
    await logIn(page, '13900006101');
    const alice = (await storedLogin(page))!;
    // Alice's own result (taken while logged in) and one taken on this phone while logged out.
    await page.evaluate(
      ([id, mine, loose]) => {
        localStorage.setItem(`u:${id}:physical:results`, JSON.stringify([mine]));
        localStorage.setItem(
          `u:${id}:physical:draft`,
          JSON.stringify({ gender: 'female', answers: { q01: 2 }, index: 1, total: 60, updatedAt: Date.now() }),
        );
        localStorage.setItem('physical:results', JSON.stringify([loose]));
      },
      [alice.user.id, stored('alice-own'), stored('loose')] as const,
    );
    await page.goto('/physical/record');
    await page.getByRole('heading', { name: '这台手机上还有 2 次结果没保存' }).waitFor();

    await openAccount(page);
    const sheet = page.locator('.account-sheet');
    await sheet.getByText('手机号 139******01').waitFor();
    await page.screenshot({ path: '/tmp/e2e-account-sheet.png' });
    await sheet.getByRole('button', { name: '退出登录' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('退出登录？').waitFor();
    await page.screenshot({ path: '/tmp/e2e-logout-confirm.png' });
    await dialog.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-toast-main').getByText('已退出登录').waitFor();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('keyLoginInfo'))).toBe('');
    await page.getByRole('link', { name: '登录' }).waitFor();
    expect(await me(alice.token)).toBe(401);
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => k.startsWith(`u:${alice.user.id}:`))).toEqual([]);
    expect(keys).toContain('physical:results');

    // Bob on the same phone: nothing of Alice's, and the logged-out result only as an offer.
    await page.goto('/login');
    await logIn(page, '13900006102');
    await page.goto('/physical/record');
    await page.getByRole('heading', { name: '这台手机上还有 1 次结果没保存' }).waitFor();
    await page.getByText('请确认是您本人的再保存', { exact: false }).waitFor();
    await page.getByRole('heading', { name: '还没有测试记录' }).or(page.getByText('保存后，结果就会出现在这里。')).waitFor();
    const bob = (await storedLogin(page))!;
    const records = await fetch(`${baseUrl()}/api/v8/physical/records`, { headers: { Authorization: `Bearer ${bob.token}` } });
    expect(((await records.json()) as { data: unknown[] }).data).toEqual([]);

    // The records screen has its own 退出登录.
    await page.getByRole('button', { name: '退出登录' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/e2e-record-logout.png', fullPage: true });
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await me(bob.token)).toBe(401);
    expect(problems).toEqual([]);
  });

  it('退出所有设备 ends the account’s sessions on every phone', async () => {
    const first = await phonePage(browser);
    await first.page.goto('/login');
    await logIn(first.page, '13900006103');
    const second = await phonePage(browser);
    await new Promise((r) => setTimeout(r, 2100)); // the suite's resend cooldown
    await second.page.goto('/login');
    await logIn(second.page, '13900006103');
    const other = (await storedLogin(second.page))!;
    expect(await me(other.token)).toBe(200);

    await openAccount(first.page);
    await first.page.locator('.account-sheet').getByRole('button', { name: '退出所有设备' }).click();
    await first.page.locator('.adm-dialog').getByRole('button', { name: '退出所有设备' }).click();
    await first.page.locator('.adm-toast-main').getByText('已退出所有设备').waitFor();
    expect(await me(other.token)).toBe(401);
    // The other phone finds out on its next call: the login check, and its stored login is cleared.
    await second.page.goto('/physical/record');
    await second.page.locator('.adm-dialog').getByText('请先登录').waitFor();
    expect(await storedLogin(second.page)).toBeNull();
  });
});
