import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MediaObject } from '@moxa/core/console/media-contract';
import { ContentImageSchema } from '@moxa/core/products/product-contract';
import { VideoContentSchema } from '@moxa/core/videos/video-contract';
import { loginAs } from '../../test/support/login-helpers.ts';
import { CONTENT_DIR, createTestApp, DIALECTS, type TestApp } from '../../test/support/test-app.ts';
import { countUserRows } from '../../test/support/row-counts.ts';
import { fixture, hasExif, multipart, photoWithGps, pixelBomb, pngWithAlpha, SUBTITLES } from '../media/uploads/test-files.ts';
import { userRepository } from '../users/user-repository.ts';
import { describeImage, mediaFileUrl, MediaError, withUploads } from '../media/media-library.ts';
import { mediaUploads } from '../media/uploads/media-repository.ts';
import { readAllKinds } from '../content/load-content.ts';
import { PREVIEW_MEDIA_COOKIE, PREVIEW_TTL_MS } from '../content/content-previews.ts';

type Part = Parameters<typeof multipart>[0][number];
const file = (name: string, filename: string, type: string, bytes: Buffer): Part => ({ name, filename, type, bytes });

/** Marks an upload as used by published content, as publishing an item that references it does. */
async function publishReferenceTo(t: TestApp, id: string) {
  await t.db
    .insertInto('content_items')
    .values({ kind: 'test-page', id: `page-${id}`, position: 0, data: JSON.stringify({ image: { src: `uploads/${id}` } }) })
    .execute();
}

