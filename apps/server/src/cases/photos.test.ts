import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it, vi } from 'vitest';
import { MAX_PHOTO_BYTES } from '@moxa/core/cases/case-contract';
import { MAX_PIXELS, PhotoError, processPhoto } from './photos.ts';

/**
 * Counts the sharp pipelines made from a buffer with a pixel limit, i.e. the ones that decode; the
 * header read (`limitInputPixels: false`) and the images this file makes are not counted.
 */
const pipelines = vi.hoisted(() => ({ decoding: 0 }));
vi.mock('sharp', async (importOriginal) => {
  const real = (await importOriginal<{ default: (...args: unknown[]) => unknown }>()).default;
  const counted = (...args: unknown[]) => {
    const [input, options] = args as [unknown, { limitInputPixels?: unknown } | undefined];
    if (Buffer.isBuffer(input) && options?.limitInputPixels !== false) pipelines.decoding++;
    return real(...args);
  };
  return { default: Object.assign(counted, real) };
});

/** A small JPEG carrying EXIF with a GPS position and an orientation, as a phone camera writes it. */
async function phonePhoto() {
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#c98a1b' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({ IFD0: { Make: 'PhoneMaker' }, IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '31/1 14/1 0/1' } })
    .toBuffer();
}

describe('consultation photos (issue #17)', () => {
  it('re-encodes as JPEG without any EXIF (location included), turned upright', async () => {
    const input = await phonePhoto();
    expect((await sharp(input).metadata()).exif).toBeDefined();
    const out = await processPhoto(input);
    const meta = await sharp(out.bytes).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.exif).toBeUndefined();
    expect(out.bytes.includes(Buffer.from('PhoneMaker'))).toBe(false);
    // Orientation 6 means "rotate 90°": the stored photo is upright, 200 × 300.
    expect([out.width, out.height]).toEqual([200, 300]);
  });

  it('keeps large photos at most 2048 px on their longer side', async () => {
    const big = await sharp({ create: { width: 4000, height: 3000, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const out = await processPhoto(big);
    expect([out.width, out.height]).toEqual([2048, 1536]);
  });

  it('refuses by content: an executable named .jpg, a polyglot, a decompression bomb, a GIF', async () => {
    const exe = Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(2000, 1)]);
    await expect(processPhoto(exe)).rejects.toThrow(PhotoError);
    // A ZIP/HTML polyglot with a JPEG name but no image inside.
    const polyglot = Buffer.from('PK\x03\x04<html><script>alert(1)</script></html>');
    await expect(processPhoto(polyglot)).rejects.toThrow('有文件不是图片');
    // A PNG that says it is 20 000 × 20 000: refused from its header, before any decoding.
    await expect(processPhoto(pngHeader(20_000, 20_000))).rejects.toThrow('照片尺寸过大');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(processPhoto(gif)).rejects.toThrow(PhotoError);
  });
});

describe('the pixel cap is what a phone photo needs (issue #27 item 2)', () => {
  it('refuses a real 40-megapixel PNG of a few hundred KB in Chinese, without decoding it', async () => {
    const png = await sharp({ create: { width: 8000, height: 5000, channels: 3, background: '#c98a1b' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(png.length).toBeLessThan(MAX_PHOTO_BYTES);
    pipelines.decoding = 0;
    await expect(processPhoto(png)).rejects.toThrow('照片尺寸过大（超过 2500 万像素），请截图后上传，或换一张照片');
    expect(pipelines.decoding, 'no decoding pipeline was made').toBe(0);
  });

  it('refuses from the header alone: a 40-megapixel header with no pixel data gets the size message, not 已损坏', async () => {
    pipelines.decoding = 0;
    await expect(processPhoto(pngHeader(8000, 5000))).rejects.toThrow('照片尺寸过大');
    expect(pipelines.decoding).toBe(0);
  });

  it("keeps a phone's largest default photo (24 MP, 5712 × 4284)", async () => {
    expect(5712 * 4284).toBeLessThanOrEqual(MAX_PIXELS);
    expect(MAX_PIXELS).toBeLessThan(40_000_000);
    // The header check lets it through to decoding (the stand-in has no pixel data, so decoding fails).
    pipelines.decoding = 0;
    await expect(processPhoto(pngHeader(5712, 4284))).rejects.toThrow('图片已损坏');
    expect(pipelines.decoding).toBe(1);
  });
});

/** A PNG of the given size whose pixel data is a single empty block: tiny on disk, huge if decoded. */
function pngHeader(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc32(body), 8 + data.length);
    return out;
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([120, 156, 3, 0, 0, 0, 0, 1])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
