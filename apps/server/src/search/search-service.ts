import { internalHref, INTERNAL_LINK_ROUTES, type InternalLinkKind } from '@moxa/core/content/internal-links';
import {
  SEARCH_ALL_PER_KIND,
  SEARCH_KIND_NAMES,
  SEARCH_KINDS,
  type SearchAnswer,
  type SearchGroup,
  type SearchKind,
  type SearchQuery,
} from '@moxa/core/search/search-contract';
import { buildSearchIndex, searchIndex, type SearchIndex } from '@moxa/core/search/text-search';
import type { AnyContentKind, KindSearchDoc } from '../content/content-kind.ts';
import type { ContentStore } from '../content/content-store.ts';
import { CONTENT_KINDS } from '../content/registry.ts';

/** Hits kept per kind and query: more than anyone pages through. */
const MAX_HITS = 500;

/**
 * One search over every kind that declares search documents (issue #14 §4), with the ranking of
 * text-search.ts (Chinese, pinyin with or without tones, initials, codes, aliases, names inside a
 * longer phrase). Under type=all the kind with the best match comes first.
 */
export function searchService(store: ContentStore, kinds: readonly AnyContentKind[] = CONTENT_KINDS) {
  const indexes = new Map<SearchKind, SearchIndex<KindSearchDoc>>();
  for (const kind of kinds) {
    if (!kind.search || !(SEARCH_KINDS as readonly string[]).includes(kind.name)) continue;
    indexes.set(kind.name as SearchKind, buildSearchIndex(store.list(kind).map((item) => kind.search!(item))));
  }

  /** The best score each kind reached for the query just searched, to order the groups of type=all. */
  const best = new Map<SearchKind, number>();
  function group(kind: SearchKind, q: string, offset: number, size: number): SearchGroup {
    const index = indexes.get(kind);
    const hits = index ? searchIndex(index, q, MAX_HITS) : [];
    best.set(kind, hits[0]?.score ?? 0);
    return {
      kind,
      name: SEARCH_KIND_NAMES[kind],
      total: hits.length,
      items: hits.slice(offset, offset + size).map((h) => ({
        kind,
        id: h.doc.id,
        title: h.doc.title,
        summary: h.doc.summary,
        href: Object.hasOwn(INTERNAL_LINK_ROUTES, kind) ? internalHref({ kind: kind as InternalLinkKind, id: h.doc.id }) : '/',
        titleRanges: h.nameRanges,
        matched: h.keyword,
      })),
    };
  }

  return {
    search({ type, q, page, size }: SearchQuery): SearchAnswer {
      const groups =
        type === 'all'
          ? SEARCH_KINDS.map((kind) => group(kind, q, 0, SEARCH_ALL_PER_KIND))
              .filter((g) => g.total > 0)
              // The kind with the best match first (颈椎病 → the condition before points that mention it); ties keep the kinds' order.
              .sort((a, b) => (best.get(b.kind) ?? 0) - (best.get(a.kind) ?? 0))
          : [group(type, q, (page - 1) * size, size)];
      return { q, type, page, size, groups };
    },
  };
}
export type SearchService = ReturnType<typeof searchService>;
