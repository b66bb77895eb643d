import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

/** Distinct queries kept; past it only queries already listed are counted, so the table cannot grow without bound. */
export const MAX_MISS_QUERIES = 5000;

/**
 * Searches that found nothing (issue #26): editors read them to add everyday names. Only the words are
 * kept, and only words: a query with a digit or an @ (a phone number, an order or an address) is
 * never stored, so nothing personal lands here (《个人信息保护法》: no more than needed).
 */
export const missKey = (q: string): string | null => {
  const key = q.trim().replace(/\s+/g, ' ').toLowerCase();
  if (!key || key.length > 20 || /[0-9０-９@＠]/.test(key)) return null;
  return key;
};

export function searchMisses(db: Db, clock: () => number) {
  return {
    async record(q: string): Promise<void> {
      const query = missKey(q);
      if (!query) return;
      const now = clock();
      const bumped = await db
        .updateTable('search_misses')
        .set({ count: sql`count + 1`, last_at: now })
        .where('query', '=', query)
        .executeTakeFirst();
      if (Number(bumped.numUpdatedRows) > 0) return;
      const { n } = await db
        .selectFrom('search_misses')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      if (Number(n) >= MAX_MISS_QUERIES) return;
      await db
        .insertInto('search_misses')
        .values({ query, count: 1, first_at: now, last_at: now })
        .onConflict((oc) => oc.column('query').doUpdateSet({ count: sql`search_misses.count + 1`, last_at: now }))
        .execute();
    },

    /** The most frequent misses first. */
    async top(limit: number) {
      const rows = await db
        .selectFrom('search_misses')
        .select(['query', 'count', 'first_at', 'last_at'])
        .orderBy('count', 'desc')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ query: r.query, count: Number(r.count), firstAt: Number(r.first_at), lastAt: Number(r.last_at) }));
    },
  };
}
export type SearchMisses = ReturnType<typeof searchMisses>;
