import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { logIn, storedLogin } from './lib/login.ts';
import { readSmsCode } from './lib/server-process.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

const MOBILE = '13900008101';
const api = async (path: string, token: string) =>
  ((await (await fetch(`${baseUrl()}${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: { id: string }[] })
    .data;
const deviceList = (page: Page, key: 'moxaFavorites' | 'moxaHistory') =>
  page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? '[]') as { kind: string; id: string }[], key);

/** Opens a detail page and waits until its view is recorded on the phone. */
async function view(page: Page, path: string) {
  await page.goto(path);
  await page.getByRole('button', { name: /^(取消)?收藏$/ }).waitFor();
  const id = decodeURIComponent(path.split('/').at(-1)!);
  await expect.poll(async () => (await deviceList(page, 'moxaHistory'))[0]?.id).toBe(id);
}

async function favourite(page: Page, path: string) {
  await view(page, path);
  const button = page.getByRole('button', { name: '收藏', exact: true });
  expect(await button.getAttribute('aria-pressed')).toBe('false');
  await button.click();
  await page.locator('.adm-toast-main').getByText('已收藏，可在“我的收藏”里找到').waitFor();
  expect(await page.getByRole('button', { name: '取消收藏' }).getAttribute('aria-pressed')).toBe('true');
}

describe.skipIf(!hasBrowser())('我的: favourites and browsing history (issue #18)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('keeps them on the phone logged out, merges them into the account at login, shows them on another phone, clears, logs out', async () => {
    const { page, problems } = await phonePage(browser);
    // Logged out: a point and a condition favourited, a few pages viewed.
    await favourite(page, '/acupoint_detail/ST36');
    await favourite(page, '/disease_detail/insomnia');
    await view(page, '/notice_detail/mild-moxa');
    await view(page, '/video_detail/find-zusanli');
    await view(page, '/acupoint_detail/ST36');
    expect((await deviceList(page, 'moxaFavorites')).map((i) => i.id)).toEqual(['insomnia', 'ST36']);
    await expect
      .poll(async () => (await deviceList(page, 'moxaHistory')).map((i) => i.id))
      .toEqual(['ST36', 'find-zusanli', 'mild-moxa', 'insomnia']);

    // From home to 我的.
    await page.goto('/');
    await page.getByRole('link', { name: '我的', exact: true }).click();
    await page.waitForURL((u) => u.pathname === '/mine');
    await page.getByRole('heading', { name: '未登录' }).waitFor();
    await page.getByRole('switch', { name: '长辈版' }).waitFor();
    await page.getByRole('link', { name: /我的收藏/ }).click();
    const favourites = page.getByRole('list', { name: '收藏的内容' });
    await favourites.getByText('足三里').waitFor();
    await favourites.getByText('失眠').waitFor();
    await page.getByText('未登录：只保存在这台手机上。').waitFor();
    // Issue #32 item 4: 登录 in the note is a button at least 40 px tall, not a word in the sentence.
    const hintLogin = page.locator('.mine-login-hint').getByRole('link', { name: '登录', exact: true });
    expect((await hintLogin.boundingBox())!.height).toBeGreaterThanOrEqual(40);
    expect(await hintLogin.getAttribute('class')).toContain('btn');
    await page.getByRole('button', { name: '穴位 1' }).click();
    await expect.poll(() => favourites.getByRole('listitem').count()).toBe(1);
    await page.goto('/mine/history');
    const today = page.getByRole('list', { name: '今天' });
    await expect
      .poll(() => today.locator('.link-row-title').allTextContents())
      .toEqual(['足三里', '三秒找到足三里', '温和灸怎么做', '失眠']);

    // Log in from 我的: the phone's lists go into the account and leave the phone.
    await page.goto('/mine');
    await page.getByRole('link', { name: '登录', exact: true }).click();
    await logIn(page, MOBILE);
    await page.waitForURL((u) => u.pathname === '/mine');
    await expect
      .poll(() => page.evaluate(() => [localStorage.getItem('moxaFavorites'), localStorage.getItem('moxaHistory')]))
      .toEqual([null, null]);
    const login = (await storedLogin(page))!;
    expect((await api('/api/v8/me/favorites', login.token)).map((i) => i.id)).toEqual(['insomnia', 'ST36']);
    expect((await api('/api/v8/me/history', login.token)).map((i) => i.id)).toEqual(['ST36', 'find-zusanli', 'mild-moxa', 'insomnia']);
    await page.getByText('手机号 139******01').waitFor();
    await page.goto('/mine/favorites');
    await page.getByRole('list', { name: '收藏的内容' }).getByText('失眠').waitFor();
    expect(await page.getByText('未登录：只保存在这台手机上。').count()).toBe(0);

    // Another phone, the same account: the favourites are there.
    const other = await phonePage(browser);
    await new Promise((r) => setTimeout(r, 2100)); // the suite's resend cooldown
    await other.page.goto('/login');
    await logIn(other.page, MOBILE);
    await other.page.goto('/mine/favorites');
    const there = other.page.getByRole('list', { name: '收藏的内容' });
    await expect.poll(() => there.locator('.link-row-title').allTextContents()).toEqual(['失眠', '足三里']);
    await other.page.goto('/acupoint_detail/ST36');
    expect(await other.page.getByRole('button', { name: '取消收藏' }).getAttribute('aria-pressed')).toBe('true');
    expect(other.problems).toEqual([]);

    // 清空 asks first, then the account's history is gone.
    await page.goto('/mine/history');
    await page.getByRole('button', { name: '清空' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('清空浏览记录？').waitFor();
    await dialog.getByRole('button', { name: '清空' }).click();
    await page.getByRole('heading', { name: '还没有浏览记录' }).waitFor();
    expect(await api('/api/v8/me/history', login.token)).toEqual([]);

    // 退出登录 from 我的: nothing of the account stays on the phone.
    await page.goto('/mine');
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    expect(await storedLogin(page)).toBeNull();
    const keys = await page.evaluate(() => Object.keys(localStorage));
    expect(keys.filter((k) => k === 'moxaFavorites' || k === 'moxaHistory' || k.startsWith(`u:${login.user.id}:`))).toEqual([]);
    await page.goto('/mine/favorites');
    await page.getByRole('heading', { name: '还没有收藏' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('注销账号 asks for a fresh code and a tick, then deletes the account and everything of it, here and on the server', async () => {
    const mobile = '13900008102';
    const { page, problems } = await phonePage(browser);
    await page.goto('/login');
    await logIn(page, mobile);
    const login = (await storedLogin(page))!;
    const put = await fetch(`${baseUrl()}/api/v8/me/favorites/acupoint/ST36`, {
      method: 'PUT',
      headers: { Authorization: `Bearer ${login.token}` },
    });
    expect(put.status).toBe(200);

    await page.goto('/mine');
    await page.getByRole('link', { name: '注销账号' }).click();
    await page.waitForURL('**/mine/delete_account');
    await expect.poll(() => page.title()).toBe('注销账号');
    await page.getByRole('heading', { name: '注销后，下面这些会立即永久删除' }).waitFor();

    await new Promise((r) => setTimeout(r, 2100)); // the suite's resend cooldown after the login code
    const earlier = readSmsCode(inject('logPath'), `+86${mobile}`);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送到 139******02').waitFor();
    const code = readSmsCode(inject('logPath'), `+86${mobile}`)!;
    expect(code).not.toBe(earlier);

    // Not ticked: it says what is missing. A wrong code: the server's message, the typed code kept.
    const field = page.getByRole('textbox', { name: '短信验证码' });
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '注销账号' }).click();
    await page.getByRole('alert').getByText('请先勾选“我已了解，注销后无法恢复”').waitFor();
    await page.getByRole('checkbox', { name: '我已了解，注销后无法恢复' }).check();
    await page.getByRole('button', { name: '注销账号' }).click();
    await page.locator('.adm-dialog').getByRole('button', { name: '注销' }).click();
    await page
      .getByRole('alert')
      .getByText(/^验证码错误，还可以再试\d次$/)
      .waitFor();
    expect(await storedLogin(page)).not.toBeNull();

    await field.fill(code);
    await page.getByRole('button', { name: '注销账号' }).click();
    const dialog = page.locator('.adm-dialog');
    await dialog.getByText('确定注销账号？').waitFor();
    await dialog.getByRole('button', { name: '注销' }).click();
    await page.waitForURL((u) => u.pathname === '/');
    await page.locator('.adm-toast-main').getByText('账号已注销，数据已全部删除').waitFor();
    expect(await storedLogin(page)).toBeNull();
    expect((await page.evaluate(() => Object.keys(localStorage))).filter((k) => k.startsWith(`u:${login.user.id}:`))).toEqual([]);
    const me = await fetch(`${baseUrl()}/api/v8/me`, { headers: { Authorization: `Bearer ${login.token}` } });
    expect(me.status).toBe(401);
    // The wrong code's 400 is the only failed request.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });
});
