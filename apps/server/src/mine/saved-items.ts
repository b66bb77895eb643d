import { MAX_FAVORITES, MAX_HISTORY, type SavedItem, type SavedKind } from '@moxa/core/mine/saved-kinds';
import type { Kysely } from 'kysely';
import type { Db } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** A content item resolved for keeping: its canonical id (acupoint codes, not aliases) and its title. */
export type ResolvedItem = { kind: SavedKind; id: string; title: string };
export type DeviceItem = ResolvedItem & { at: number };

type Row = { kind: string; item_id: string; title: string; at: number | string };
const toItem = (r: Row): SavedItem => ({ kind: r.kind as SavedKind, id: r.item_id, title: r.title, at: Number(r.at) });

/**
 * Favourites and browsing history of an account (issue #18; issue #14 §7: queries live here, not in
 * routes). Owner-only: every statement is scoped by the user's id. Both lists are newest first.
 */
export function savedItemRepository(db: Db, clock: () => number = Date.now) {
  const listFavorites = async (userId: string): Promise<SavedItem[]> =>
    (
      await db
        .selectFrom('favorites')
        .select(['kind', 'item_id', 'title', 'created_at as at'])
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('kind')
        .orderBy('item_id')
        .limit(MAX_FAVORITES)
        .execute()
    ).map(toItem);

  const listHistory = async (userId: string): Promise<SavedItem[]> =>
    (
      await db
        .selectFrom('view_history')
        .select(['kind', 'item_id', 'title', 'viewed_at as at'])
        .where('user_id', '=', userId)
        .orderBy('viewed_at', 'desc')
        .orderBy('kind')
        .orderBy('item_id')
        .limit(MAX_HISTORY)
        .execute()
    ).map(toItem);

  /** Keeps the newest MAX_HISTORY entries of the user: older ones are deleted, not hidden. */
  async function trimHistory(trx: Kysely<Database>, userId: string): Promise<void> {
    const rows = await trx
      .selectFrom('view_history')
      .select(['kind', 'item_id'])
      .where('user_id', '=', userId)
      .orderBy('viewed_at', 'desc')
      .orderBy('kind')
      .orderBy('item_id')
      .execute();
    for (const r of rows.slice(MAX_HISTORY))
      await trx
        .deleteFrom('view_history')
        .where('user_id', '=', userId)
        .where('kind', '=', r.kind)
        .where('item_id', '=', r.item_id)
        .execute();
  }

  return {
    listFavorites,
    listHistory,

    async countFavorites(userId: string): Promise<number> {
      const row = await db
        .selectFrom('favorites')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async isFavorite(userId: string, kind: SavedKind, id: string): Promise<boolean> {
      const row = await db
        .selectFrom('favorites')
        .select('item_id')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('item_id', '=', id)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Favourites an item; favouriting it again keeps the first time (idempotent). */
    async addFavorite(userId: string, item: ResolvedItem): Promise<SavedItem> {
      await db
        .insertInto('favorites')
        .values({ user_id: userId, kind: item.kind, item_id: item.id, title: item.title, created_at: clock() })
        .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ title: item.title }))
        .execute();
      const row = await db
        .selectFrom('favorites')
        .select(['kind', 'item_id', 'title', 'created_at as at'])
        .where('user_id', '=', userId)
        .where('kind', '=', item.kind)
        .where('item_id', '=', item.id)
        .executeTakeFirstOrThrow();
      return toItem(row);
    },

    async removeFavorite(userId: string, kind: SavedKind, id: string): Promise<number> {
      const res = await db
        .deleteFrom('favorites')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('item_id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /**
     * The device's favourites, added once (issue #18 "merged into the account after login"): items
     * already favourited keep their time, so sending the same list again changes nothing; items
     * beyond MAX_FAVORITES are left out, newest kept first.
     */
    async mergeFavorites(userId: string, items: DeviceItem[]): Promise<{ added: number; overCap: number }> {
      return db.transaction().execute(async (trx) => {
        const have = await trx.selectFrom('favorites').select(['kind', 'item_id']).where('user_id', '=', userId).execute();
        const held = new Set(have.map((r) => `${r.kind}:${r.item_id}`));
        let room = MAX_FAVORITES - held.size;
        let added = 0;
        let overCap = 0;
        for (const item of [...items].sort((a, b) => b.at - a.at)) {
          const key = `${item.kind}:${item.id}`;
          if (held.has(key)) continue;
          if (room <= 0) {
            overCap++;
            continue;
          }
          held.add(key);
          room--;
          added++;
          await trx
            .insertInto('favorites')
            .values({ user_id: userId, kind: item.kind, item_id: item.id, title: item.title, created_at: Math.min(item.at, clock()) })
            .execute();
        }
        return { added, overCap };
      });
    },

    /** Records a view now: a repeat view moves the entry to the top; the newest MAX_HISTORY stay. */
    async recordView(userId: string, item: ResolvedItem): Promise<SavedItem> {
      const at = clock();
      await db.transaction().execute(async (trx) => {
        await trx
          .insertInto('view_history')
          .values({ user_id: userId, kind: item.kind, item_id: item.id, title: item.title, viewed_at: at })
          .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ title: item.title, viewed_at: at }))
          .execute();
        await trimHistory(trx, userId);
      });
      return { ...item, at };
    },

    /** The device's history, merged: each entry keeps its latest view time, so a repeat merge changes nothing. */
    async mergeHistory(userId: string, items: DeviceItem[]): Promise<{ added: number }> {
      const now = clock();
      return db.transaction().execute(async (trx) => {
        const have = await trx.selectFrom('view_history').select(['kind', 'item_id', 'viewed_at']).where('user_id', '=', userId).execute();
        const held = new Map(have.map((r) => [`${r.kind}:${r.item_id}`, Number(r.viewed_at)]));
        let added = 0;
        for (const item of items) {
          const at = Math.min(item.at, now);
          const key = `${item.kind}:${item.id}`;
          const existing = held.get(key);
          if (existing !== undefined && existing >= at) continue;
          if (existing === undefined) added++;
          held.set(key, at);
          await trx
            .insertInto('view_history')
            .values({ user_id: userId, kind: item.kind, item_id: item.id, title: item.title, viewed_at: at })
            .onConflict((oc) => oc.columns(['user_id', 'kind', 'item_id']).doUpdateSet({ title: item.title, viewed_at: at }))
            .execute();
        }
        await trimHistory(trx, userId);
        return { added };
      });
    },

    async removeView(userId: string, kind: SavedKind, id: string): Promise<number> {
      const res = await db
        .deleteFrom('view_history')
        .where('user_id', '=', userId)
        .where('kind', '=', kind)
        .where('item_id', '=', id)
        .executeTakeFirst();
      return Number(res.numDeletedRows);
    },

    /** 清空: deletes every history row of the user. */
    async clearHistory(userId: string): Promise<number> {
      const res = await db.deleteFrom('view_history').where('user_id', '=', userId).executeTakeFirst();
      return Number(res.numDeletedRows);
    },
  };
}
export type SavedItemRepository = ReturnType<typeof savedItemRepository>;
