import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { logIn } from './lib/login.ts';
import { baseUrl, hasBrowser, launch } from './lib/page.ts';

const EDITOR = '15600156701';

/**
 * Issue #30, the console's 媒体库 in Chromium against the production build: an editor uploads a photo
 * with its alt text, sees it in the library (unpublished: the public /media URL answers 404), a PNG
 * named .jpg is refused with the server's Chinese message, and replacing the photo keeps its
 * reference (uploads/<id>) while the version goes to 2.
 */
describe.skipIf(!hasBrowser())('the console media library (issue #30)', () => {
  let browser: Browser;
  let db: Db;
  let context: BrowserContext;
  let page: Page;

  const jpeg = (color: string) =>
    sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
      .jpeg()
      .toBuffer();

  beforeAll(async () => {
    browser = await launch();
    db = openDatabase('', join(dirname(inject('logPath')), 'app.db'));
    const users = userRepository(db, Date.now);
    const user = await users.findOrCreate(`+86${EDITOR}`);
    await users.grant(user.id, 'editor');
    context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', baseURL: baseUrl() });
    page = await context.newPage();
  }, 60_000);
  afterAll(async () => {
    await context?.close();
    await db?.destroy();
    await browser?.close();
  });

  it('uploads a photo with alt text; the library lists it, unpublished', async () => {
    await page.goto('/console/login');
    await logIn(page, EDITOR);
    await page.waitForURL('**/console/content');
    await page.getByRole('menuitem', { name: '媒体库' }).click();
    await page.waitForURL('**/console/media');
    await page.getByRole('button', { name: '上传' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.locator('input[type=file]').setInputFiles({ name: 'moxa-box.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#b4532a') });
    await dialog.getByLabel('替代文字').fill('竹制灸盒放在木桌上');
    await dialog.getByRole('button', { name: '上传' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row', { name: /moxa-box\.jpg/ });
    await row.waitFor();
    await row.getByText('未发布').waitFor();
    // The thumbnail is fetched with the login (the file is not public yet).
    await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(320);
    const ref = (await row.locator('code').textContent())!;
    expect(ref).toMatch(/^uploads\/[a-z2-7]{16}$/);
    const id = ref.slice('uploads/'.length);
    const file = await db.selectFrom('media_files').select('path').where('object_id', '=', id).executeTakeFirstOrThrow();
    const res = await context.request.get(file.path);
    expect(res.status()).toBe(404);
  }, 60_000);

  it('refuses a PNG named .jpg with the server’s message', async () => {
    await page.getByRole('button', { name: '上传' }).click();
    const dialog = page.getByRole('dialog');
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#ffffff80' } })
      .png()
      .toBuffer();
    await dialog.locator('input[type=file]').setInputFiles({ name: 'fake.jpg', mimeType: 'image/jpeg', buffer: png });
    await dialog.getByLabel('替代文字').fill('一张图片');
    await dialog.getByRole('button', { name: '上传' }).click();
    await dialog.getByText('文件“fake.jpg”的内容是 PNG，与文件名或声明的类型不符，请检查后重新选择').waitFor();
    await dialog.getByRole('button', { name: '取消' }).click();
  }, 60_000);

  it('replaces the photo: same reference, version 2', async () => {
    const row = page.getByRole('row', { name: /moxa-box\.jpg/ });
    const ref = await row.locator('code').textContent();
    await row.getByRole('button', { name: '替换文件' }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .locator('input[type=file]')
      .setInputFiles({ name: 'moxa-box-new.jpg', mimeType: 'image/jpeg', buffer: await jpeg('#336699') });
    await dialog.getByRole('button', { name: '替换' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const replaced = page.getByRole('row', { name: /moxa-box-new\.jpg/ });
    await replaced.getByText('第 2 版').waitFor();
    expect(await replaced.locator('code').textContent()).toBe(ref);
  }, 60_000);
});
