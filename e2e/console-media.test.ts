import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Db } from '../apps/server/src/db/database.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { logIn } from './lib/login.ts';
import { baseUrl, hasBrowser, launch } from './lib/page.ts';

const EDITOR = '15600156701';
/** A product no other e2e file edits (its draft stays open after this file). */
const PRODUCT = 'moxa-stick-holder'; // not the product e2e/console-media-publish.test.ts edits on the shared server
const SHOTS = process.env.SHOTS ?? '';
/** An admin and an advisor in a number block no other e2e file uses (the advisor never signs in). */
const ADMIN = '13700137701';
const ADVISOR = '13700137702';

/**
 * Issue #30, the console's 媒体库 in Chromium against the production build: an editor uploads a photo
 * with its alt text, sees it in the library (unpublished: the public /media URL answers 404), a PNG
 * named .jpg is refused with the server's Chinese message, and replacing the photo keeps its
 * reference (uploads/<id>) while the version goes to 2. Then the product editor picks that photo
 * through 从媒体库选择 (the media picker): its thumbnail shows, the checks pass and the saved draft
 * keeps `uploads/<id>`; an admin sets an advisor's photo the same way on 顾问资料.
 * SHOTS=<dir> also saves the picker's dialogs at 1280×800.
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

  it('the product editor picks the photo from the library: the thumbnail shows, the checks pass, the draft keeps uploads/<id>', async () => {
    const photo = await db.selectFrom('media_objects').select('id').where('name', '=', 'moxa-box-new.jpg').executeTakeFirstOrThrow();
    const ref = `uploads/${photo.id}`;
    await page.goto(`/console/content/product/${PRODUCT}`);
    const src = page.locator('#root_images_0_src');
    await src.waitFor();
    expect(await src.inputValue()).toBe('products/moxa-stick-holder-1.svg');
    const picker = page.locator('.media-picker').filter({ has: src });
    await picker.getByText('内容目录里的文件').waitFor();
    await picker.getByRole('button', { name: '从媒体库选择' }).click();

    const dialog = page.getByRole('dialog', { name: '从媒体库选择图片' });
    await dialog.getByText('只显示图片').waitFor();
    await dialog.getByLabel('搜索媒体库').fill('竹制灸盒');
    await dialog.getByLabel('搜索媒体库').press('Enter');
    const row = dialog.getByRole('row', { name: /moxa-box-new\.jpg/ });
    await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(320);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: join(SHOTS, 'media-picker-1280.png') });
    }
    await row.getByRole('button', { name: '选择 moxa-box-new.jpg' }).click();
    await dialog.waitFor({ state: 'hidden' });

    // The field holds the reference; the picture beside it is the upload's, fetched with the login.
    expect(await src.inputValue()).toBe(ref);
    await expect.poll(() => picker.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(320);
    await picker.getByText('moxa-box-new.jpg · 竹制灸盒放在木桌上').waitFor();
    if (SHOTS) {
      await picker.scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(SHOTS, 'media-picker-chosen-1280.png') });
    }
    // The alt text written for the product stays (only an empty one is filled from the library).
    expect(await page.locator('#root_images_0_alt').inputValue()).toBe('可调艾灸架的整体样子');

    await expect.poll(() => page.getByRole('button', { name: '提交审核' }).isEnabled(), { timeout: 30_000 }).toBe(true);
    await page.getByText(/自动检查(通过|：0 项须修改)/).waitFor();
    await page.getByRole('button', { name: '保存草稿' }).click();
    await page.getByText('草稿已保存').waitFor();
    const draft = await db
      .selectFrom('content_revisions')
      .select('source')
      .where('kind', '=', 'product')
      .where('item_id', '=', PRODUCT)
      .where('state', '=', 'draft')
      .executeTakeFirstOrThrow();
    const saved = JSON.parse(draft.source) as { fields: { images: { src: string; alt: string }[] } };
    expect(saved.fields.images[0]).toEqual({ src: ref, alt: '可调艾灸架的整体样子' });
    expect(saved.fields.images[1]!.src).toBe('products/moxa-stick-holder-2.svg');
  }, 90_000);

  it('an admin picks an advisor’s photo from the library on 顾问资料; the submission waits for review with it', async () => {
    const users = userRepository(db, Date.now);
    const advisor = await users.findOrCreate(`+86${ADVISOR}`);
    await users.grant(advisor.id, 'advisor');
    await users.grant((await users.findOrCreate(`+86${ADMIN}`)).id, 'admin');
    const photo = await db.selectFrom('media_objects').select('id').where('name', '=', 'moxa-box-new.jpg').executeTakeFirstOrThrow();
    const admin = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', baseURL: baseUrl() });
    try {
      const a = await admin.newPage();
      await a.goto('/console/login');
      await logIn(a, ADMIN);
      await a.waitForURL('**/console/content');
      await a.getByRole('menuitem', { name: '顾问资料' }).click();
      const row = a.getByRole('row').filter({ hasText: advisor.name });
      await row.getByRole('button', { name: '修改资料' }).click();
      const form = a.getByRole('dialog', { name: `修改顾问资料：${advisor.name}` });
      await form.getByLabel('顾问名称').fill('王芳');
      await form.getByLabel('头衔').fill('艾灸调理顾问');
      await form.getByText('未选择图片').waitFor();
      await form.getByRole('button', { name: '从媒体库选择' }).click();
      const library = a.getByRole('dialog', { name: '从媒体库选择图片' });
      await library.getByRole('button', { name: '选择 moxa-box-new.jpg' }).click();
      await library.waitFor({ state: 'hidden' });
      expect(await form.locator('#advisor-photo').inputValue()).toBe(`uploads/${photo.id}`);
      const thumb = form.locator('.media-picker img');
      await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(320);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        await a.screenshot({ path: join(SHOTS, 'advisor-photo-1280.png') });
      }
      await form.getByRole('button', { name: '提交审核' }).click();
      await form.waitFor({ state: 'hidden' });
      await row.getByText('待审核').waitFor();
      await expect.poll(() => row.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth), { timeout: 10_000 }).toBe(320);
      const saved = await db.selectFrom('advisor_profiles').select('pending').where('user_id', '=', advisor.id).executeTakeFirstOrThrow();
      expect(JSON.parse(saved.pending!)).toMatchObject({ name: '王芳', title: '艾灸调理顾问', photo: `uploads/${photo.id}` });
    } finally {
      await admin.close();
      // The suite's server is shared: an extra advisor would hear of other files' new cases.
      await db.deleteFrom('advisor_profiles').where('user_id', '=', advisor.id).execute();
      await users.revoke(advisor.id, 'advisor');
    }
  }, 90_000);
});
