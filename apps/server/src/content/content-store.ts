import type { Db } from '../db/database.ts';
import type { ContentKind } from './content-kind.ts';

/**
 * The loaded content, read once from `content_items` when the app starts (content changes only with a
 * deploy), so every content read is a map lookup (issue #4 p95, issue #14 §1). Typed by the kind
 * declaration: `store.list(diseaseKind)` is `DiseaseRecord[]`.
 */
export async function loadContentStore(db: Db) {
  const rows = await db
    .selectFrom('content_items')
    .select(['kind', 'id', 'data'])
    .orderBy('kind')
    .orderBy('position')
    .orderBy('id')
    .execute();
  const byKind = new Map<string, Map<string, unknown>>();
  for (const row of rows) {
    let items = byKind.get(row.kind);
    if (!items) byKind.set(row.kind, (items = new Map()));
    items.set(row.id, JSON.parse(row.data));
  }
  return {
    list<T>(kind: ContentKind<T>): T[] {
      return [...(byKind.get(kind.name)?.values() ?? [])] as T[];
    },
    get<T>(kind: ContentKind<T>, id: string): T | undefined {
      return byKind.get(kind.name)?.get(id) as T | undefined;
    },
  };
}
export type ContentStore = Awaited<ReturnType<typeof loadContentStore>>;
