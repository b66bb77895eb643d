import { humanWait, tooMany, unavailable } from './app-error.ts';
import type { LimitStore } from './limit-store.ts';

/** One budget: at most `max` per `windowSeconds` under `key`; `message` says when to retry (Chinese). */
export type Limit = { key: string; windowSeconds: number; max: number; message: (wait: string) => string };
export type Taken = { giveBack: () => Promise<void> };

/**
 * Takes one unit of every budget, in order (narrowest first). When one is full, the units already
 * taken are given back and the request is refused with 429 and Retry-After: a refused request
 * consumes nothing anywhere (issue #13 item 2, decision 004). The caller gives everything back when
 * a later step fails (e.g. the SMS provider), so only work really done is counted.
 */
export async function takeAll(store: LimitStore, limits: readonly Limit[]): Promise<Taken> {
  const taken: string[] = [];
  const giveBack = async () => {
    for (const key of taken.splice(0).reverse()) await store.giveBack(key);
  };
  for (const limit of limits) {
    let result;
    try {
      result = await store.take(limit.key, limit.windowSeconds, limit.max);
    } catch {
      // The store could not answer (e.g. Redis down): refuse, never let the request through unlimited.
      await giveBack().catch(() => {});
      throw unavailable('服务繁忙，请稍后再试');
    }
    if (!result.ok) {
      await giveBack();
      throw tooMany(limit.message(humanWait(result.retryAfter)), result.retryAfter);
    }
    taken.push(limit.key);
  }
  return { giveBack };
}

/** Counts one hit against a throttle that also counts refused requests (e.g. checkout.do per IP). */
export async function enforceHit(store: LimitStore, limit: Limit): Promise<void> {
  const { count, retryAfter } = await store.hit(limit.key, limit.windowSeconds);
  if (count > limit.max) throw tooMany(limit.message(humanWait(retryAfter)), retryAfter);
}
