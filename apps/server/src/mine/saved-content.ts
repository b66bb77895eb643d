import type { SavedItem, SavedKind } from '@moxa/core/mine/saved-kinds';
import type { AcupointCatalog } from '../acupoints/acupoint-catalog.ts';
import type { ContentStore } from '../content/content-store.ts';
import { diseaseKind } from '../diseases/disease-kinds.ts';
import { noticeKind } from '../notices/notice-kinds.ts';
import { problemKind } from '../problems/problem-kinds.ts';
import { productKind } from '../products/product-kinds.ts';
import { videoKind } from '../videos/video-kinds.ts';
import type { ResolvedItem } from './saved-items.ts';

/**
 * Which content a favourite or history entry may name (issue #18): only items that exist, under their
 * canonical id, with the title the content gives (never a title the client sent).
 */
export function savedContent(store: ContentStore, acupoints: AcupointCatalog) {
  const lookup: Record<SavedKind, (id: string) => { id: string; title: string } | undefined> = {
    acupoint: (id) => {
      const p = acupoints.resolvePoint(id);
      return p && { id: p.code, title: p.name };
    },
    disease: (id) => {
      const d = store.get(diseaseKind, id);
      return d && { id: d.id, title: d.name };
    },
    notice: (id) => {
      const n = store.get(noticeKind, id);
      return n && { id: n.id, title: n.title };
    },
    problem: (id) => {
      const p = store.get(problemKind, id);
      return p && { id: p.id, title: p.question };
    },
    product: (id) => {
      const p = store.get(productKind, id);
      return p && { id: p.id, title: p.name };
    },
    video: (id) => {
      const v = store.get(videoKind, id);
      return v && { id: v.id, title: v.title };
    },
  };
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
