import { extname } from 'node:path';

/**
 * What an uploaded file is, from its first bytes (issue #30): the declared type and the file name's
 * extension must agree with them, so a PNG sent as a JPEG, or a text file named .jpg, is refused
 * before anything reads further than the magic number.
 */
export type DetectedType = 'jpeg' | 'png' | 'webp' | 'gif' | 'heif' | 'avif' | 'svg' | 'mp4' | 'mov' | 'vtt' | 'unknown';

const ascii = (bytes: Buffer, start: number, end: number) => bytes.subarray(start, end).toString('latin1');

export function detectType(bytes: Buffer): DetectedType {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpeg';
  if (bytes.length >= 8 && bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return 'webp';
  if (bytes.length >= 6 && /^GIF8[79]a$/.test(ascii(bytes, 0, 6))) return 'gif';
  if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
    const brand = ascii(bytes, 8, 12);
    if (brand === 'avif' || brand === 'avis') return 'avif';
    if (['heic', 'heix', 'mif1', 'msf1', 'hevc'].includes(brand)) return 'heif';
    if (brand === 'qt  ') return 'mov';
    return 'mp4';
  }
  const text = bytes
    .subarray(0, 512)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^WEBVTT(?:[ \t]|\r?\n|$)/.test(text)) return 'vtt';
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return 'unknown';
}

/** Declared MIME types and extensions each accepted type may arrive with. */
const DECLARED: Partial<Record<DetectedType, { mimes: string[]; exts: string[] }>> = {
  jpeg: { mimes: ['image/jpeg', 'image/jpg', 'image/pjpeg'], exts: ['.jpg', '.jpeg'] },
  png: { mimes: ['image/png'], exts: ['.png'] },
  webp: { mimes: ['image/webp'], exts: ['.webp'] },
  mp4: { mimes: ['video/mp4'], exts: ['.mp4', '.m4v'] },
  vtt: { mimes: ['text/vtt'], exts: ['.vtt'] },
};

const NAMES: Record<DetectedType, string> = {
  jpeg: 'JPG',
  png: 'PNG',
  webp: 'WebP',
  gif: 'GIF',
  heif: 'HEIC',
  avif: 'AVIF',
  svg: 'SVG',
  mp4: 'MP4',
  mov: 'MOV',
  vtt: 'WebVTT',
  unknown: '未知',
};

/**
 * Whether the declared MIME type (the part's Content-Type, lower-cased, parameters dropped; an
 * `application/octet-stream` says nothing) and the name's extension match the detected type.
 * Returns a Chinese message when they do not.
 */
export function declaredMismatch(detected: DetectedType, mimetype: string, filename: string): string | null {
  const accepted = DECLARED[detected];
  if (!accepted) return null;
  const mime = mimetype.split(';')[0]!.trim().toLowerCase();
  const ext = extname(filename).toLowerCase();
  const mimeOk = mime === '' || mime === 'application/octet-stream' || accepted.mimes.includes(mime);
  const extOk = accepted.exts.includes(ext);
  if (mimeOk && extOk) return null;
  return `文件“${filename}”的内容是 ${NAMES[detected]}，与文件名或声明的类型不符，请检查后重新选择`;
}

export const typeName = (t: DetectedType) => NAMES[t];
