import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, posix } from 'node:path';
import { imageSize } from 'image-size';
import { MEDIA_WIDTHS, type MediaImage } from '@moxa/core/media/media-contract';

/**
 * The media library (issue #14 §3): originals live in `content/media/`; the build (scripts/build-media.ts,
 * with sharp) writes every output under the web build's `media/` folder, and the server only serves
 * those files. What the outputs are called is decided here, from the originals alone (their bytes'
 * hash and intrinsic size), so the content loader can describe an image without any image tooling
 * at run time and the build makes exactly the files described.
 */
export const MEDIA_FOLDER = 'media';

const IMAGE_EXTS = new Set(['.svg', '.png', '.jpg', '.jpeg']);
/** Files copied as they are (videos, posters made elsewhere, subtitles). */
const FILE_EXTS = new Set(['.mp4', '.vtt', '.webp']);
const isImageSource = (src: string) => IMAGE_EXTS.has(extname(src).toLowerCase());
/** What an SVG shown as it is must not hold: scripts, event handlers, embedded HTML, references outside itself. */
const ACTIVE_SVG = /<script|<foreignObject|\son[a-z]+\s*=|\b(?:xlink:)?href\s*=\s*["'](?!#)|url\(\s*["']?(?!#)/i;

export class MediaError extends Error {}

/** One output the build writes: where, from which original, and how. */
export type MediaOutput = { url: string; src: string } & (
  { kind: 'image'; width: number; format: 'webp' | 'png' | 'jpeg' } | { kind: 'copy' }
);

const hashOf = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex').slice(0, 10);
const withoutExt = (src: string) => src.slice(0, src.length - extname(src).length);

/** Refuses paths that leave content/media or name nothing there. */
function sourcePath(contentDir: string, src: string): string {
  const normal = posix.normalize(src);
  if (normal !== src || src.startsWith('/') || src.startsWith('..') || !/^[a-z0-9][a-z0-9/_.-]*$/.test(src))
    throw new MediaError(`media path "${src}" must be a lower-case relative path under content/media`);
  const path = join(contentDir, MEDIA_FOLDER, src);
  if (!existsSync(path) || !statSync(path).isFile()) throw new MediaError(`media file "${src}" does not exist in content/media`);
  return path;
}

/**
 * Widths made of an image: the standard widths up to the original's (a drawing in SVG scales to any,
 * up to 960 px: more than a phone's 3× screen needs for a text-column figure); never none.
 */
function widthsFor(width: number, vector: boolean): number[] {
  const max = vector ? 960 : width;
  const widths = MEDIA_WIDTHS.filter((w) => w <= max);
  return widths.length ? widths : [width];
}

/**
 * Issue #30 (decision 041): files uploaded in the console are referenced from content as
 * `uploads/<id>` (an image, or a video's MP4), `uploads/<id>.poster` (a video's poster image) and
 * `uploads/<id>.vtt` (its subtitles). They live in the database, not in content/media, so whoever
 * compiles content reads the library's descriptions first (media/uploads/media-repository.ts
 * `mediaUploads`) and runs the synchronous compile inside `withUploads`.
 */
export type UploadedMedia = ReadonlyMap<
  string,
  { kind: 'image' | 'video'; image: MediaImage | null; video: { url: string; subtitlesUrl: string; poster: MediaImage } | null }
>;
const UPLOAD_REF = /^uploads\/([a-z2-7]{16})(\.poster|\.vtt)?$/;
let uploads: UploadedMedia = new Map();

export function withUploads<T>(media: UploadedMedia, compile: () => T): T {
  const before = uploads;
  uploads = media;
  try {
    return compile();
  } finally {
    uploads = before;
  }
}

function uploaded(src: string): { kind: 'image' | 'poster' | 'video' | 'subtitles'; image?: MediaImage; url?: string } | null {
  const m = UPLOAD_REF.exec(src);
  if (!m) return null;
  const found = uploads.get(m[1]!);
  if (!found) throw new MediaError(`media file "${src}" is not in the media library`);
  if (m[2] === '.poster' && found.video) return { kind: 'poster', image: found.video.poster };
  if (m[2] === '.vtt' && found.video) return { kind: 'subtitles', url: found.video.subtitlesUrl };
  if (!m[2] && found.image) return { kind: 'image', image: found.image };
  if (!m[2] && found.video) return { kind: 'video', url: found.video.url };
  throw new MediaError(`media file "${src}" is a ${found.kind}, not usable here`);
}

/** An image as pages use it: intrinsic size (so space is reserved), alt text and its variants. */
export function describeImage(contentDir: string, src: string, alt: string): MediaImage {
  const upload = uploaded(src);
  if (upload) {
    if (!upload.image) throw new MediaError(`media file "${src}" is not an image`);
    return { ...upload.image, alt };
  }
  if (!isImageSource(src)) throw new MediaError(`media file "${src}" is not an image (svg, png or jpg)`);
  const bytes = readFileSync(sourcePath(contentDir, src));
  let size: { width?: number; height?: number };
  try {
    size = imageSize(bytes);
  } catch {
    throw new MediaError(`media file "${src}" is not a readable image`);
  }
  if (!size.width || !size.height)
    throw new MediaError(`media file "${src}" has no intrinsic size (an SVG needs width/height or a viewBox)`);
  const vector = extname(src).toLowerCase() === '.svg';
  // Decision 050: pages show a drawing's SVG as it is, so it must only draw.
  if (vector && ACTIVE_SVG.test(bytes.toString('utf8')))
    throw new MediaError(`media file "${src}" is not a plain drawing (scripts, event handlers, embedded HTML or outside references)`);
  const fallback = extname(src).toLowerCase() === '.png' || vector ? 'png' : 'jpg';
  const hash = hashOf(bytes);
  const base = `/media/${withoutExt(src)}`;
  const widths = widthsFor(size.width, vector);
  return {
    src,
    width: size.width,
    height: size.height,
    alt,
    webp: widths.map((w) => ({ width: w, url: `${base}.${w}.${hash}.webp` })),
    fallback: widths.map((w) => ({ width: w, url: `${base}.${w}.${hash}.${fallback}` })),
    ...(vector ? { vector: `${base}.${hash}.svg` } : {}),
  };
}

/** The served URL of a non-image file (video, subtitles): its name with its hash. */
export function mediaFileUrl(contentDir: string, src: string): string {
  const upload = uploaded(src);
  if (upload) {
    if (!upload.url) throw new MediaError(`media file "${src}" is not a video or subtitles`);
    return upload.url;
  }
  const ext = extname(src).toLowerCase();
  if (!FILE_EXTS.has(ext)) throw new MediaError(`media file "${src}" has a type that is not served (${ext || 'none'})`);
  const bytes = readFileSync(sourcePath(contentDir, src));
  return `/media/${withoutExt(src)}.${hashOf(bytes)}${ext}`;
}

/** Every output of every original in content/media, for the build. */
export function planMedia(contentDir: string): MediaOutput[] {
  const root = join(contentDir, MEDIA_FOLDER);
  if (!existsSync(root)) return [];
  const outputs: MediaOutput[] = [];
  const walk = (rel: string) => {
    for (const entry of readdirSync(join(root, rel), { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const src = rel ? `${rel}/${entry.name}` : entry.name;
      if (entry.name.startsWith('.')) continue;
      if (entry.isDirectory()) walk(src);
      else if (isImageSource(src)) {
        const image = describeImage(contentDir, src, '');
        for (const v of image.webp) outputs.push({ kind: 'image', src, url: v.url, width: v.width, format: 'webp' });
        for (const v of image.fallback)
          outputs.push({ kind: 'image', src, url: v.url, width: v.width, format: v.url.endsWith('.png') ? 'png' : 'jpeg' });
        if (image.vector) outputs.push({ kind: 'copy', src, url: image.vector });
      } else if (FILE_EXTS.has(extname(src).toLowerCase())) outputs.push({ kind: 'copy', src, url: mediaFileUrl(contentDir, src) });
      else if (!src.endsWith('.md')) throw new MediaError(`content/media/${src}: unsupported file type`);
    }
  };
  walk('');
  return outputs;
}
