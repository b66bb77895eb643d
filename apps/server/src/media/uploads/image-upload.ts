import { createHash } from 'node:crypto';
import sharp, { type Metadata } from 'sharp';
import { MAX_MEDIA_IMAGE_BYTES, MAX_MEDIA_IMAGE_PIXELS } from '@moxa/core/console/media-contract';
import { MEDIA_WIDTHS } from '@moxa/core/media/media-contract';
import { declaredMismatch, detectType, typeName } from './file-types.ts';

/** A refusal with a Chinese message for the uploader (answered as 400, or 413 when `tooLarge`). */
export class UploadError extends Error {
  readonly tooLarge: boolean;
  constructor(message: string, tooLarge = false) {
    super(message);
    this.tooLarge = tooLarge;
  }
}

/** One encoded variant: `suffix` completes the URL after the object's base (`.640.<hash>.webp`). */
export type EncodedFile = { suffix: string; contentType: string; bytes: Buffer };
export type EncodedImage = {
  width: number;
  height: number;
  /** SHA-256 (hex) of the uploaded bytes. */
  sha256: string;
  /** `<w>.<hash>.webp` and `<w>.<hash>.jpg|png`, as the build names its variants (media-library.ts). */
  files: (EncodedFile & { width: number; format: 'webp' | 'jpeg' | 'png' })[];
};

const ACCEPTED = new Set(['jpeg', 'png', 'webp']);
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;

/**
 * Issue #30: checks an uploaded image before any pixel is decoded — its size in bytes, its magic
 * number against the declared type and name, and its width × height from the header (sharp's
 * `metadata()` reads only the header) — then decodes it with the same pixel limit, turns it upright
 * by its EXIF orientation and re-encodes it into the variants the build makes for content images
 * (scripts/build-media.ts: WebP plus a JPEG, or PNG with transparency, at MEDIA_WIDTHS up to its own
 * width). sharp writes no metadata unless asked, so EXIF, GPS position, XMP and comments are gone.
 * Callers run it through the shared decode queue (cases/photos.ts).
 */
export async function encodeImage(input: Buffer, mimetype: string, filename: string): Promise<EncodedImage> {
  if (input.length > MAX_MEDIA_IMAGE_BYTES) throw new UploadError(`图片不能超过 ${mb(MAX_MEDIA_IMAGE_BYTES)}，请压缩后再上传`, true);
  const detected = detectType(input);
  if (!ACCEPTED.has(detected))
    throw new UploadError(
      detected === 'unknown'
        ? `文件“${filename}”不是可用的图片，请上传 JPG、PNG 或 WebP 图片`
        : `不支持 ${typeName(detected)} 图片，请转换为 JPG、PNG 或 WebP 后上传`,
    );
  const mismatch = declaredMismatch(detected, mimetype, filename);
  if (mismatch) throw new UploadError(mismatch);
  let meta: Metadata;
  try {
    // Header only: the pixel limit is checked here, before decoding (limitInputPixels also guards the decode).
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new UploadError('图片已损坏，无法读取，请换一张');
  }
  if (!meta.width || !meta.height) throw new UploadError('图片已损坏，无法读取，请换一张');
  if (meta.width * meta.height > MAX_MEDIA_IMAGE_PIXELS)
    throw new UploadError(`图片尺寸过大（${meta.width}×${meta.height}，超过 ${MAX_MEDIA_IMAGE_PIXELS / 10_000} 万像素），请缩小后再上传`);
  if ((meta.pages ?? 1) > 1) throw new UploadError('不支持动图，请上传静态图片');
  const sha256 = createHash('sha256').update(input).digest('hex');
  const hash = sha256.slice(0, 10);
  // EXIF orientations 5–8 swap the sides once the image is turned upright.
  const turned = (meta.orientation ?? 1) >= 5;
  const width = turned ? meta.height : meta.width;
  const height = turned ? meta.width : meta.height;
  const alpha = meta.hasAlpha === true;
  const widths = MEDIA_WIDTHS.filter((w) => w <= width);
  if (widths.length === 0) widths.push(width as (typeof MEDIA_WIDTHS)[number]);
  const files: EncodedImage['files'] = [];
  try {
    // Decoded once (upright, at the largest width kept); every variant is made from those pixels.
    const { data, info } = await sharp(input, { limitInputPixels: MAX_MEDIA_IMAGE_PIXELS, failOn: 'error', animated: false })
      .rotate()
      .resize({ width: widths.at(-1)!, withoutEnlargement: true })
      .raw()
      .toBuffer({ resolveWithObject: true });
    const raw = { width: info.width, height: info.height, channels: info.channels };
    for (const w of widths) {
      const base = () => sharp(data, { raw }).resize({ width: w });
      files.push({
        width: w,
        format: 'webp',
        suffix: `.${w}.${hash}.webp`,
        contentType: 'image/webp',
        bytes: await base().webp({ quality: 82, effort: 4 }).toBuffer(),
      });
      files.push(
        alpha
          ? {
              width: w,
              format: 'png',
              suffix: `.${w}.${hash}.png`,
              contentType: 'image/png',
              bytes: await base().png({ compressionLevel: 9, palette: true, quality: 90 }).toBuffer(),
            }
          : {
              width: w,
              format: 'jpeg',
              suffix: `.${w}.${hash}.jpg`,
              contentType: 'image/jpeg',
              bytes: await base().flatten({ background: '#ffffff' }).jpeg({ quality: 80, mozjpeg: true }).toBuffer(),
            },
      );
    }
  } catch {
    throw new UploadError('图片已损坏，无法读取，请换一张');
  }
  return { width, height, sha256, files };
}
