import sharp, { type Metadata } from 'sharp';
import { MAX_PHOTO_PIXELS } from '@moxa/core/cases/case-contract';
import { boundedQueue } from './decode-queue.ts';

/** A photo with more pixels than this is refused from its header, before any decoding (decompression bombs). */
export const MAX_PIXELS = MAX_PHOTO_PIXELS;
/** Photos are kept at most this long on their longer side: plenty to see a skin area, small to store. */
const MAX_SIDE = 2048;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

/**
 * Issue #27 item 2: decoding runs on libuv's thread pool (4 threads by default), which file streaming
 * (videos, media) uses too. At most MAX_CONCURRENT_DECODES photos are read or decoded at once in this
 * process, each by one libvips thread, so at least two pool threads stay free for files; at most
 * MAX_WAITING_DECODES wait for a turn (a request beyond that gets 503). Photos are never read twice:
 * sharp's operation cache only holds memory.
 */
export const MAX_CONCURRENT_DECODES = 2;
const MAX_WAITING_DECODES = 32;
sharp.concurrency(1);
sharp.cache(false);
export const decodeQueue = boundedQueue(MAX_CONCURRENT_DECODES, MAX_WAITING_DECODES);

export class PhotoError extends Error {}

export type ProcessedPhoto = { bytes: Buffer; width: number; height: number; mime: 'image/jpeg' };

/**
 * One consultation photo (issue #17): recognised by its content, never its name; refused above
 * MAX_PIXELS from its header, before any decoding (and sharp's limitInputPixels says the same while
 * decoding); turned upright by its EXIF orientation, then re-encoded as JPEG, which drops every EXIF
 * field, the location included (sharp keeps no metadata unless asked). Callers run it through
 * `decodeQueue`.
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let meta: Metadata;
  try {
    // Reads the header only; the pixel limit is checked here, not by decoding.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoError('有文件不是图片，请上传 JPG、PNG 或 WebP 照片');
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw new PhotoError('有文件不是图片，请上传 JPG、PNG 或 WebP 照片');
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS)
    throw new PhotoError(`照片尺寸过大（超过 ${MAX_PIXELS / 10_000} 万像素），请截图后上传，或换一张照片`);
  try {
    const { data, info } = await sharp(input, { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 82, mozjpeg: true })
      .toBuffer({ resolveWithObject: true });
    return { bytes: data, width: info.width, height: info.height, mime: 'image/jpeg' };
  } catch {
    throw new PhotoError(
      meta.format === 'heif' ? '暂不支持这张 HEIC 照片，请在相机设置里选“兼容性最佳”，或截图后上传' : '图片已损坏，无法读取，请换一张',
    );
  }
}
