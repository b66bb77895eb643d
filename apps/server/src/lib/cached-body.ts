import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * A JSON answer that never changes between deploys (content reads), serialised, hashed and
 * compressed once (issue #6: content reads near the speed of a bare route). The ETag and the
 * Content-Encoding set here make @fastify/etag and @fastify/compress leave the reply alone.
 */
export type Encoding = 'br' | 'gzip';
export type CachedBody = {
  etag: string;
  raw: Buffer;
  /** Compressed forms made so far: each on first request for it (issue #13 item 11). */
  encoded: Map<Encoding, Buffer>;
  effort: 'max' | 'fast';
};

/**
 * `effort: 'fast'` for answers keyed by what a client typed (searches): a stream of distinct queries
 * then costs a fast compression each, not the slow best one, and only in the encoding asked for.
 */
export function cacheBody(value: unknown, effort: 'max' | 'fast' = 'max'): CachedBody {
  const raw = Buffer.from(JSON.stringify(value));
  return { etag: `"${createHash('sha1').update(raw).digest('base64url')}"`, raw, encoded: new Map(), effort };
}

function encode(body: CachedBody, encoding: Encoding): Buffer {
  let out = body.encoded.get(encoding);
  if (!out) {
    const max = body.effort === 'max';
    out =
      encoding === 'br'
        ? brotliCompressSync(body.raw, { params: { [constants.BROTLI_PARAM_QUALITY]: max ? 9 : 4 } })
        : gzipSync(body.raw, { level: max ? 9 : 5 });
    body.encoded.set(encoding, out);
  }
  return out;
}

export function sendCached(request: FastifyRequest, reply: FastifyReply, body: CachedBody, cacheControl: string): FastifyReply {
  void reply
    .type('application/json; charset=utf-8')
    .header('ETag', body.etag)
    .header('Vary', 'Accept-Encoding')
    .header('Cache-Control', cacheControl);
  if (request.headers['if-none-match'] === body.etag) return reply.code(304).send();
  const accepts = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepts)) return reply.header('Content-Encoding', 'br').send(encode(body, 'br'));
  if (/\bgzip\b/.test(accepts)) return reply.header('Content-Encoding', 'gzip').send(encode(body, 'gzip'));
  return reply.send(body.raw);
}

/** A bounded map that forgets its least recently used entry (search answers by query, parsed numbers). */
export class LruCache<V> {
  private readonly map = new Map<string, V>();
  private readonly max: number;
  constructor(max: number) {
    this.max = max;
  }
  get(key: string): V | undefined {
    const v = this.map.get(key);
    if (v !== undefined) {
      this.map.delete(key);
      this.map.set(key, v);
    }
    return v;
  }
  set(key: string, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    if (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }
  get size(): number {
    return this.map.size;
  }
}

/**
 * Public content may be cached briefly by browsers and proxies: a publish in the console reaches every
 * instance within seconds (decision 039), so a browser keeps an answer 5 s at most and then asks again
 * with its ETag (a 304 when nothing changed). Issue #29: "visible within 5 seconds".
 */
export const CONTENT_CACHE = 'public, max-age=5';

/**
 * One content route's answers, each built once per distinct key and kept in a bounded LRU (keys come
 * from the query string, so their number is bounded by the cache, not by clients).
 */
export function contentAnswers(max = 500) {
  const cache = new LruCache<CachedBody>(max);
  return (request: FastifyRequest, reply: FastifyReply, key: string, build: () => unknown): FastifyReply => {
    let body = cache.get(key);
    if (body === undefined) {
      body = cacheBody({ code: 0, msg: 'ok', data: build() });
      cache.set(key, body);
    }
    return sendCached(request, reply, body, CONTENT_CACHE);
  };
}
