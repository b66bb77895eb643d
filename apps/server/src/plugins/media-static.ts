import { createHash } from 'node:crypto';
import { createReadStream, existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { combineRanges, parse as parseRange } from 'range-parser';
import { notFound } from '../lib/app-error.ts';

const TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.mp4': 'video/mp4',
  '.vtt': 'text/vtt; charset=utf-8',
};
/** Every name the build writes carries its original's hash (media-library.ts): cache for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

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

/**
 * /media (issue #14 §3): the files the media build wrote (scripts/build-media.ts), and only those —
 * looked up by exact URL, so no path reaches the disk from a request. Strong ETags with 304s, HTTP
 * range requests (206, 416) for video seeking in WeChat's player, immutable caching, no compression
 * (the formats are compressed already, and a compressed body could not honour byte ranges).
 */
export async function registerMedia(app: FastifyInstance, mediaDir: string) {
  const files = indexMedia(mediaDir);
  app.log.info({ files: files.size }, 'media indexed');
  app.get('/media/*', { config: { compress: false }, schema: { hide: true } }, async (request, reply) => {
    const file = files.get(request.url.split('?')[0]!);
    if (!file) throw notFound('文件不存在');
    void reply
      .type(file.type)
      .header('ETag', file.etag)
      .header('Cache-Control', IMMUTABLE)
      .header('Accept-Ranges', 'bytes')
      .header('X-Content-Type-Options', 'nosniff');
    const match = request.headers['if-none-match'];
    if (match && match.split(',').some((t) => t.trim() === file.etag || t.trim() === '*')) return reply.status(304).send();
    const header = request.headers.range;
    // If-Range with a stale validator asks for the whole file again (RFC 9110 §13.1.5).
    const ranged = header && (!request.headers['if-range'] || request.headers['if-range'] === file.etag);
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
          return reply.send(request.method === 'HEAD' ? null : createReadStream(file.path, { start, end }));
        }
      }
    }
    void reply.header('Content-Length', file.size);
    return reply.send(request.method === 'HEAD' ? null : createReadStream(file.path));
  });
}
