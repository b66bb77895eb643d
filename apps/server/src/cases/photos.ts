import sharp, { type Metadata } from 'sharp';

/** A decoded image larger than this many pixels is refused before decoding (decompression bombs). */
export const MAX_PIXELS = 40_000_000;
/** Photos are kept at most this long on their longer side: plenty to see a skin area, small to store. */
const MAX_SIDE = 2048;
const FORMATS = new Set(['jpeg', 'png', 'webp', 'heif']);

export class PhotoError extends Error {}

export type ProcessedPhoto = { bytes: Buffer; width: number; height: number; mime: 'image/jpeg' };

/**
 * One consultation photo (issue #17): recognised by its content, never its name; refused above
 * MAX_PIXELS before any decoding; turned upright by its EXIF orientation, then re-encoded as JPEG,
 * which drops every EXIF field, the location included (sharp keeps no metadata unless asked).
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new PhotoError('有文件不是图片，请上传 JPG、PNG 或 WebP 照片');
  }
  if (!meta.format || !FORMATS.has(meta.format)) throw new PhotoError('有文件不是图片，请上传 JPG、PNG 或 WebP 照片');
  if (!meta.width || !meta.height || meta.width * meta.height > MAX_PIXELS) throw new PhotoError('图片尺寸过大，请换一张或截图后上传');
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