describe.each(DIALECTS)('console media library on %s (issue #30)', (dialect) => {
  let t: TestApp;
  let editor: string;
  let editorId: string;
  let plainUser: string;
  beforeAll(async () => {
    // A web build of one page, so a preview's navigation is answered as in production (its media cookie).
    const web = mkdtempSync(join(tmpdir(), 'moxa-media-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><head></head><body><div id="root"></div></body></html>');
    t = await createTestApp(dialect, { WEB_DIST: web }, { serveWeb: true });
    const e = await loginAs(t, '13800000301');
    await userRepository(t.db, Date.now).grant(e.userId, 'editor');
    editor = e.token;
    editorId = e.userId;
    plainUser = (await loginAs(t, '13800000302')).token;
  });
  afterAll(async () => t.close());

  const upload = (parts: Part[], token = editor, method: 'POST' | 'PUT' = 'POST', url = '/api/v8/console/media') => {
    const body = multipart(parts);
    // One second apart, so "newest first" has one answer.
    t.clock.advance(1000);
    return t.app.inject({ method, url, payload: body.payload, headers: { ...body.headers, authorization: `Bearer ${token}` } });
  };
  const api = (url: string, token = editor) => t.app.inject({ url, headers: { authorization: `Bearer ${token}` } });

  it('uploads a photo: variants without EXIF or GPS, alt text, audit entry', async () => {
    const res = await upload([
      { name: 'alt', value: '艾灸盒放在木桌上' },
      file('file', 'IMG_0001.jpg', 'image/jpeg', await photoWithGps()),
    ]);
    expect(res.statusCode, res.body).toBe(200);
    const media = res.json().data as MediaObject;
    expect(media).toMatchObject({
      kind: 'image',
      name: 'IMG_0001.jpg',
      alt: '艾灸盒放在木桌上',
      version: 1,
      width: 1000,
      height: 700,
      published: false,
    });
    expect(media.ref).toBe(`uploads/${media.id}`);
    expect(media.uploadedBy?.id).toBe(editorId);
    expect(media.image!.webp.map((v) => v.width)).toEqual([320, 640, 960]);
    expect(media.image!.src).toBe(media.ref);
    for (const v of [...media.image!.webp, ...media.image!.fallback]) {
      expect(v.url).toMatch(new RegExp(`^/media/u/${media.id}\\.\\d+\\.[0-9a-f]{10}\\.(webp|jpg)$`));
      const preview = await api(`/api/v8/console/media/${media.id}/files/${v.url.slice('/media/u/'.length)}`);
      expect(preview.statusCode).toBe(200);
      expect(preview.headers['cache-control']).toBe('private, no-store');
      expect(await hasExif(preview.rawPayload)).toBe(false);
      expect(preview.rawPayload.includes(Buffer.from('TestCam'))).toBe(false);
    }
    const audit = await t.db.selectFrom('audit_events').selectAll().where('subject', '=', `media:${media.id}`).execute();
    expect(audit.map((a) => [a.action, a.actor_id])).toEqual([['media.upload', editorId]]);
  });

  it.each([
    [
      'PNG bytes declared as JPEG',
      async () => file('file', 'photo.jpg', 'image/jpeg', await pngWithAlpha(40, 30)),
      400,
      '内容是 PNG，与文件名或声明的类型不符',
    ],
    [
      'a text file named .jpg',
      async () => file('file', 'notes.jpg', 'image/jpeg', Buffer.from('just some notes\n')),
      400,
      '不是可用的图片',
    ],
    ['a pixel bomb', async () => file('file', 'bomb.png', 'image/png', await pixelBomb()), 400, '图片尺寸过大（30000×30000'],
    [
      'an oversized image',
      async () => file('file', 'big.png', 'image/png', Buffer.concat([await pngWithAlpha(40, 30), Buffer.alloc(16 * 1024 * 1024)])),
      413,
      '图片不能超过 15 MB',
    ],
  ])('refuses %s before decoding, storing nothing', async (_name, make, status, message) => {
    const before = await countUserRows(t.db);
    const objects = await t.db.selectFrom('media_objects').select('id').execute();
    const res = await upload([{ name: 'alt', value: '一张图片' }, await make()]);
    expect(res.statusCode).toBe(status);
    expect(res.json().msg).toContain(message);
    expect(await countUserRows(t.db)).toEqual(before);
    expect(await t.db.selectFrom('media_objects').select('id').execute()).toEqual(objects);
  });

  it('refuses malformed uploads: no form, unknown or repeated fields, a stray subtitle on an image', async () => {
    const png = file('file', 'a.png', 'image/png', await pngWithAlpha(40, 30));
    const before = await countUserRows(t.db);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v8/console/media',
      payload: { alt: '图片' },
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(json.json().msg).toBe('请用表单上传文件');
    expect((await upload([{ name: 'alt', value: '图片说明' }, { name: 'title', value: 'x' }, png])).json().msg).toBe(
      '上传的内容过多：一个文件（视频另加封面和字幕）和替代文字',
    );
    expect((await upload([{ name: 'alt', value: '图片说明' }, png, png])).json().msg).toBe('请求格式不正确');
    expect((await upload([{ name: 'alt', value: '图片说明' }])).json().msg).toBe('请选择要上传的图片或视频');
    const stray = await upload([{ name: 'alt', value: '图片说明' }, png, file('subtitles', 'zh.vtt', 'text/vtt', Buffer.from(SUBTITLES))]);
    expect(stray.json().msg).toBe('图片不需要封面或字幕，请只选择图片');
    expect(await countUserRows(t.db)).toEqual(before);
  });

  it('requires alt text, and the editor role', async () => {
    const png = file('file', 'a.png', 'image/png', await pngWithAlpha(40, 30));
    const noAlt = await upload([png]);
    expect(noAlt.statusCode).toBe(400);
    expect(noAlt.json().msg).toBe('请填写替代文字（说明图片或视频的内容）');
    expect((await upload([{ name: 'alt', value: '一' }, png])).json().msg).toContain('至少 2 个字');
    const denied = await upload([{ name: 'alt', value: '一张图片' }, png], plainUser);
    expect(denied.statusCode).toBe(403);
    expect((await api('/api/v8/console/media', plainUser)).statusCode).toBe(403);
  });

  it('uploads a video with its poster and subtitles; refuses one without them or not fast start', async () => {
    const poster = file('poster', 'poster.jpg', 'image/jpeg', await photoWithGps(640, 360));
    const subtitles = file('subtitles', 'zh.vtt', 'text/vtt', Buffer.from(SUBTITLES));
    const video = file('file', 'howto.mp4', 'video/mp4', fixture('good.mp4'));
    const ok = await upload([{ name: 'alt', value: '温和灸的手法演示' }, video, poster, subtitles]);
    expect(ok.statusCode, ok.body).toBe(200);
    const media = ok.json().data as MediaObject;
    expect(media).toMatchObject({ kind: 'video', width: 160, height: 90, durationMs: 2000 });
    expect(media.video!.url).toMatch(/\.mp4$/);
    expect(media.video!.poster.webp.map((v) => v.width)).toEqual([320, 640]);
    const vtt = await api(`/api/v8/console/media/${media.id}/files/${media.video!.subtitlesUrl.slice('/media/u/'.length)}`);
    expect(vtt.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(vtt.body).toBe(SUBTITLES);

    expect((await upload([{ name: 'alt', value: '演示' }, video, subtitles])).json().msg).toBe('视频需要一张封面图（JPG、PNG 或 WebP）');
    expect((await upload([{ name: 'alt', value: '演示' }, video, poster])).json().msg).toBe('视频需要字幕文件（WebVTT，.vtt）');
    const slow = await upload([
      { name: 'alt', value: '演示' },
      file('file', 'slow.mp4', 'video/mp4', fixture('moov-at-end.mp4')),
      poster,
      subtitles,
    ]);
    expect(slow.statusCode).toBe(400);
    expect(slow.json().msg).toContain('快速启动');
    const codec = await upload([
      { name: 'alt', value: '演示' },
      file('file', 'old.mp4', 'video/mp4', fixture('mpeg4-video.mp4')),
      poster,
      subtitles,
    ]);
    expect(codec.json().msg).toBe('视频编码须为 H.264（AVC），请重新导出后上传');
    const long = await upload([
      { name: 'alt', value: '演示' },
      file('file', 'long.mp4', 'video/mp4', fixture('too-long.mp4')),
      poster,
      subtitles,
    ]);
    expect(long.json().msg).toBe('视频不能超过 3 分钟，请剪短后再上传');
  });

  it('lists the library: search by alt text or name, filter by kind, pages', async () => {
    const all = (await api('/api/v8/console/media?size=50')).json().data as { items: MediaObject[]; total: number };
    expect(all.total).toBe(2);
    expect(all.items.map((m) => m.kind)).toEqual(['video', 'image']);
    expect((await api('/api/v8/console/media?kind=image')).json().data.items.map((m: MediaObject) => m.alt)).toEqual(['艾灸盒放在木桌上']);
    expect((await api(`/api/v8/console/media?q=${encodeURIComponent('手法')}`)).json().data.total).toBe(1);
    expect((await api('/api/v8/console/media?q=img_0001')).json().data.total).toBe(1);
    expect((await api('/api/v8/console/media?q=%25')).json().data.total).toBe(0);
    const page2 = (await api('/api/v8/console/media?size=1&page=2')).json().data;
    expect(page2).toMatchObject({ total: 2, items: [{ kind: 'image' }] });
    expect((await api('/api/v8/console/media?kind=audio')).statusCode).toBe(400);
    expect((await api('/api/v8/console/media/aaaaaaaaaaaaaaaa')).statusCode).toBe(404);
    expect((await api('/api/v8/console/media/not-an-id')).statusCode).toBe(400);
  });

  it('serves an upload to the public only once published content references it', async () => {
    const res = await upload([
      { name: 'alt', value: '草稿里的图片' },
      file('file', 'draft.png', 'image/png', await pngWithAlpha(700, 500)),
    ]);
    const media = res.json().data as MediaObject;
    const url = media.image!.webp[1]!.url;
    const draft = await t.app.inject({ url });
    expect(draft.statusCode).toBe(404);
    expect(draft.json().msg).toBe('文件不存在');

    await publishReferenceTo(t, media.id);
    const whole = await t.app.inject({ url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    expect(whole.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(whole.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(Number(whole.headers['content-length'])).toBe(whole.rawPayload.length);
    expect((await api(`/api/v8/console/media/${media.id}`)).json().data.published).toBe(true);

    const size = whole.rawPayload.length;
    const part = await t.app.inject({ url, headers: { range: 'bytes=10-99' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-99/${size}`);
    expect(part.rawPayload.equals(whole.rawPayload.subarray(10, 100))).toBe(true);
    const tail = await t.app.inject({ url, headers: { range: 'bytes=-7' } });
    expect(tail.rawPayload.equals(whole.rawPayload.subarray(size - 7))).toBe(true);
    expect((await t.app.inject({ url, headers: { range: `bytes=${size + 5}-` } })).statusCode).toBe(416);
    const again = await t.app.inject({ url, headers: { 'if-none-match': whole.headers.etag as string } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    // A name that is not one of its files is not served, however close.
    expect((await t.app.inject({ url: url.replace('.webp', '.jpg') })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/media/u/${media.id}` })).statusCode).toBe(404);
  });

  it('replaces a file keeping its id and references; the new bytes get new URLs; edits alt text', async () => {
    const first = (
      await upload([{ name: 'alt', value: '旧照片' }, file('file', 'old.jpg', 'image/jpeg', await photoWithGps(800, 600))])
    ).json().data as MediaObject;
    await publishReferenceTo(t, first.id);
    const oldUrl = first.image!.webp[0]!.url;
    expect((await t.app.inject({ url: oldUrl })).statusCode).toBe(200);

    const put = await upload(
      [file('file', 'new.png', 'image/png', await pngWithAlpha(900, 600))],
      editor,
      'PUT',
      `/api/v8/console/media/${first.id}`,
    );
    expect(put.statusCode, put.body).toBe(200);
    const replaced = put.json().data as MediaObject;
    expect(replaced).toMatchObject({
      id: first.id,
      ref: first.ref,
      version: 2,
      alt: '旧照片',
      name: 'new.png',
      width: 900,
      published: true,
    });
    expect(replaced.image!.webp[0]!.url).not.toBe(oldUrl);
    expect((await t.app.inject({ url: replaced.image!.webp[0]!.url })).statusCode).toBe(200);
    // Pages compiled before the replacement still load.
    expect((await t.app.inject({ url: oldUrl })).statusCode).toBe(200);

    const kindChange = await upload(
      [file('file', 'v.mp4', 'video/mp4', fixture('good.mp4'))],
      editor,
      'PUT',
      `/api/v8/console/media/${first.id}`,
    );
    expect(kindChange.json().msg).toBe('视频需要一张封面图（JPG、PNG 或 WebP）');

    const alt = await t.app.inject({
      method: 'PUT',
      url: `/api/v8/console/media/${first.id}`,
      payload: { alt: '新的替代文字' },
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(alt.statusCode).toBe(200);
    expect(alt.json().data).toMatchObject({ alt: '新的替代文字', version: 2 });
    expect((alt.json().data as MediaObject).image!.alt).toBe('新的替代文字');
    const badAlt = await t.app.inject({
      method: 'PUT',
      url: `/api/v8/console/media/${first.id}`,
      payload: { alt: '' },
      headers: { authorization: `Bearer ${editor}` },
    });
    expect(badAlt.statusCode).toBe(400);
    const audit = await t.db.selectFrom('audit_events').select('action').where('subject', '=', `media:${first.id}`).execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['media.replace', 'media.replace', 'media.upload']);
  });

  it('lets content refer to uploads by their stable reference, resolved to the current files when compiled', async () => {
    const page = (await api('/api/v8/console/media?size=50')).json().data as { items: MediaObject[] };
    const image = page.items.find((m) => m.kind === 'image')!;
    const video = page.items.find((m) => m.kind === 'video')!;
    // The content schemas take the references where they take paths under content/media.
    expect(ContentImageSchema.safeParse({ src: image.ref, alt: '产品照片' }).success).toBe(true);
    expect(VideoContentSchema.shape.video.safeParse(video.ref).success).toBe(true);
    expect(VideoContentSchema.shape.poster.safeParse(`${video.ref}.poster`).success).toBe(true);
    expect(VideoContentSchema.shape.subtitles.safeParse(`${video.ref}.vtt`).success).toBe(true);
    expect(VideoContentSchema.shape.video.safeParse(`${video.ref}.vtt`).success).toBe(false);
    const library = await mediaUploads(t.db);
    withUploads(library, () => {
      expect(describeImage('/no/content', image.ref, '产品照片')).toEqual({ ...image.image!, alt: '产品照片' });
      expect(describeImage('/no/content', `${video.ref}.poster`, '封面').webp).toEqual(video.video!.poster.webp);
      expect(mediaFileUrl('/no/content', video.ref)).toBe(video.video!.url);
      expect(mediaFileUrl('/no/content', `${video.ref}.vtt`)).toBe(video.video!.subtitlesUrl);
      expect(() => mediaFileUrl('/no/content', image.ref)).toThrow(MediaError);
      expect(() => describeImage('/no/content', 'uploads/aaaaaaaaaaaaaaaa', '')).toThrow('is not in the media library');
    });
    // Outside a compile, nothing is resolved.
    expect(() => describeImage('/no/content', image.ref, '')).toThrow(MediaError);
  });

  it('shows a draft’s uploads in its preview frame only: private, no-store, while the preview lives', async () => {
    const draft = (
      await upload([{ name: 'alt', value: '草稿里的产品照片' }, file('file', 'draft.jpg', 'image/jpeg', await photoWithGps(700, 500))])
    ).json().data as MediaObject;
    const other = (
      await upload([{ name: 'alt', value: '另一份草稿的照片' }, file('file', 'other.jpg', 'image/jpeg', await photoWithGps(700, 500))])
    ).json().data as MediaObject;
    const url = draft.image!.webp[0]!.url;
    // The draft tree: the published content with one product showing the upload (as a compile resolves it).
    const compiled = readAllKinds(CONTENT_DIR);
    const products = compiled.get('product')!;
    compiled.set('product', [{ ...products[0]!, data: { ...(products[0]!.data as object), images: [draft.image] } }, ...products.slice(1)]);
    const { token } = t.app.ctx.previews.add(compiled);

    // The preview's navigation (the console's frame) sets the token's cookie, scoped to /media/u/.
    const page = await t.app.inject({ url: `/product_detail/${products[0]!.id}?preview=${token}`, headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    const cookie = `${PREVIEW_MEDIA_COOKIE}${token}=1`;
    expect(page.headers['set-cookie']).toBe(`${cookie}; Path=/media/u/; Max-Age=${PREVIEW_TTL_MS / 1000}; HttpOnly; SameSite=Strict`);
    expect(page.headers['cache-control']).toBe('private, no-store');
    // So do the preview's content reads (a service worker may have answered the navigation), once.
    const read = await t.app.inject({ url: `/api/v8/products/${products[0]!.id}`, headers: { 'x-moxa-preview': token } });
    expect(read.statusCode).toBe(200);
    expect(read.headers['set-cookie']).toBe(page.headers['set-cookie']);
    const again = await t.app.inject({ url: `/api/v8/products/${products[0]!.id}`, headers: { 'x-moxa-preview': token, cookie } });
    expect(again.headers['set-cookie']).toBeUndefined();
    // A made-up token sets nothing.
    const madeUp = 'A'.repeat(22);
    expect(
      (await t.app.inject({ url: `/product_detail/x?preview=${madeUp}`, headers: { accept: 'text/html' } })).headers['set-cookie'],
    ).toBeUndefined();

    const shown = await t.app.inject({ url, headers: { cookie: `theme=1; ${cookie}` } });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('private, no-store');
    expect((await sharp(shown.rawPayload).metadata()).width).toBe(320);
    const part = await t.app.inject({ url, headers: { cookie, range: 'bytes=0-9' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['cache-control']).toBe('private, no-store');

    // No cookie, another token, a file the preview does not show: 404, as for a file that does not exist.
    expect((await t.app.inject({ url })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: { cookie: `${PREVIEW_MEDIA_COOKIE}${madeUp}=1` } })).statusCode).toBe(404);
    expect((await t.app.inject({ url: other.image!.webp[0]!.url, headers: { cookie } })).statusCode).toBe(404);
    // Showing it in a preview published nothing.
    expect((await api(`/api/v8/console/media/${draft.id}`)).json().data.published).toBe(false);
    expect((await t.app.inject({ url })).statusCode).toBe(404);

    // Once the preview has expired, its cookie opens nothing.
    t.clock.advance(PREVIEW_TTL_MS);
    const expired = await t.app.inject({ url, headers: { cookie } });
    expect(expired.statusCode).toBe(404);
    expect(String(expired.headers['cache-control'])).not.toMatch(/public/);
  });
});
