import { MAX_FAVORITES, MAX_HISTORY, type SavedItem, type SavedKind } from '@moxa/core/mine/saved-kinds';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** A content item resolved for keeping: its canonical id (acupoint codes, not aliases) and its title. */
export type ResolvedItem = { kind: SavedKind; id: string; title: string };
export type DeviceItem = ResolvedItem & { at: number };

/** The two lists an account keeps (issue #18): the same rows, the same routes, two policies. */
export const SAVED_LISTS = ['favorites', 'history'] as const;
export type SavedList = (typeof SAVED_LISTS)[number];

/**
 * What makes the lists differ (issue #28 item 7: one repository, declared differences, no parallel
 * copies). `repeat`: keeping an item again keeps its first time (a favourite) or moves it to the top
 * (a view). `whenFull`: at `max` a new item is refused (favourites are the user's choice, never
 * dropped silently) or the oldest go (history is a convenience).
 */
const POLICIES = {
  favorites: { table: 'favorites', at: 'created_at', max: MAX_FAVORITES, repeat: 'keep-first', whenFull: 'refuse' },
  history: { table: 'view_history', at: 'viewed_at', max: MAX_HISTORY, repeat: 'move-to-top', whenFull: 'drop-oldest' },
} as const satisfies Record<
  SavedList,
  { table: keyof Database; at: string; max: number; repeat: 'keep-first' | 'move-to-top'; whenFull: 'refuse' | 'drop-oldest' }
>;

/**
 * Both tables have the same columns but the time's name; queries are written once against this shape
 * (the casts in `table` below are the only ones: Kysely cannot type a table chosen at run time).
 */
type KeptTable = { user_id: string; kind: string; item_id: string; title: string; at: number };
type KeptDb = Kysely<{ kept: KeptTable }>;

const toItem = (r: { kind: string; item_id: string; title: string; at: number | string }): SavedItem => ({
  kind: r.kind as SavedKind,
  id: r.item_id,
  title: r.title,
  at: Number(r.at),
});

/**
 * Favourites and browsing history of an account (issue #18; issue #14 §7: queries live here, not in
 * routes). Owner-only: every statement is scoped by the user's id. Both lists are newest first.
 */
export function savedItemRepository(db: Db, clock: () => number = Date.now) {
  /** The list's table under the common shape: `kept` with its time column as `at`. */
  const table = (list: SavedList, q: Kysely<Database> = db) => {
    const p = POLICIES[list];
    const k = q as unknown as KeptDb;
    const t = p.table as unknown as 'kept';
    const at = p.at as unknown as 'at';
    /** `created_at as at` / `viewed_at as at`, typed as the common column. */
    const atAs = `${p.at} as at` as 'at';
    return {
      /** The user's rows, newest first (ties in a stable order). */
      rows: (userId: string) =>
        k
          .selectFrom(t)
          .select(['kind', 'item_id', 'title', atAs])
          .where('user_id', '=', userId)
          .orderBy(at, 'desc')
          .orderBy('kind')
          .orderBy('item_id'),
      count: (userId: string) =>
        k
          .selectFrom(t)
          .select((eb) => eb.fn.countAll().as('n'))
          .where('user_id', '=', userId)
          .executeTakeFirstOrThrow()
          .then((r) => Number(r.n)),
      /** Adds the row, or renames it (and for move-to-top lists, moves it to `time`). */
      upsert: (userId: string, item: ResolvedItem, time: number) =>
        k
          .insertInto(t)
          .values({ user_id: userId, kind: item.kind, item_id: item.id, title: item.title, [at]: time })
          .onConflict((oc) =>
            oc
              .columns(['user_id', 'kind', 'item_id'])
              .doUpdateSet(p.repeat === 'move-to-top' ? { title: item.title, [at]: time } : { title: item.title }),
          )
          .execute(),
      delete: (userId: string) => k.deleteFrom(t).where('user_id', '=', userId),
    };
  };

  /** Keeps the newest `max` entries of a drop-oldest list: older ones are deleted, not hidden. */
  async function trim(trx: Kysely<Database>, list: SavedList, userId: string): Promise<void> {
    if (POLICIES[list].whenFull !== 'drop-oldest') return;
    const t = table(list, trx);
    for (const r of (await t.rows(userId).execute()).slice(POLICIES[list].max))
      await t.delete(userId).where('kind', '=', r.kind).where('item_id', '=', r.item_id).execute();
  }

  const list = async (userId: string, which: SavedList): Promise<SavedItem[]> =>
    (await table(which).rows(userId).limit(POLICIES[which].max).execute()).map(toItem);

  return {
    list,

    /**
     * Keeps an item now (favourite it, record a view). A favourite kept again keeps its first time
     * (idempotent); a view moves to the top and the newest MAX_HISTORY stay. Null when the list is
     * full and refuses new items (nothing written).
     */
    async keep(userId: string, which: SavedList, item: ResolvedItem): Promise<SavedItem | null> {
      const p = POLICIES[which];
      return db.transaction().execute(async (trx) => {
        const t = table(which, trx);
        if (p.whenFull === 'refuse') {
          const held = await t.rows(userId).where('kind', '=', item.kind).where('item_id', '=', item.id).executeTakeFirst();
          if (!held && (await t.count(userId)) >= p.max) return null;
        }
        await t.upsert(userId, item, clock());
        await trim(trx, which, userId);
        const row = await t.rows(userId).where('kind', '=', item.kind).where('item_id', '=', item.id).executeTakeFirstOrThrow();
        return toItem(row);
      });
    },

    /** Removes one item (by its canonical id); answers how many rows went (0 or 1). */
    async remove(userId: string, which: SavedList, kind: SavedKind, id: string): Promise<number> {
      const res = await table(which).delete(userId).where('kind', '=', kind).where('item_id', '=', id).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** 清空: deletes every row of the list (real deletion). */
    async clear(userId: string, which: SavedList): Promise<number> {
      const res = await table(which).delete(userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /**
     * The device's items, merged once (issue #18 "merged into the account after login"), newest
     * first: a future time counts as now; a favourite already held keeps its time, a view keeps the
     * latest; sending the same list again changes nothing. `overCap`: new items a full refusing list
     * left out.
     */
    async merge(userId: string, which: SavedList, items: DeviceItem[]): Promise<{ added: number; overCap: number }> {
      const p = POLICIES[which];
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const t = table(which, trx);
        const held = new Map((await t.rows(userId).execute()).map((r) => [`${r.kind}:${r.item_id}`, Number(r.at)]));
        let room = p.max - held.size;
        let added = 0;
        let overCap = 0;
        for (const item of [...items].sort((a, b) => b.at - a.at)) {
          const at = Math.min(item.at, now);
          const key = `${item.kind}:${item.id}`;
          const existing = held.get(key);
          if (existing !== undefined && (p.repeat === 'keep-first' || existing >= at)) continue;
          if (existing === undefined) {
            if (p.whenFull === 'refuse' && room <= 0) {
              overCap++;
              continue;
            }
            room--;
            added++;
          }
          held.set(key, at);
          await t.upsert(userId, item, at);
        }
        await trim(trx, which, userId);
        return { added, overCap };
      });
    },
  };
}
export type SavedItemRepository = ReturnType<typeof savedItemRepository>;
