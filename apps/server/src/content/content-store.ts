import type { Db } from '../db/database.ts';
import type { ContentItem, ContentKind } from './content-kind.ts';

/** Items by kind name, then by id, in the kind's order (position, then id). */
type ByKind = Map<string, Map<string, unknown>>;

/**
 * The loaded content, read from `content_items` when the app starts and again whenever a publish
 * changes it (issue #29, decision 039: content/content-events.ts), so every content read is a map
 * lookup (issue #4 p95, issue #14 §1). Typed by the kind declaration: `store.list(diseaseKind)` is
 * `DiseaseRecord[]`. `hash` is the `content_meta` ('all') hash the items were read under (null for a
 * preview's compiled overlay, or before any content was loaded).
 */
export function contentStore(byKind: ByKind, hash: string | null) {
  return {
    hash,
    list<T>(kind: ContentKind<T>): T[] {
      return [...(byKind.get(kind.name)?.values() ?? [])] as T[];
    },
    get<T>(kind: ContentKind<T>, id: string): T | undefined {
      return byKind.get(kind.name)?.get(id) as T | undefined;
    },
  };
}
export type ContentStore = ReturnType<typeof contentStore>;

export async function loadContentStore(db: Db): Promise<ContentStore> {
  // The hash is read before the items: a publish landing in between leaves an older hash with newer
  // items, which the next check (content-events.ts) reloads again, never newer hash with older items.
  const meta = await db.selectFrom('content_meta').select('hash').where('kind', '=', 'all').executeTakeFirst();
  const rows = await db
    .selectFrom('content_items')
    .select(['kind', 'id', 'data'])
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byKind: ByKind = new Map();
  for (const row of rows) {
    let items = byKind.get(row.kind);
    if (!items) byKind.set(row.kind, (items = new Map()));
    items.set(row.id, JSON.parse(row.data));
  }
  return contentStore(byKind, meta?.hash ?? null);
}

/** A store over compiled content (a preview's draft tree, issue #29), ordered as `content_items` is read. */
export function compiledContentStore(compiled: ReadonlyMap<string, readonly ContentItem<unknown>[]>): ContentStore {
  const byKind: ByKind = new Map();
  for (const [kind, items] of compiled) {
    const sorted = [...items].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    // Through JSON as the database copy is, so a preview serves exactly what a publish would.
    byKind.set(kind, new Map(sorted.map((it) => [it.id, JSON.parse(JSON.stringify(it.data)) as unknown])));
  }
  return contentStore(byKind, null);
}
