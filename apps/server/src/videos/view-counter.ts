import { createHmac } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type { LimitStore } from '../lib/limit-store.ts';

/** A day in China time (UTC+8): counts reset at local midnight. */
const chinaDay = (now: number) => new Date(now + 8 * 3600_000).toISOString().slice(0, 10);
/** Counts one network may add to one video in a day, however many visitor ids it makes up. */
export const MAX_PER_NETWORK_DAY = 30;

/**
 * Video views (issue #16): at most one per visitor per video per day, so reloading never inflates a
 * count. The visitor is the logged-in user, else the device id the page keeps, else the network and
 * browser; what is remembered is only a keyed hash of (video, day, visitor) as a one-time claim that
 * expires after the day — never an IP or a device id (《个人信息保护法》: no more than needed).
 */
export function viewCounter(db: Db, limits: LimitStore, secret: string, clock: () => number) {
  const mark = (...parts: string[]) => createHmac('sha256', secret).update(parts.join('|')).digest('base64url').slice(0, 32);
  return {
    async views(ids: readonly string[]): Promise<Map<string, number>> {
      if (ids.length === 0) return new Map();
      const rows = await db.selectFrom('video_views').select(['video_id', 'count']).where('video_id', 'in', ids).execute();
      return new Map(rows.map((r) => [r.video_id, Number(r.count)]));
    },

    async count(videoId: string, visitor: string, network: string): Promise<{ views: number; counted: boolean }> {
      const day = chinaDay(clock());
      // Issue #27 item 5: the network's budget first, and only then the visitor's claim. A network past
      // its budget writes nothing more however many visitor ids it makes up, so the claims kept per
      // video and day are bounded by the budget; a repeat visitor gives its unit back.
      const budget = `viewnet:${mark(videoId, day, network)}`;
      const allowed = await limits.take(budget, 86400, MAX_PER_NETWORK_DAY);
      let counted = false;
      if (allowed.ok) {
        if (await limits.claimOnce(`view:${mark(videoId, day, visitor)}`, 2 * 86400)) {
          await db
            .insertInto('video_views')
            .values({ video_id: videoId, count: 1 })
            .onConflict((oc) => oc.column('video_id').doUpdateSet({ count: sql`video_views.count + 1` }))
            .execute();
          counted = true;
        } else {
          await limits.giveBack(budget);
        }
      }
      return { views: (await this.views([videoId])).get(videoId) ?? 0, counted };
    },
  };
}
export type ViewCounter = ReturnType<typeof viewCounter>;
