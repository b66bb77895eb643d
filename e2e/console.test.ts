import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../apps/server/src/db/database.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { postgresBackends, suiteSqlite, type Backend } from './lib/backends.ts';
import { logIn } from './lib/login.ts';
import { hasBrowser, launch } from './lib/page.ts';

/** One staff member per number block (the e2e server caps codes per number and per block). */
const EDITOR = '15100151601';
const REVIEWER = '15200152602';
const ADMIN = '15300153603';
const NEW_STAFF = '15500155604';
const PRODUCT = 'family-set';
const CONDITION = 'air-con-cold';
const SHOTS = process.env.SHOTS ?? '';

type Me = { id: string; name: string };

/**
 * Issue #29 "Done when", in Chromium against the production build: an editor changes a product's
 * price and description → the checks pass → preview → submit; a reviewer (another account) approves
 * with a schedule about a minute ahead → at that time the H5 shows the new price; a condition draft
 * prescribing a 禁灸 point, or promising a cure, is refused with the rule shown at its field; a
 * rollback restores the previous version; the audit log shows each step with the right people.
 * SHOTS=<dir> also saves every console screen at 1280×800 and 375×812.
 */
/**
 * Where the console runs: the suite's own SQLite server (one process: SQLite's deployment), and two
 * instances on one PostgreSQL schema when TEST_DATABASE_URL is set — staff work on the first, the H5
 * is read from the second, so a publish is seen across instances (issue #29 "Done when").
 */
const BACKENDS: Backend[] = [suiteSqlite, ...postgresBackends()];

