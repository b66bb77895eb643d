import { readFileSync } from 'node:fs';
import { mkdirSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { AccountExport } from '@moxa/core/export/export-contract';
import { EXPORT_SECTIONS } from '@moxa/core/export/export-sections';
import { grantConsentsThrough } from '../apps/server/test/support/consent-helpers.ts';
import { logIn, storedLogin } from './lib/login.ts';
import { readSmsCode } from './lib/server-process.ts';
import { baseUrl, hasBrowser, launch, phonePage } from './lib/page.ts';

const SHOTS = '/tmp/shots';
const put = (path: string, token: string) => fetch(`${baseUrl()}${path}`, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } });

/** Screenshots of a screen in normal and 长辈版 (issue #27: screens touched are looked at). */
async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/i27-${name}.png`, fullPage: true });
}

describe.skipIf(!hasBrowser())('我的数据, 昵称, 隐私政策 and 用户协议 (issue #27 items 13, 16, 18)', () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await launch();
  });
  afterAll(async () => browser?.close());

  it('我的 → 我的数据 → a fresh code → the data file and the printable page are saved, listing what they hold', async () => {
    const mobile = '13900027016';
    const { page, problems } = await phonePage(browser);
    await page.goto('/login');
    await logIn(page, mobile);
    const login = (await storedLogin(page))!;
    await grantConsentsThrough(baseUrl(), login.token);
    for (const path of [
      '/api/v8/me/favorites/acupoint/ST36',
      '/api/v8/me/favorites/disease/insomnia',
      '/api/v8/me/history/notice/mild-moxa',
    ])
      expect((await put(path, login.token)).status).toBe(200);

    await page.goto('/mine');
    await page.getByRole('link', { name: /我的数据/ }).click();
    await page.waitForURL('**/mine/data');
    await expect.poll(() => page.title()).toBe('我的数据');
    await page.getByRole('heading', { name: '下载账号保存的全部信息' }).waitFor();
    await shoot(page, 'my-data-ask');

    await new Promise((r) => setTimeout(r, 2100)); // the suite's resend cooldown after the login code
    const earlier = readSmsCode(inject('logPath'), `+86${mobile}`);
    await page.getByRole('button', { name: '获取验证码' }).click();
    await page.getByText('验证码已发送到 139******16').waitFor();
    let code: string | null = null;
    await expect
      .poll(() => {
        code = readSmsCode(inject('logPath'), `+86${mobile}`);
        return code !== earlier ? code : null;
      })
      .toMatch(/^\d{6}$/);
    // A wrong code: the server's message, nothing exported.
    const field = page.getByRole('textbox', { name: '短信验证码' });
    await field.fill(code === '000000' ? '111111' : '000000');
    await page.getByRole('button', { name: '导出我的数据' }).click();
    await page
      .getByRole('alert')
      .getByText(/^验证码错误，还可以再试\d次$/)
      .waitFor();
    await field.fill(code!);
    await page.getByRole('button', { name: '导出我的数据' }).click();
    await page.getByRole('heading', { name: '已准备好，共有：' }).waitFor();
    await page.locator('.mine-data-counts').getByText('收藏').waitFor();
    await shoot(page, 'my-data-ready');

    const [json] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '保存数据文件（JSON）' }).click()]);
    expect(json.suggestedFilename()).toMatch(/^艾灸养生-我的数据-\d{8}\.json$/);
    const data = JSON.parse(readFileSync((await json.path())!, 'utf8')) as AccountExport;
    expect(data.manifest.sections.map((s) => [s.key, s.title])).toEqual(EXPORT_SECTIONS.map((s) => [s.key, s.title]));
    const counts = Object.fromEntries(data.manifest.sections.map((s) => [s.key, s.count]));
    expect(counts).toMatchObject({ profile: 1, favorites: 2, history: 1, consents: 3, consultations: 0 });
    expect(data.profile).toMatchObject({ id: login.user.id, mobile: `+86${mobile}` });
    expect(data.favorites.map((f) => f.id).sort()).toEqual(['ST36', 'insomnia']);

    const [html] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: '保存可打印的网页' }).click()]);
    expect(html.suggestedFilename()).toMatch(/^艾灸养生-我的数据-\d{8}\.html$/);
    const text = readFileSync((await html.path())!, 'utf8');
    expect(text).toContain('<h1>我的数据</h1>');
    expect(text).toContain(`+86${mobile}`);
    expect(text).not.toMatch(/<script/i);
    // The page itself, as a person opens it: readable, with every section.
    const printable = await browser.newPage({ viewport: { width: 375, height: 812 } });
    await printable.setContent(text);
    for (const s of EXPORT_SECTIONS) await printable.getByRole('heading', { name: new RegExp(`^${s.title}`) }).waitFor();
    await printable.screenshot({ path: `${SHOTS}/i27-my-data-printable.png`, fullPage: true });
    await printable.close();

    // The wrong code's 400 is the only failed request.
    expect(problems.filter((p) => !/status of 400/.test(p))).toEqual([]);
  });

  it('修改昵称 checks the name, saves it, and 我的 shows it; the name never shows digits of the number', async () => {
    const mobile = '13900027013';
    const { page, problems } = await phonePage(browser);
    await page.goto('/login');
    await logIn(page, mobile);
    const before = (await storedLogin(page))!.user.name;
    expect(before).toMatch(/^用户[A-Z2-9]{6}$/);
    await page.goto('/mine');
    await page.getByRole('heading', { name: before }).waitFor();
    await shoot(page, 'mine-logged-in');
    await page.getByRole('link', { name: '改昵称' }).click();
    await page.waitForURL('**/mine/nickname');
    const input = page.getByRole('textbox', { name: '新昵称' });
    await input.fill('王阿姨7016');
    await page.getByRole('button', { name: '保存' }).click();
    await page.getByRole('alert').getByText('昵称里不能有连着的4个数字，以免露出手机号').waitFor();
    await shoot(page, 'nickname-refused');
    await input.fill('王阿姨');
    await page.getByRole('button', { name: '保存' }).click();
    await page.waitForURL((u) => u.pathname === '/mine');
    await page.getByRole('heading', { name: '王阿姨' }).waitFor();
    // The heading follows the answer; the stored login is written just after it.
    await expect.poll(async () => (await storedLogin(page))?.user.name).toBe('王阿姨');
    expect(problems).toEqual([]);
  });

  it('隐私政策 and 用户协议 open from the login screen and from 我的; 关于我们 says what is not configured', async () => {
    const { page, problems } = await phonePage(browser);
    await page.goto('/login');
    await page.getByText('登录即表示同意').waitFor();
    await shoot(page, 'login-agree');
    await page.getByRole('link', { name: '《隐私政策》' }).click();
    await page.waitForURL('**/privacy');
    await expect.poll(() => page.title()).toBe('隐私政策');
    await page.getByRole('heading', { name: '二、保存多久' }).waitFor();
    await page.getByText('保存 3 年，到期自动删除', { exact: false }).waitFor();
    await page.getByText('本服务的运营者（名称未配置）', { exact: false }).first().waitFor();
    await shoot(page, 'privacy');
    await page.goto('/login');
    await page.getByRole('link', { name: '《用户协议》' }).click();
    await page.waitForURL('**/terms');
    await expect.poll(() => page.title()).toBe('用户协议');
    await page.getByText('不是医疗诊断，也不能代替看医生', { exact: false }).waitFor();
    await shoot(page, 'terms');

    await page.goto('/mine');
    await page.getByRole('link', { name: /隐私政策/ }).waitFor();
    await page.getByRole('link', { name: /用户协议/ }).waitFor();
    // Issue #30: 关于我们 is its own page, from the brand settings; the seed sets nothing, and says so.
    await page.getByRole('link', { name: /关于我们/ }).click();
    await page.waitForURL('**/about');
    await page.getByText('运营方还没有填写联系方式。').waitFor();
    expect(await page.locator('footer.brand-footer').count()).toBe(0);
    await shoot(page, 'mine-about');
    expect(problems).toEqual([]);
  });

  it('长辈版: the new screens in large type', async () => {
    const { page } = await phonePage(browser);
    await page.addInitScript(() => localStorage.setItem('moxaElderMode', '1'));
    await page.goto('/login');
    await logIn(page, '13900027018');
    for (const [path, name] of [
      ['/mine', 'mine-elder'],
      ['/mine/data', 'my-data-elder'],
      ['/mine/nickname', 'nickname-elder'],
      ['/privacy', 'privacy-elder'],
      ['/terms', 'terms-elder'],
      ['/login', 'login-elder'],
    ] as const) {
      await page.goto(path);
      await page.locator('h1').first().waitFor();
      await page.waitForTimeout(300);
      await shoot(page, name);
    }
  });
});
