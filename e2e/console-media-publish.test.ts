import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../apps/server/src/db/database.ts';
import { fixture, SUBTITLES } from '../apps/server/src/media/uploads/test-files.ts';
import { userRepository } from '../apps/server/src/users/user-repository.ts';
import { postgresBackends, suiteSqlite, type Backend } from './lib/backends.ts';
import { logIn } from './lib/login.ts';
import { hasBrowser, launch } from './lib/page.ts';

/** One staff member per number block (the e2e server caps codes per number and per block). */
const EDITOR = '15700157711';
const REVIEWER = '15800158812';
const PRODUCT = 'bamboo-moxa-box';
const VIDEO = 'mugwort-harvest';
const PHOTO_ALT = '竹制双孔灸盒放在木桌上';
const IMMUTABLE = 'public, max-age=31536000, immutable';
const SHOTS = process.env.SHOTS ?? '';

type Upload = { id: string; paths: string[] };
type Part = { name: string; type: string; bytes: Buffer };

/**
 * Issue #30 "Done when", in Chromium against the production build: an editor uploads a product photo
 * (JPEG with alt text) and a video (H.264/AAC, fast start) with its poster and WebVTT subtitles, points
 * a product and a video item at them (`uploads/<id>`, `.poster`, `.vtt`), the checks pass, the preview
 * shows the unpublished photo, and submits; a reviewer (another account) approves and publishes. Until
 * then the public /media/u/ URLs answer 404 on every instance; after, the second instance serves the
 * photo and the MP4 by byte ranges with immutable caching, and its H5 pages show the photo and the
 * video's poster and subtitles. The preview opened through the first instance also loads on the second
 * (decision 045). (Refused uploads: upload-checks.test.ts and media-routes.test.ts.)
 * SHOTS=<dir> also saves the preview (1280×800) and the H5 pages (375×812).
 */
const BACKENDS: Backend[] = [suiteSqlite, ...postgresBackends()];