describe.skipIf(!hasBrowser()).each(BACKENDS)('the operator console on $name (issue #29)', (backend) => {
  let browser: Browser;
  let db: Db;
  let staffUrl: string;
  let h5Url: string;
  let logPath: string;
  let stop = async () => {};
  let editor: Page;
  let reviewer: Page;
  let editorMe: Me;
  let reviewerMe: Me;
  const contexts: BrowserContext[] = [];

  /** A desktop page of the console, signed in with a fresh SMS code. */
  async function consolePage(mobile: string, size = { width: 1280, height: 800 }): Promise<Page> {
    const context = await browser.newContext({ viewport: size, locale: 'zh-CN', baseURL: staffUrl, acceptDownloads: true });
    contexts.push(context);
    const page = await context.newPage();
    // Leaving a page with unsaved edits asks first (Refine's notifier): the test means to leave.
    page.on('dialog', (d) => void d.accept());
    await page.goto('/console/login');
    await logIn(page, mobile, logPath);
    await page.waitForURL('**/console/content');
    return page;
  }
  const me = (page: Page) =>
    page.evaluate(async () => {
      const token = (JSON.parse(localStorage.getItem('keyLoginInfo')!) as { token: string }).token;
      const res = await fetch('/api/v8/console/me', { headers: { Authorization: `Bearer ${token}` } });
      return ((await res.json()) as { data: Me }).data;
    });
  /** The price the H5's product page shows to a visitor now (a fresh page each time: nothing cached). */
  async function h5Price(): Promise<string> {
    const context = await browser.newContext({
      viewport: { width: 375, height: 812 },
      isMobile: true,
      locale: 'zh-CN',
      baseURL: h5Url,
    });
    try {
      const page = await context.newPage();
      await page.goto(`/product_detail/${PRODUCT}`);
      // A prerendered page is read once the app has taken it over and its data calls have settled.
      await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
      await page.waitForLoadState('networkidle');
      const price = page.locator('.product-head .price');
      await price.waitFor();
      return (await price.textContent()) ?? '';
    } finally {
      await context.close();
    }
  }
  const shot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  };
  /** Opens a revision of the review queue by its item's title. */
  async function openInQueue(page: Page, title: RegExp) {
    await page.goto('/console/review');
    await page.getByRole('row', { name: title }).first().click();
    await page.getByRole('dialog').getByText('与已发布版本的差异').waitFor();
  }

  beforeAll(async () => {
    browser = await launch();
    ({ staffUrl, h5Url, staffLog: logPath, db, stop } = await backend.start());
    const users = userRepository(db, Date.now);
    // The editor also reviews (to see that nobody approves their own draft); the reviewer only reviews.
    const grant = async (mobile: string, roles: string[]) => {
      const user = await users.findOrCreate(`+86${mobile}`);
      for (const role of roles) await users.grant(user.id, role as Parameters<typeof users.grant>[1]);
    };
    await grant(EDITOR, ['editor', 'reviewer']);
    await grant(REVIEWER, ['reviewer']);
    await grant(ADMIN, ['admin']);
  }, 60_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await stop();
    await browser?.close();
  });

  it('staff log in with a fresh SMS code; the menus follow their roles', async () => {
    editor = await consolePage(EDITOR);
    reviewer = await consolePage(REVIEWER);
    editorMe = await me(editor);
    reviewerMe = await me(reviewer);
    expect(editorMe.id).not.toBe(reviewerMe.id);
    // The editor (who also reviews) writes and reviews; nobody but an admin sees 人员与角色.
    for (const name of ['内容', '审核', '审计日志']) await editor.getByRole('menuitem', { name }).waitFor();
    expect(await editor.getByRole('menuitem', { name: '人员与角色' }).count()).toBe(0);
  }, 60_000);

  it('an editor changes a product’s price and description: the checks pass, the preview shows the draft, and it goes to review', async () => {
    expect(await h5Price()).toMatch(/¥398/);
    await editor.goto(`/console/content/product/${PRODUCT}`);
    const price = editor.locator('#root_price');
    await price.waitFor();
    await price.fill('368');
    const body = editor.getByLabel('正文');
    await body.fill(`${await body.inputValue()}\n\n每套附赠隔热垫一片。`);
    const submit = editor.getByRole('button', { name: '提交审核' });
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    await expect.poll(() => editor.getByText(/自动检查(通过|：0 项须修改)/).count()).toBeGreaterThan(0);
    await editor.getByRole('button', { name: '保存草稿' }).click();
    await editor.getByText('草稿已保存').waitFor();

    // 预览: the real H5 screen, answering from the draft, at 375×812; 长辈版 inside the frame only.
    await editor.getByRole('button', { name: '预览' }).click();
    const frame = editor.frameLocator('iframe[title="H5 预览"]');
    await expect.poll(() => frame.locator('.product-head .price').textContent(), { timeout: 15_000 }).toMatch(/¥368/);
    await editor.getByRole('switch', { name: '长辈版' }).click();
    await expect
      .poll(() =>
        editor
          .locator('iframe[title="H5 预览"]')
          .evaluate((f: HTMLIFrameElement) => f.contentDocument!.documentElement.hasAttribute('data-elder')),
      )
      .toBe(true);
    expect(await editor.evaluate(() => localStorage.getItem('moxaElderMode'))).toBeNull();
    await shot(editor, 'preview-1280');
    await editor.keyboard.press('Escape');

    await submit.click();
    await editor.getByText('已提交审核').waitFor();
    await shot(editor, 'editor-submitted-1280');
    // Until a reviewer approves, the H5 keeps the published price.
    expect(await h5Price()).toMatch(/¥398/);
  }, 90_000);

  it('the author cannot approve it; a reviewer approves it for a minute ahead, and the H5 shows the new price from then', async () => {
    await openInQueue(editor, /全家温养套装/);
    await expect.poll(() => editor.getByRole('button', { name: '通过并发布' }).isDisabled()).toBe(true);

    await openInQueue(reviewer, /全家温养套装/);
    const drawer = reviewer.getByRole('dialog');
    await drawer.getByText('"price": 368').waitFor();
    await drawer.getByText('定时发布').click();
    // The next whole minute at least a minute away (the picker works in minutes).
    const at = new Date(Math.ceil((Date.now() + 70_000) / 60_000) * 60_000);
    const pad = (n: number) => String(n).padStart(2, '0');
    const typed = `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
    const picker = drawer.getByPlaceholder('选择发布时间');
    await picker.click();
    await picker.fill(typed);
    await picker.press('Enter');
    await shot(reviewer, 'review-schedule-1280');
    await drawer.getByRole('button', { name: '通过并定时发布' }).click();
    await reviewer.getByText(/已通过，将于/).waitFor();

    // Approved, waiting for its time: the H5 still shows the old price, the queue lists it as 待发布.
    expect(await h5Price()).toMatch(/¥398/);
    await reviewer.locator('.ant-radio-button-wrapper', { hasText: '待发布' }).click();
    await reviewer.getByRole('row', { name: /全家温养套装/ }).waitFor();

    await expect.poll(h5Price, { timeout: 150_000, interval: 5_000 }).toMatch(/¥368/);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  }, 240_000);

  it('a condition draft that prescribes a 禁灸 point, or promises a cure, is refused with the rule at its field', async () => {
    await editor.goto(`/console/content/disease/${CONDITION}`);
    const code = editor.locator('#root_prescription_points_0_code');
    await code.waitFor();
    const submit = editor.getByRole('button', { name: '提交审核' });
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);

    // 睛明 (BL1) is around the eye: never for home moxibustion (content/safety.test.ts).
    await code.fill('BL1');
    const field = editor.locator('.form-group, .ant-form-item').filter({ has: code });
    await expect.poll(() => field.getByText(/【须修改】/).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    expect(await submit.isDisabled()).toBe(true);
    await code.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await shot(editor, 'editor-forbidden-point-1280');

    await code.fill('GB20');
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    const body = editor.getByLabel('正文');
    await body.fill(`${await body.inputValue()}\n\n坚持艾灸，保证根治空调病。`);
    await expect
      .poll(() => editor.locator('[role="alert"]').filter({ hasText: '【须修改】' }).count(), { timeout: 10_000 })
      .toBeGreaterThan(0);
    expect(await submit.isDisabled()).toBe(true);
    await body.evaluate((el) => el.scrollIntoView({ block: 'end' }));
    await shot(editor, 'editor-cure-promise-1280');
  }, 60_000);

  it('a rollback is a new draft through review, and restores the previous version', async () => {
    await editor.goto(`/console/content/product/${PRODUCT}/versions`);
    await editor.getByText('v1 · 当前').waitFor();
    await shot(editor, 'versions-1280');
    await editor.getByRole('row', { name: /^v0/ }).getByRole('button', { name: '回滚到此版本' }).click();
    await editor.getByRole('button', { name: '建立草稿' }).click();
    await editor.waitForURL(`**/console/content/product/${PRODUCT}`);
    await expect.poll(() => editor.locator('#root_price').inputValue(), { timeout: 10_000 }).toBe('398');
    const submit = editor.getByRole('button', { name: '提交审核' });
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    await submit.click();
    await editor.getByText('已提交审核').waitFor();

    await openInQueue(reviewer, /全家温养套装/);
    await reviewer.getByRole('dialog').getByText('"price": 398').waitFor();
    await reviewer.getByRole('dialog').getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已通过并发布').waitFor();
    await expect.poll(h5Price, { timeout: 15_000, interval: 1_000 }).toMatch(/¥398/);
  }, 90_000);

  it('the audit log shows each step with the right people, and exports as CSV', async () => {
    await reviewer.goto('/console/audit');
    await reviewer.getByPlaceholder(/对象/).fill(`content:product/${PRODUCT}`);
    await reviewer.getByRole('button', { name: '查询' }).click();
    const row = (action: string, who: string) => reviewer.getByRole('row').filter({ hasText: action }).filter({ hasText: who });
    for (const [action, who] of [
      ['提交审核', editorMe.name],
      ['审核通过', reviewerMe.name],
      ['回滚', editorMe.name],
    ] as const) {
      await expect.poll(() => row(action, who).count(), { timeout: 30_000 }).toBeGreaterThan(0);
    }
    expect(await reviewer.getByRole('row').filter({ hasText: '发布' }).count()).toBeGreaterThan(1);
    // Nobody but the reviewer approved, nobody but the editor submitted.
    expect(await row('审核通过', editorMe.name).count()).toBe(0);
    expect(await row('提交审核', reviewerMe.name).count()).toBe(0);
    await shot(reviewer, 'audit-1280');

    const [download] = await Promise.all([reviewer.waitForEvent('download'), reviewer.getByRole('button', { name: '导出 CSV' }).click()]);
    const csv = readFileSync((await download.path())!, 'utf8');
    expect(csv).toContain('审核通过');
    expect(csv).toContain(reviewerMe.name);
  }, 60_000);

  it('an admin adds staff by mobile and changes their roles; the menus follow the roles', async () => {
    // The reviewer has no 人员与角色; an editor-only account would have no 审核 either (lib/roles.ts).
    expect(await reviewer.getByRole('menuitem', { name: '人员与角色' }).count()).toBe(0);
    const admin = await consolePage(ADMIN);
    await admin.getByRole('menuitem', { name: '人员与角色' }).click();
    await admin.getByPlaceholder(/手机号/).fill(NEW_STAFF);
    await admin.getByRole('button', { name: '添加人员' }).click();
    await admin.getByText('已添加').waitFor();
    const added = admin.getByRole('row', { name: new RegExp(`${NEW_STAFF.slice(0, 3)}\\*+${NEW_STAFF.slice(-2)}`) });
    await added.waitFor();
    // The boxes show the server's roles: ticked once the change is saved.
    await added.getByRole('checkbox', { name: '审核员' }).click();
    await admin.getByText(/已更新 .* 的角色/).waitFor();
    await expect.poll(() => added.getByRole('checkbox', { name: '审核员' }).isChecked()).toBe(true);
    await shot(admin, 'staff-1280');
    // Bad input: a number that is not a mobile changes nothing and says why.
    await admin.getByPlaceholder(/手机号/).fill('12');
    await admin.getByRole('button', { name: '添加人员' }).click();
    await admin.getByText('请输入正确的手机号').waitFor();
  }, 60_000);

  it.skipIf(!SHOTS)(
    'every screen at 1280×800 and 375×812 (SHOTS)',
    async () => {
      for (const [width, height] of [
        [1280, 800],
        [375, 812],
      ] as const) {
        const context = await browser.newContext({ viewport: { width, height }, locale: 'zh-CN', baseURL: staffUrl });
        contexts.push(context);
        const page = await context.newPage();
        page.on('dialog', (d) => void d.accept());
        await page.goto('/console/login');
        await page.getByPlaceholder('请输入手机号').waitFor();
        await shot(page, `login-${width}`);
        await logIn(page, ADMIN, logPath);
        await page.waitForURL('**/console/content');
        for (const [name, path, text] of [
          ['kinds', '/console/content', '产品'],
          ['items', '/console/content/product', '全家温养套装'],
          ['editor', `/console/content/product/${PRODUCT}`, '保存草稿'],
          ['editor-json', `/console/content/disease/${CONDITION}`, '保存草稿'],
          ['versions', `/console/content/product/${PRODUCT}/versions`, '比较两个版本'],
          ['review', '/console/review', '审核'],
          ['audit', '/console/audit', '导出 CSV'],
          ['staff', '/console/staff', '添加人员'],
          ['vitals', '/console/vitals', '最近 7 天'],
        ] as const) {
          await page.goto(path);
          await page.getByText(text).first().waitFor();
          await page.waitForTimeout(600);
          await shot(page, `${name}-${width}`);
        }
      }
    },
    180_000,
  );
});
