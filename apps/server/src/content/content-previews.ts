import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Db } from '../db/database.ts';
import type { ContentItem } from './content-kind.ts';
import type { LiveVersion } from '../routes/live-route-plugins.ts';
import { PREVIEW_NAVIGATION } from '../plugins/security.ts';

/** The header a previewing tab sends on every API call (apps/web lib/api-client.ts). */
export const PREVIEW_HEADER = 'x-moxa-preview';
export const PREVIEW_TTL_MS = 30 * 60 * 1000;
/** Previews kept at once (each holds a copy of the content and its answers): the least recently used goes. */
export const MAX_PREVIEWS = 20;
export const PREVIEW_EXPIRED = '预览已过期，请在后台重新打开预览';
/** The envelope code of a gone preview (HTTP 410). */
export const PREVIEW_GONE_CODE = 41000;

/**
 * Issue #30, decision 041: the cookie a preview's navigation sets so the frame's images and video load
 * unpublished uploads. Named per token (two previews open at once each keep theirs), scoped to /media/u/.
 */
export const PREVIEW_MEDIA_COOKIE = 'moxa-preview-';
const TOKEN = /^[A-Za-z0-9_-]{22}$/;
/** An upload's URL as compiled content holds it (media-library.ts `withUploads`). */
const UPLOAD_URL = /\/media\/u\/[a-z2-7]{16}[a-z0-9.]{1,40}/g;

type Compiled = ReadonlyMap<string, readonly ContentItem<unknown>[]>;
type Entry = { expiresAt: number; version: Promise<LiveVersion | null>; compiled: Compiled; media?: ReadonlySet<string> };

/** The upload URLs a compiled tree refers to: the draft's, and the published items' (already public). */
function uploadUrls(compiled: Compiled): ReadonlySet<string> {
  const urls = new Set<string>();
  for (const items of compiled.values())
    for (const item of items) for (const url of JSON.stringify(item.data ?? null).match(UPLOAD_URL) ?? []) urls.add(url);
  return urls;
}

/** The preview tokens of a request's cookies (`moxa-preview-<token>=1`), at most a handful. */
export function previewMediaTokens(cookieHeader: string | undefined): string[] {
  if (!cookieHeader) return [];
  const tokens: string[] = [];
  for (const pair of cookieHeader.split(';')) {
    const name = pair.split('=')[0]!.trim();
    if (name.startsWith(PREVIEW_MEDIA_COOKIE) && TOKEN.test(name.slice(PREVIEW_MEDIA_COOKIE.length)))
      tokens.push(name.slice(PREVIEW_MEDIA_COOKIE.length));
    if (tokens.length >= MAX_PREVIEWS) break;
  }
  return tokens;
}

/** What the database keeps of a preview token: its SHA-256, never the token (decision 045). */
export function hashPreviewToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The previews every instance can answer (decision 045): one row per token (its hash), the revision it
 * shows and when it expires. Written by the console's preview, read by an instance that does not hold
 * the token, purged with the other expired rows (server.ts).
 */
export function previewRecords(db: Db) {
  return {
    async save(token: string, revisionId: string, createdAt: number, expiresAt: number): Promise<void> {
      await db
        .insertInto('content_previews')
        .values({ token_hash: hashPreviewToken(token), revision_id: revisionId, created_at: createdAt, expires_at: expiresAt })
        .execute();
    },
    /** The revision of a token live at `now`, or null. */
    async find(token: string, now: number): Promise<{ revisionId: string; expiresAt: number } | null> {
      const row = await db
        .selectFrom('content_previews')
        .select(['revision_id', 'expires_at'])
        .where('token_hash', '=', hashPreviewToken(token))
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row ? { revisionId: row.revision_id, expiresAt: Number(row.expires_at) } : null;
    },
    /** Deletes the expired rows; how many. */
    async purge(now: number): Promise<number> {
      const done = await db.deleteFrom('content_previews').where('expires_at', '<=', now).executeTakeFirst();
      return Number(done.numDeletedRows);
    },
  };
}

/**
 * Previews (issue #29, decisions 039 and 045): a draft tree compiled by the console becomes a version of
 * the live routes of its own (`build`), reached only by requests carrying its token. Tokens are 128-bit
 * random and expire after 30 minutes. The instance that made one keeps it in memory; any other instance
 * (or this one, after evicting it) asks `recover`, which finds the token's revision in the database and
 * compiles it again, and then keeps that until the token's expiry.
 */
