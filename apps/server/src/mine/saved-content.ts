import { SAVED_KINDS, type SavedItem, type SavedKind } from '@moxa/core/mine/saved-kinds';
import { publicDeclarations, type AnyContentKind } from '../content/content-kind.ts';
import type { ContentStore } from '../content/content-store.ts';
import { CONTENT_KINDS } from '../content/registry.ts';
import type { ResolvedItem } from './saved-items.ts';

/**
 * Which content a favourite or history entry may name (issue #18): only items that exist, under their
 * canonical id, with the title the content gives (never a title the client sent). Generic over the
 * savable public kinds: each kind's declaration gives its title and canonical id (issue #28 §1), and a
 * savable kind without a declaration refuses to start.
 *
 * `_acupoints` is no longer read (acupoint codes resolve through their declaration's `canonicalId`);
 * app.ts still passes the catalog until its route registry (issue #28 §3) drops the argument.
 */
export function savedContent(store: ContentStore, _acupoints?: unknown, kinds: readonly AnyContentKind[] = CONTENT_KINDS) {
  const declared = publicDeclarations(kinds);
  const lookup = Object.fromEntries(
    SAVED_KINDS.map((name) => {
      const kind = declared.get(name)!;
      const find = (id: string): { id: string; title: string } | undefined => {
        const key = kind.public.canonicalId?.(id) ?? id;
        const data: unknown = store.get(kind, key);
        return data === undefined ? undefined : { id: key, title: kind.public.title(data) };
      };
      return [name, find];
    }),
  ) as Record<SavedKind, (id: string) => { id: string; title: string } | undefined>;
  return {
    resolve(kind: SavedKind, id: string): ResolvedItem | undefined {
      const found = lookup[kind](id);
      return found && { kind, ...found };
    },
    /** Today's title where the content still exists, else the snapshot kept with the entry. */
    refresh(item: SavedItem): SavedItem {
      return { ...item, title: lookup[item.kind](item.id)?.title ?? item.title };
    },
  };
}
export type SavedContent = ReturnType<typeof savedContent>;
