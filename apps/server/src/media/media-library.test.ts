import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildMedia } from '../../../../scripts/build-media.ts';
import { describeImage, mediaFileUrl, MediaError, planMedia } from './media-library.ts';

const svg = (w: number, h: number) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}"><rect width="${w}" height="${h}" fill="#b4532a"/></svg>`;

describe('media library (issue #14 §3)', () => {
  let content: string;
  beforeAll(async () => {
    content = mkdtempSync(join(tmpdir(), 'moxa-media-'));
    mkdirSync(join(content, 'media/figures'), { recursive: true });
    writeFileSync(join(content, 'media/figures/drawing.svg'), svg(640, 400));
    await sharp({ create: { width: 700, height: 500, channels: 3, background: '#c98a1b' } })
      .jpeg()
      .toFile(join(content, 'media/figures/photo.jpg'));
    writeFileSync(join(content, 'media/figures/clip.vtt'), 'WEBVTT\n\n00:00.000 --> 00:02.000\n点燃艾条\n');
  });

  it('describes an image by its intrinsic size, with WebP and a fallback at widths up to the original', () => {
    const photo = describeImage(content, 'figures/photo.jpg', '艾条');
    expect(photo).toMatchObject({ src: 'figures/photo.jpg', width: 700, height: 500, alt: '艾条' });
    expect(photo.webp.map((v) => v.width)).toEqual([320, 640]);
    expect(photo.fallback.every((v) => /^\/media\/figures\/photo\.\d+\.[0-9a-f]{10}\.jpg$/.test(v.url))).toBe(true);
    expect(photo.vector).toBeUndefined();
    const drawing = describeImage(content, 'figures/drawing.svg', '示意图');
    expect(drawing.webp.map((v) => v.width)).toEqual([320, 640, 960]);
    expect(drawing.fallback[0]!.url).toMatch(/\.png$/);
    // Decision 050: pages show the drawing itself, under its bytes' hash like every output.
    expect(drawing.vector).toMatch(/^\/media\/figures\/drawing\.[0-9a-f]{10}\.svg$/);
    expect(drawing.vector!.split('.').at(-2)).toBe(drawing.webp[0]!.url.split('.').at(-2));
  });

  it('names outputs by the original’s bytes, so a changed image gets new URLs', () => {
    const before = describeImage(content, 'figures/drawing.svg', '').webp[0]!.url;
    writeFileSync(join(content, 'media/figures/drawing.svg'), svg(640, 401));
    const after = describeImage(content, 'figures/drawing.svg', '');
    expect(after.webp[0]!.url).not.toBe(before);
    expect(after.height).toBe(401);
  });

  it('refuses what is not in content/media, paths that leave it and files that are not images', () => {
    expect(() => describeImage(content, 'figures/missing.png', '')).toThrow(/does not exist/);
    expect(() => describeImage(content, '../media/figures/photo.jpg', '')).toThrow(MediaError);
    expect(() => describeImage(content, 'figures/../figures/photo.jpg', '')).toThrow(MediaError);
    expect(() => describeImage(content, 'figures/clip.vtt', '')).toThrow(/not an image/);
    // A drawing is shown as its own SVG (decision 050): one that could do more than draw is refused.
    for (const [name, body] of [
      ['script', '<script>alert(1)</script>'],
      ['handler', '<rect width="1" height="1" onload="alert(1)"/>'],
      ['html', '<foreignObject><p>x</p></foreignObject>'],
      ['link', '<image href="https://example.com/a.png" width="1" height="1"/>'],
      ['style', '<rect width="1" height="1" style="fill:url(https://example.com/a)"/>'],
    ]) {
      writeFileSync(
        join(content, `media/figures/${name}.svg`),
        `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10">${body}</svg>`,
      );
      expect(() => describeImage(content, `figures/${name}.svg`, ''), name).toThrow(/not a plain drawing/);
      rmSync(join(content, `media/figures/${name}.svg`));
    }
    writeFileSync(
      join(content, 'media/figures/inner.svg'),
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><defs><linearGradient id="g"/></defs><rect width="10" height="10" fill="url(#g)"/><use href="#g"/></svg>',
    );
    expect(describeImage(content, 'figures/inner.svg', '').vector).toMatch(/\.svg$/);
    rmSync(join(content, 'media/figures/inner.svg'));
    expect(mediaFileUrl(content, 'figures/clip.vtt')).toMatch(/^\/media\/figures\/clip\.[0-9a-f]{10}\.vtt$/);
  });

  it('builds exactly the planned files, keeps current ones and removes stale ones', async () => {
    const out = mkdtempSync(join(tmpdir(), 'moxa-media-out-'));
    const first = await buildMedia(content, out);
    const planned = planMedia(content)
      .map((o) => o.url.slice('/media/'.length))
      .sort();
    expect(first.written).toBe(planned.length);
    expect(
      readdirSync(join(out, 'figures'))
        .map((f) => `figures/${f}`)
        .sort(),
    ).toEqual(planned);
    for (const o of planMedia(content).filter((o) => o.kind === 'image')) {
      const meta = await sharp(readFileSync(join(out, o.url.slice(7)))).metadata();
      expect(meta.width, o.url).toBe(o.width);
      expect(meta.format).toBe(o.url.endsWith('.jpg') ? 'jpeg' : o.url.split('.').at(-1));
    }
    // The drawing's SVG is copied as it is.
    const vector = describeImage(content, 'figures/drawing.svg', '').vector!;
    expect(readFileSync(join(out, vector.slice(7)), 'utf8')).toBe(readFileSync(join(content, 'media/figures/drawing.svg'), 'utf8'));
    // A changed drawing: three widths in two formats, and its SVG.
    writeFileSync(join(content, 'media/figures/drawing.svg'), svg(640, 402));
    const second = await buildMedia(content, out);
    expect(second).toEqual({ written: 7, kept: planned.length - 7, removed: 7 });
  });
});