export function contentPreviews(opts: {
  build: (compiled: Compiled) => Promise<LiveVersion>;
  clock: () => number;
  log: FastifyBaseLogger;
  recover?: (token: string) => Promise<{ compiled: Compiled; expiresAt: number } | null>;
  max?: number;
  ttlMs?: number;
}) {
  const { build, clock, log, recover } = opts;
  const max = opts.max ?? MAX_PREVIEWS;
  const ttl = opts.ttlMs ?? PREVIEW_TTL_MS;
  const entries = new Map<string, Entry>();
  /** Recoveries under way: the requests of one frame arriving at once compile the revision once. */
  const recovering = new Map<string, Promise<Entry | null>>();

  /** Builds the overlay (in the background: a request with the token waits for it). */
  function put(token: string, compiled: Compiled, expiresAt: number): Entry {
    const version = build(compiled).catch((err: unknown) => {
      log.error({ err }, 'preview could not be built');
      return null;
    });
    const entry: Entry = { expiresAt, version, compiled };
    entries.set(token, entry);
    while (entries.size > max) entries.delete(entries.keys().next().value as string);
    return entry;
  }
  /** The live entry of a token: this instance's, else recovered from the database, else null. */
  async function live(token: string): Promise<Entry | null> {
    const entry = entries.get(token);
    if (entry) return entry.expiresAt > clock() ? entry : null;
    if (!recover || !TOKEN.test(token)) return null;
    let pending = recovering.get(token);
    if (!pending) {
      pending = recover(token)
        .then(
          (found) => (found && found.expiresAt > clock() ? put(token, found.compiled, found.expiresAt) : null),
          (err: unknown) => {
            log.error({ err }, 'preview could not be recovered');
            return null;
          },
        )
        .finally(() => recovering.delete(token));
      recovering.set(token, pending);
    }
    return pending;
  }

  return {
    add(compiled: Compiled): { token: string; expiresAt: number } {
      const token = randomBytes(16).toString('base64url');
      const expiresAt = clock() + ttl;
      put(token, compiled, expiresAt);
      return { token, expiresAt };
    },
    /** The overlay of a live token, or null (unknown, expired, or failed to build). */
    async resolve(token: string): Promise<LiveVersion | null> {
      const entry = await live(token);
      if (!entry) return null;
      // Least recently used last.
      entries.delete(token);
      entries.set(token, entry);
      return entry.version;
    },
    /** How long a live token has left (ms), or null. */
    async remainingMs(token: string): Promise<number | null> {
      const entry = await live(token);
      return entry ? Math.max(1, entry.expiresAt - clock()) : null;
    },
    /**
     * Whether a live preview's content refers to the upload at `path` (issue #30): the frame may load
     * it before it is published. Only URLs of the preview's tree, so a token opens no other draft's files.
     */
    async refersTo(token: string, path: string): Promise<boolean> {
      const entry = await live(token);
      if (!entry) return false;
      entry.media ??= uploadUrls(entry.compiled);
      return entry.media.has(path);
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
 * serves a live answer to a preview or the other way round). A preview's navigation (`?preview=<token>`,
 * a page) and its content reads set the token's media cookie, for its lifetime, so /media serves the
 * draft's unpublished uploads to the frame (media-static.ts, issue #30). Returns `servedBy` for live-route-plugins.ts.
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
    // The media cookie: on the preview's navigation, and on its content reads too (a service worker may
    // answer the navigation from its cache; the reads always reach the server, public/sw-live.js).
    const token = served.has(request)
      ? (request.headers[PREVIEW_HEADER] as string)
      : request.method === 'GET' &&
          PREVIEW_NAVIGATION.test(request.url) &&
          /^text\/html/.test(String(reply.getHeader('Content-Type') ?? ''))
        ? new URLSearchParams(request.url.split('?')[1]).get('preview')!
        : null;
    const remaining = token && !previewMediaTokens(request.headers.cookie).includes(token) ? await previews().remainingMs(token) : null;
    if (remaining !== null) {
      const maxAge = Math.max(1, Math.floor(remaining / 1000));
      const secure = request.protocol === 'https' ? '; Secure' : '';
      void reply
        .header('Set-Cookie', `${PREVIEW_MEDIA_COOKIE}${token}=1; Path=/media/u/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict${secure}`)
        .header('Cache-Control', 'private, no-store');
    }
  });
  return (request) => served.get(request) ?? null;
}
