import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { ContentItem } from './content-kind.ts';
import type { LiveVersion } from '../routes/live-route-plugins.ts';

/** The header a previewing tab sends on every API call (apps/web lib/api-client.ts). */
export const PREVIEW_HEADER = 'x-moxa-preview';
export const PREVIEW_TTL_MS = 30 * 60 * 1000;
/** Previews kept at once (each holds a copy of the content and its answers): the least recently used goes. */
export const MAX_PREVIEWS = 20;
export const PREVIEW_EXPIRED = '预览已过期，请在后台重新打开预览';
/** The envelope code of a gone preview (HTTP 410). */
export const PREVIEW_GONE_CODE = 41000;

type Compiled = ReadonlyMap<string, readonly ContentItem<unknown>[]>;
type Entry = { expiresAt: number; version: Promise<LiveVersion | null> };

/**
 * Previews (issue #29, decision 039): a draft tree compiled by the console becomes a version of the
 * live routes of its own (`build`), reached only by requests carrying its token. Tokens are 128-bit
 * random, expire after 30 minutes and are kept in memory, on the instance that made them (the console
 * frames the H5 on the origin it talks to).
 */
export function contentPreviews(opts: {
  build: (compiled: Compiled) => Promise<LiveVersion>;
  clock: () => number;
  log: FastifyBaseLogger;
  max?: number;
  ttlMs?: number;
}) {
  const { build, clock, log } = opts;
  const max = opts.max ?? MAX_PREVIEWS;
  const ttl = opts.ttlMs ?? PREVIEW_TTL_MS;
  const entries = new Map<string, Entry>();
  return {
    /** Builds the overlay (in the background: a request with the token waits for it). */
    add(compiled: Compiled): { token: string; expiresAt: number } {
      const token = randomBytes(16).toString('base64url');
      const expiresAt = clock() + ttl;
      const version = build(compiled).catch((err: unknown) => {
        log.error({ err }, 'preview could not be built');
        return null;
      });
      entries.set(token, { expiresAt, version });
      while (entries.size > max) entries.delete(entries.keys().next().value as string);
      return { token, expiresAt };
    },
    /** The overlay of a live token, or null (unknown, expired, evicted or failed to build). */
    async resolve(token: string): Promise<LiveVersion | null> {
      const entry = entries.get(token);
      if (!entry) return null;
      entries.delete(token);
      if (entry.expiresAt <= clock()) return null;
      entries.set(token, entry);
      return entry.version;
    },
    get size(): number {
      return entries.size;
    },
  };
}
export type ContentPreviews = ReturnType<typeof contentPreviews>;

/**
 * Hooks on the root scope: a content read (a live GET route) carrying the header is answered from the
 * token's overlay, or 410 with a Chinese message when the token is gone; every answer to a request
 * with the header is `private, no-store`, and live reads say they vary by it (a shared cache never
 * serves a live answer to a preview or the other way round). Returns `servedBy` for live-route-plugins.ts.
 */
export function registerPreviews(app: FastifyInstance, previews: () => ContentPreviews): (request: FastifyRequest) => LiveVersion | null {
  const served = new WeakMap<FastifyRequest, LiveVersion>();
  const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';
  app.addHook('onRequest', async (request, reply) => {
    const token = request.headers[PREVIEW_HEADER];
    if (token === undefined || !request.routeOptions.config.live || !isRead(request)) return;
    const version = typeof token === 'string' && /^[A-Za-z0-9_-]{22}$/.test(token) ? await previews().resolve(token) : null;
    if (!version)
      return reply
        .status(410)
        .header('Cache-Control', 'private, no-store')
        .send({ code: PREVIEW_GONE_CODE, msg: PREVIEW_EXPIRED, data: null });
    served.set(request, version);
  });
  app.addHook('onSend', async (request, reply) => {
    if (request.routeOptions.config.live && isRead(request)) {
      const vary = String(reply.getHeader('Vary') ?? '');
      if (!/x-moxa-preview/i.test(vary)) void reply.header('Vary', vary ? `${vary}, X-Moxa-Preview` : 'X-Moxa-Preview');
    }
    if (request.headers[PREVIEW_HEADER] !== undefined) void reply.header('Cache-Control', 'private, no-store');
  });
  return (request) => served.get(request) ?? null;
}
