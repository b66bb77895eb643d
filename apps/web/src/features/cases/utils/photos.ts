/**
 * Photos of a consultation, checked on the phone before sending (issue #17): count, kind and size.
 * The server checks again (it recognises images by content and re-encodes them); this only saves a
 * long upload that would fail.
 */

/** Same limits as case-contract's MAX_PHOTOS / MAX_PHOTO_BYTES (photos.test.ts compares them). */
export const MAX_PHOTOS = 6;
export const MAX_PHOTO_BYTES = 10 * 1024 * 1024;

export type PhotoLike = { name: string; type: string; size: number };

const PHOTO_TYPES: Readonly<Record<string, string>> = {
  'image/jpeg': 'jpg',
  'image/jpg': 'jpg',
  'image/pjpeg': 'jpg',
  'image/png': 'png',
  'image/webp': 'webp',
  'image/heic': 'heic',
  'image/heif': 'heif',
  'image/heic-sequence': 'heic',
  'image/heif-sequence': 'heif',
};
const PHOTO_EXT = /\.(jpe?g|png|webp|heic|heif)$/i;
/** What the file picker offers. */
export const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp,image/heic,image/heif,.jpg,.jpeg,.png,.webp,.heic,.heif';

/** Some phones give HEIC photos no type (or a generic one): the name's ending decides then. */
export function isAcceptedPhoto(f: Pick<PhotoLike, 'name' | 'type'>): boolean {
  const type = f.type.toLowerCase();
  if (type in PHOTO_TYPES) return true;
  return (type === '' || type === 'application/octet-stream') && PHOTO_EXT.test(f.name);
}

const label = (name: string) => {
  const chars = Array.from(name);
  return chars.length > 16 ? `${chars.slice(0, 7).join('')}…${chars.slice(-7).join('')}` : name;
};
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Which of the picked files join the `current` ones: images of an accepted kind, each at most
 * MAX_PHOTO_BYTES, up to MAX_PHOTOS in all. Every file left out gets a plain reason.
 */
export function checkPhotos<T extends PhotoLike>(current: number, picked: readonly T[]): { accepted: T[]; errors: string[] } {
  const accepted: T[] = [];
  const errors: string[] = [];
  let overflow = 0;
  for (const f of picked) {
    if (!isAcceptedPhoto(f)) errors.push(`“${label(f.name)}”不是 JPG、PNG、WebP 或 HEIC 照片，没有加上`);
    else if (f.size === 0) errors.push(`“${label(f.name)}”是空文件，没有加上`);
    else if (f.size > MAX_PHOTO_BYTES)
      errors.push(`“${label(f.name)}”有 ${mb(f.size)}，超过 ${MAX_PHOTO_BYTES / 1024 / 1024} MB，没有加上；请压缩或截图后再选`);
    else if (current + accepted.length >= MAX_PHOTOS) overflow++;
    else accepted.push(f);
  }
  if (overflow > 0) errors.push(`最多上传 ${MAX_PHOTOS} 张照片，多选的 ${overflow} 张没有加上`);
  return { accepted, errors };
}

/** A plain name for the upload (the server refuses names with paths or odd characters). */
export function photoUploadName(f: Pick<PhotoLike, 'name' | 'type'>, index: number): string {
  const ext = PHOTO_TYPES[f.type.toLowerCase()] ?? PHOTO_EXT.exec(f.name)?.[1]?.toLowerCase().replace('jpeg', 'jpg') ?? 'jpg';
  return `photo-${index + 1}.${ext}`;
}