describe.skipIf(!hasBrowser()).each(BACKENDS)('uploaded media from the console to the H5 on $name (issue #30)', (backend) => {
  let browser: Browser;
  let db: Db;
  let staffUrl: string;
  let h5Url: string;
  let logPath: string;
  let stop = async () => {};
  let editor: Page;
  let reviewer: Page;
  let photo: Upload;
  let video: Upload;
  const contexts: BrowserContext[] = [];

  async function consolePage(mobile: string): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'zh-CN', baseURL: staffUrl });
    contexts.push(context);
    const page = await context.newPage();
    page.on('dialog', (d) => void d.accept());
    await page.goto('/console/login');
    await logIn(page, mobile, logPath);
    await page.waitForURL('**/console/content');
    return page;
  }

  /** Uploads in the 媒体库 dialog; returns the object's id and the URL paths of its files. */
  async function upload(files: { file: Part; poster?: Part; subtitles?: Part }, alt: string): Promise<Upload> {
    await editor.goto('/console/media');
    await editor.getByRole('button', { name: '上传' }).click();
    const dialog = editor.getByRole('dialog');
    const asInput = (f: Part) => ({ name: f.name, mimeType: f.type, buffer: f.bytes });
    await dialog.locator('input[type=file]').first().setInputFiles(asInput(files.file));
    if (files.poster) {
      await dialog.getByRole('button', { name: '选择封面图' }).waitFor();
      await dialog.locator('input[type=file]').nth(1).setInputFiles(asInput(files.poster));
      await dialog.locator('input[type=file]').nth(2).setInputFiles(asInput(files.subtitles!));
    }
    await dialog.getByLabel('替代文字').fill(alt);
    await dialog.getByRole('button', { name: '上传' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    const row = editor.getByRole('row', { name: new RegExp(files.file.name.replace('.', '\\.')) });
    await row.getByText('未发布').waitFor();
    const ref = (await row.locator('code').textContent())!;
    expect(ref).toMatch(/^uploads\/[a-z2-7]{16}$/);
    const id = ref.slice('uploads/'.length);
    const rows = await db.selectFrom('media_files').select('path').where('object_id', '=', id).execute();
    return { id, paths: rows.map((r) => r.path) };
  }

  /** Edits an item's fields in the console form, waits for the checks, saves and submits it. */
  async function submitEdit(path: string, fields: [string, string][], preview?: (page: Page) => Promise<void>) {
    await editor.goto(path);
    for (const [selector, value] of fields) {
      const input = editor.locator(selector);
      await input.waitFor();
      await input.fill(value);
    }
    const submit = editor.getByRole('button', { name: '提交审核' });
    await expect.poll(() => submit.isEnabled(), { timeout: 30_000 }).toBe(true);
    await editor.getByRole('button', { name: '保存草稿' }).click();
    await editor.getByText('草稿已保存').waitFor();
    if (preview) {
      await editor.getByRole('button', { name: '预览' }).click();
      await preview(editor);
      await editor.keyboard.press('Escape');
    }
    await submit.click();
    await editor.getByText('已提交审核').waitFor();
  }

  async function approve(title: RegExp) {
    await reviewer.goto('/console/review');
    await reviewer.getByRole('row', { name: title }).first().click();
    const drawer = reviewer.getByRole('dialog');
    await drawer.getByText('与已发布版本的差异').waitFor();
    await drawer.getByRole('button', { name: '通过并发布' }).click();
    await reviewer.getByText('已通过并发布').waitFor();
  }

  const shot = async (page: Page, name: string) => {
    if (!SHOTS) return;
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: join(SHOTS, `${name}.png`) });
  };

  /** What a visitor without a login gets for a URL path, from an instance. */
  const visit = (origin: string, path: string, headers: Record<string, string> = {}) => fetch(`${origin}${path}`, { headers });

  beforeAll(async () => {
    browser = await launch();
    ({ staffUrl, h5Url, staffLog: logPath, db, stop } = await backend.start());
    const users = userRepository(db, Date.now);
    await users.grant((await users.findOrCreate(`+86${EDITOR}`)).id, 'editor');
    await users.grant((await users.findOrCreate(`+86${REVIEWER}`)).id, 'reviewer');
  }, 120_000);
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await stop();
    await browser?.close();
  });

  it('an editor uploads a product photo and a video with its poster and subtitles; nothing is public yet', async () => {
    editor = await consolePage(EDITOR);
    reviewer = await consolePage(REVIEWER);
    const jpeg = await sharp({ create: { width: 1200, height: 900, channels: 3, background: '#a0522d' } })
      .jpeg()
      .toBuffer();
    photo = await upload({ file: { name: 'bamboo-box.jpg', type: 'image/jpeg', bytes: jpeg } }, PHOTO_ALT);
    const poster = await sharp({ create: { width: 640, height: 360, channels: 3, background: '#556b2f' } })
      .jpeg()
      .toBuffer();
    video = await upload(
      {
        file: { name: 'harvest.mp4', type: 'video/mp4', bytes: fixture('good.mp4') },
        poster: { name: 'harvest-poster.jpg', type: 'image/jpeg', bytes: poster },
        subtitles: { name: 'harvest.vtt', type: 'text/vtt', bytes: Buffer.from(SUBTITLES) },
      },
      '端午前后采艾的短片',
    );
    expect(photo.paths.some((p) => p.endsWith('.jpg'))).toBe(true);
    expect(video.paths.filter((p) => /\.(mp4|vtt)$/.test(p))).toHaveLength(2);
    expect(video.paths.some((p) => p.includes('.poster.'))).toBe(true);
    for (const origin of new Set([staffUrl, h5Url]))
      for (const path of [...photo.paths, ...video.paths]) expect((await visit(origin, path)).status, `${origin}${path}`).toBe(404);
  }, 120_000);

  it('the editor points a product and a video at them: the checks pass, the preview shows the unpublished photo, and both go to review', async () => {
    await submitEdit(
      `/console/content/product/${PRODUCT}`,
      [
        ['#root_images_0_src', `uploads/${photo.id}`],
        ['#root_images_0_alt', PHOTO_ALT],
      ],
      async (page) => {
        const frame = page.frameLocator('iframe[title="H5 预览"]');
        const img = frame.locator(`.product-detail img[alt="${PHOTO_ALT}"]`).first();
        await img.waitFor({ timeout: 20_000 });
        // Loaded through the preview's cookie: the public still gets 404 for the same URL.
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)), { timeout: 15_000 })
          .toBeGreaterThan(0);
        expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toContain(`/media/u/${photo.id}.`);
        for (const path of photo.paths) expect((await visit(staffUrl, path)).status).toBe(404);
        await shot(page, 'media-preview-1280');
        // Decision 045: the preview opened through this instance loads in a page on the other one
        // (no sticky sessions), the draft's unpublished photo included.
        const src = (await page.locator('iframe[title="H5 预览"]').getAttribute('src'))!;
        const context = await browser.newContext({
          viewport: { width: 375, height: 812 },
          isMobile: true,
          locale: 'zh-CN',
          baseURL: h5Url,
        });
        contexts.push(context);
        const onB = await context.newPage();
        await onB.goto(src);
        const photoOnB = onB.locator(`.product-detail img[alt="${PHOTO_ALT}"]`).first();
        await expect
          .poll(
            () => photoOnB.evaluate((el: HTMLImageElement) => (el.complete && el.currentSrc.includes('/media/u/') ? el.naturalWidth : 0)),
            {
              timeout: 30_000,
            },
          )
          .toBeGreaterThan(0);
      },
    );
    await submitEdit(`/console/content/video/${VIDEO}`, [
      ['#root_video', `uploads/${video.id}`],
      ['#root_poster', `uploads/${video.id}.poster`],
      ['#root_subtitles', `uploads/${video.id}.vtt`],
    ]);
    // Submitted is not published: still 404 for everyone.
    for (const origin of new Set([staffUrl, h5Url]))
      for (const path of [...photo.paths, ...video.paths]) expect((await visit(origin, path)).status).toBe(404);
  }, 120_000);

  it('a reviewer publishes them; the second instance serves the files by range with immutable caching, and its H5 shows them', async () => {
    await approve(/竹制双孔灸盒/);
    await approve(/端午前后采艾/);

    const variant = photo.paths.find((p) => /\.640\.[0-9a-f]{10}\.jpg$/.test(p))!;
    await expect.poll(async () => (await visit(h5Url, variant)).status, { timeout: 15_000 }).toBe(200);
    const image = await visit(h5Url, variant);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe(IMMUTABLE);
    expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(640);

    const mp4 = video.paths.find((p) => p.endsWith('.mp4'))!;
    const size = fixture('good.mp4').length;
    const part = await visit(h5Url, mp4, { range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${size}`);
    expect(part.headers.get('etag')).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(part.headers.get('cache-control')).toBe(IMMUTABLE);
    expect(Buffer.from(await part.arrayBuffer()).equals(fixture('good.mp4').subarray(0, 100))).toBe(true);
    const tail = await visit(h5Url, mp4, { range: `bytes=${size - 10}-` });
    expect(tail.status).toBe(206);
    expect(Buffer.from(await tail.arrayBuffer()).equals(fixture('good.mp4').subarray(size - 10))).toBe(true);

    const context = await browser.newContext({ viewport: { width: 375, height: 812 }, isMobile: true, locale: 'zh-CN', baseURL: h5Url });
    contexts.push(context);
    const page = await context.newPage();
    // The second instance hears of the publish (decision 039): a fresh visit shows the uploaded photo.
    await expect
      .poll(
        async () => {
          await page.goto(`/product_detail/${PRODUCT}`);
          await page.locator('html[data-app="ready"]').waitFor({ state: 'attached' });
          const img = page.locator(`.product-detail img[alt="${PHOTO_ALT}"]`).first();
          await img.waitFor({ timeout: 10_000 });
          await page.waitForLoadState('networkidle');
          return img.evaluate((el: HTMLImageElement) => (el.currentSrc.includes('/media/u/') ? el.naturalWidth : 0));
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);

    await shot(page, 'media-product-375');
    await page.goto(`/video_detail/${VIDEO}`);
    const player = page.locator('video').first();
    await player.waitFor();
    const posterUrl = (await player.getAttribute('poster'))!;
    expect(posterUrl).toContain(`/media/u/${video.id}.poster.`);
    expect(await player.locator('track').getAttribute('src')).toContain(`/media/u/${video.id}.`);
    // The poster the player shows loads in the page (the same-origin fetch the <video> makes).
    expect(
      await page.evaluate(async (url) => {
        const img = new Image();
        img.src = url;
        await img.decode();
        return img.naturalWidth;
      }, posterUrl),
    ).toBeGreaterThan(0);
    await shot(page, 'media-video-375');
  }, 180_000);
});
