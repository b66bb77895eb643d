import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { combineRanges, parse as parseRange } from 'range-parser';
import { previewMediaTokens } from '../content/content-previews.ts';
import { notFound } from '../lib/app-error.ts';
import { UPLOAD_PREFIX } from '../media/uploads/media-repository.ts';
import { mediaLibraryFor } from '../media/uploads/media-service.ts';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  // Drawings from content/media only (never an upload, UPLOAD_PATH): shown by <img>, where an SVG runs nothing.
  '.svg': 'image/svg+xml',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};
/** Every name the build writes carries its original's hash (media-library.ts): cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** An upload's file name: its id, an optional `.poster`, width and hash, extension (media-repository.ts). */
const UPLOAD_PATH = /^\/media\/u\/[a-z2-7]{16}(\.poster)?(\.[0-9]{1,5})?\.[0-9a-f]{10}\.(webp|jpg|png|mp4|vtt)$/;

type MediaFile = { path: string; size: number; etag: string; type: string };

/** The built media files, keyed by URL path, each with a strong ETag from its bytes. */
function indexMedia(root: string): Map<string, MediaFile> {
  const files = new Map<string, MediaFile>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (TYPES[extname(entry.name)] && !entry.name.startsWith('.')) {
        const etag = `"${createHash('sha256').update(readFileSync(path)).digest('base64url').slice(0, 27)}"`;
        files.set(`/media/${relative(root, path).split(sep).join('/')}`, {
          path,
          size: statSync(path).size,
          etag,
          type: TYPES[extname(entry.name)]!,
        });
      }
    }
  };
  if (existsSync(root)) walk(root);
  return files;
}

/** What the sender needs of a file: its size, strong ETag, type and a reader of a byte range (inclusive). */
export type SendableFile = { size: number; etag: string; type: string; read: (start: number, end: number) => Readable };

/** A strong ETag from a file's SHA-256 (hex), in the same form as the built files'. */
export const etagOf = (sha256Hex: string) => `"${Buffer.from(sha256Hex, 'hex').toString('base64url').slice(0, 27)}"`;

/**
 * Sends a file with a strong ETag and 304s, HTTP range requests (206, 416) for video seeking in
 * WeChat's player, and the given caching; shared by /media and the console's preview of unpublished
 * uploads (issue #30).
 */
export function sendMediaFile(request: FastifyRequest, reply: FastifyReply, file: SendableFile, cacheControl: string) {
  // A drawing (decision 050) is text: compressed on its way (app.ts), so it goes whole, never by
  // byte ranges of the compressed body, under a weak tag (one tag for every encoding, RFC 9110 §8.8.1).
  const drawing = file.type === 'image/svg+xml';
  const etag = drawing ? `W/${file.etag}` : file.etag;
  void reply.type(file.type).header('ETag', etag).header('Cache-Control', cacheControl).header('X-Content-Type-Options', 'nosniff');
  if (!drawing) void reply.header('Accept-Ranges', 'bytes');
  // An SVG opened on its own is a document of this origin: it may draw, never run or load anything.
  else void reply.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  const match = request.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim() === etag || t.trim() === '*')) return reply.status(304).send();
  const header = request.headers.range;
  // If-Range with a stale validator asks for the whole file again (RFC 9110 §13.1.5).
  const ranged = !drawing && header && (!request.headers['if-range'] || request.headers['if-range'] === file.etag);
  if (ranged) {
    const parsed = parseRange(file.size, header);
    // A malformed header is ignored (the whole file follows), as RFC 9110 §14.2 allows.
    if (parsed.type === 'bytes' && !(parsed.code & 1)) {
      if (parsed.ranges.length === 0) return reply.status(416).header('Content-Range', `bytes */${file.size}`).send();
      const ranges = combineRanges(parsed.ranges);
      // One range is what players ask for; several get the whole file, as allowed.
      if (ranges.length === 1) {
        const { start, end } = ranges[0]!;
        void reply
          .status(206)
          .header('Content-Range', `bytes ${start}-${end}/${file.size}`)
          .header('Content-Length', end - start + 1);
        return reply.send(request.method === 'HEAD' ? null : file.read(start, end));
      }
    }
  }
  void reply.header('Content-Length', file.size);
  return reply.send(request.method === 'HEAD' || file.size === 0 ? null : file.read(0, file.size - 1));
}

/** An unpublished upload in a console preview's frame: never stored by a browser or a proxy. */
const PREVIEW_ONLY = 'private, no-store';

/** Facts of published uploads, which never change once published (their names carry their hash). */
const KNOWN_MAX = 2000;

/**
 * /media (issue #14 §3): the files the media build wrote (scripts/build-media.ts), and only those —
 * looked up by exact URL, so no path reaches the disk from a request — plus, under /media/u/, the
 * files uploaded in the console (issue #30, decision 041), but only once published content
 * references them: until then they answer 404 like a file that does not exist (staff preview them
 * through the console), except to a console preview's frame whose draft refers to them (its media
 * cookie, content-previews.ts; `private, no-store`, only while the preview lives). Pictures and
 * videos go as they are (their formats are compressed already) and honour byte ranges; drawings
 * (SVG) and subtitles are text, compressed by the app's compression (it goes by content type).
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string) {
  const files = indexMedia(mediaDir);
  const library = mediaLibraryFor(app.ctx);
  const known = new Map<string, SendableFile>();
  app.log.info({ files: files.size, uploads: library.storeKind }, 'media indexed');
  app.get('/media/*', { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    const built = files.get(path);
    if (built) {
      const read = (start: number, end: number) => createReadStream(built.path, { start, end });
      return sendMediaFile(request, reply, { ...built, read }, IMMUTABLE);
    }
    if (!path.startsWith(UPLOAD_PREFIX) || !UPLOAD_PATH.test(path)) throw notFound('文件不存在');
    let file = known.get(path);
    if (!file) {
      const stored = await library.file(path);
      if (!stored) throw notFound('文件不存在');
      if (!(stored.published || (await library.publishIfReferenced(stored.objectId)))) {
        // Issue #30: a draft's upload, shown in the preview of that draft only.
        // Any instance answers (decision 045): a token made elsewhere is recovered from the database.
        let shown = false;
        for (const token of previewMediaTokens(request.headers.cookie)) if ((shown = await app.ctx.previews.refersTo(token, path))) break;
        if (!shown) throw notFound('文件不存在');
        const read = (start: number, end: number) => library.read(stored, start, end);
        return sendMediaFile(
          request,
          reply,
          { size: stored.size, etag: etagOf(stored.sha256), type: stored.contentType, read },
          PREVIEW_ONLY,
        );
      }
      file = {
        size: stored.size,
        etag: etagOf(stored.sha256),
        type: stored.contentType,
        read: (start, end) => library.read(stored, start, end),
      };
      if (known.size >= KNOWN_MAX) known.delete(known.keys().next().value!);
      known.set(path, file);
    }
    return sendMediaFile(request, reply, file, IMMUTABLE);
  });
}
