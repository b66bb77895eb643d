import type { FastifyReply, FastifyRequest } from 'fastify';
import { cacheBody, LruCache, sendCached, type CachedBody } from '../lib/cached-body.ts';

/**
 * Answers that carry view counts (issue #33 item 4): like content answers (decision 017) each is
 * serialised, hashed and compressed once per key, but kept only `ttlMs`, so a new count shows within
 * that time on every instance. Requests arriving while a key is rebuilt share that one rebuild. Keys
 * come from validated queries and ids of existing videos, and live in a bounded LRU.
 */
export function liveAnswers(
  clock: () => number,
  { ttlMs, maxAgeSeconds, max = 200 }: { ttlMs: number; maxAgeSeconds: number; max?: number },
) {
  const cache = new LruCache<{ body: CachedBody; at: number }>(max);
  const building = new Map<string, Promise<CachedBody>>();
  const cacheControl = `public, max-age=${maxAgeSeconds}`;

  function rebuild(key: string, make: () => Promise<unknown>): Promise<CachedBody> {
    let pending = building.get(key);
    if (pending) return pending;
    const at = clock();
    pending = make().then((data) => cacheBody({ code: 0, msg: 'ok', data }));
    building.set(key, pending);
    pending.then(
      (body) => {
        cache.set(key, { body, at });
        building.delete(key);
      },
      () => building.delete(key),
    );
    return pending;
  }

  return async (request: FastifyRequest, reply: FastifyReply, key: string, make: () => Promise<unknown>): Promise<FastifyReply> => {
    const hit = cache.get(key);
    const body = hit && clock() - hit.at < ttlMs ? hit.body : await rebuild(key, make);
    return sendCached(request, reply, body, cacheControl);
  };
}
