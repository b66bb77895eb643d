import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildMedia } from '../../../../scripts/build-media.ts';
import { describeImage, mediaFileUrl } from '../media/media-library.ts';
import { createTestApp, type TestApp } from '../../test/support/test-app.ts';

/** 10 000 bytes standing in for a video: byte i is i % 251, so any range's contents can be checked. */
const VIDEO = Buffer.from(Array.from({ length: 10_000 }, (_, i) => i % 251));

describe('/media (issue #14 §3)', () => {
  let t: TestApp;
  let video: string;
  let image: ReturnType<typeof describeImage>;
  beforeAll(async () => {
    const content = mkdtempSync(join(tmpdir(), 'moxa-media-'));
    mkdirSync(join(content, 'media/videos'), { recursive: true });
    writeFileSync(join(content, 'media/videos/clip.mp4'), VIDEO);
    writeFileSync(
      join(content, 'media/videos/poster.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><rect width="320" height="180" fill="#b4532a"/></svg>',
    );
    const out = mkdtempSync(join(tmpdir(), 'moxa-media-out-'));
    await buildMedia(content, out);
    video = mediaFileUrl(content, 'videos/clip.mp4');
    image = describeImage(content, 'videos/poster.svg', '');
    t = await createTestApp('sqlite', {}, { mediaDir: out });
  });
  afterAll(async () => t.close());
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

  it('serves a file whole with its type, a strong ETag and immutable caching', async () => {
    const res = await get(video);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('video/mp4');
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.equals(VIDEO)).toBe(true);
    const webp = await get(image.webp[0]!.url, { 'accept-encoding': 'gzip, br' });
    expect(webp.headers['content-type']).toBe('image/webp');
    expect(webp.headers['content-encoding']).toBeUndefined();
    expect((await get(image.fallback[0]!.url)).headers['content-type']).toBe('image/png');
  });

  it('answers a byte range with 206 and exactly those bytes', async () => {
    for (const [range, start, end] of [
      ['bytes=0-99', 0, 99],
      ['bytes=9000-', 9000, 9999],
      ['bytes=-500', 9500, 9999],
      ['bytes=9990-20000', 9990, 9999],
    ] as const) {
      const res = await get(video, { range });
      expect(res.statusCode, range).toBe(206);
      expect(res.headers['content-range']).toBe(`bytes ${start}-${end}/10000`);
      expect(Number(res.headers['content-length'])).toBe(end - start + 1);
      expect(res.rawPayload.equals(VIDEO.subarray(start, end + 1)), range).toBe(true);
    }
  });

  it('answers an unsatisfiable range with 416, and a stale If-Range or several ranges with the whole file', async () => {
    const res = await get(video, { range: 'bytes=20000-' });
    expect(res.statusCode).toBe(416);
    expect(res.headers['content-range']).toBe('bytes */10000');
    expect((await get(video, { range: 'bytes=0-9', 'if-range': '"stale"' })).statusCode).toBe(200);
    const etag = (await get(video)).headers.etag as string;
    expect((await get(video, { range: 'bytes=0-9', 'if-range': etag })).statusCode).toBe(206);
    const several = await get(video, { range: 'bytes=0-9,100-109' });
    expect(several.statusCode).toBe(200);
    expect(several.rawPayload.length).toBe(10_000);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const etag = (await get(video)).headers.etag as string;
    const res = await get(video, { 'if-none-match': etag });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
  });

  it('serves only the files the build wrote, by exact name', async () => {
    for (const url of ['/media/videos/clip.mp4', `${video}.bak`, '/media/../package.json', '/media/%2e%2e/package.json', '/media/']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBe(40400);
    }
  });
});

// A drawing as the media build copies it (decision 050), with some repetition to compress.
const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">${'<circle cx="50" cy="50" r="40" fill="#b4532a"/>'.repeat(40)}</svg>`;

/** Built media (issue #14 §3): a drawing is served compressed, whole, and can run nothing. */
describe('built media: drawings (decision 050)', () => {
  let t: TestApp;
  beforeAll(async () => {
    const media = mkdtempSync(join(tmpdir(), 'moxa-media-built-'));
    mkdirSync(join(media, 'products'));
    writeFileSync(join(media, 'products/box.0123456789.svg'), DRAWING);
    writeFileSync(join(media, 'products/box.320.0123456789.webp'), Buffer.alloc(2000, 7));
    t = await createTestApp('sqlite', {}, { mediaDir: media });
  });
  afterAll(async () => t.close());

  it('serves a drawing compressed, whole, under a weak tag, with a policy that lets it run and load nothing', async () => {
    const url = '/media/products/box.0123456789.svg';
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(DRAWING);
    expect(res.rawPayload.length).toBeLessThan(DRAWING.length / 4);
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['accept-ranges']).toBeUndefined();
    expect(res.headers.etag).toMatch(/^W\/"[A-Za-z0-9_-]{27}"$/);
    // A byte range of a compressed body would be of the wrong bytes: the whole drawing instead.
    const ranged = await t.app.inject({ url, headers: { range: 'bytes=0-9' } });
    expect(ranged.statusCode).toBe(200);
    expect(ranged.body).toBe(DRAWING);
    const again = await t.app.inject({ url, headers: { 'if-none-match': res.headers.etag as string } });
    expect(again.statusCode).toBe(304);
  });

  it('serves pictures as they are, by byte ranges, under a strong tag', async () => {
    const url = '/media/products/box.320.0123456789.webp';
    const res = await t.app.inject({ url, headers: { 'accept-encoding': 'br' } });
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.headers['accept-ranges']).toBe('bytes');
    expect(res.headers.etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
    expect(res.headers['content-security-policy']).not.toContain('sandbox');
    expect((await t.app.inject({ url, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
  });
});
