import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { PhotoError, processPhoto } from './photos.ts';

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
    await expect(processPhoto(pngHeader(20_000, 20_000))).rejects.toThrow('图片尺寸过大');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    await expect(processPhoto(gif)).rejects.toThrow(PhotoError);
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
