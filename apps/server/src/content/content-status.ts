import type { Db } from '../db/database.ts';

/** How the loaded content stands, for staff (issue #14 §6; §7: queries live in repositories, not in routes). */
export function contentStatusRepository(db: Db) {
  return {
    /** Rows per kind in `content_items`, and when the current content was loaded (null before the first load). */
    async status(): Promise<{ loadedAt: number | null; counts: Map<string, number> }> {
      const rows = await db
        .selectFrom('content_items')
        .select(['kind', (eb) => eb.fn.countAll<number | string>().as('count')])
        .groupBy('kind')
        .execute();
      const meta = await db.selectFrom('content_meta').select('loaded_at').where('kind', '=', 'all').executeTakeFirst();
      return { loadedAt: meta ? Number(meta.loaded_at) : null, counts: new Map(rows.map((r) => [r.kind, Number(r.count)])) };
    },
  };
}
export type ContentStatusRepository = ReturnType<typeof contentStatusRepository>;
