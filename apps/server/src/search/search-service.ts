import { publicKindHref } from '@moxa/core/content/public-kinds';
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
import { publicDeclarations, type AnyContentKind, type KindSearchDoc } from '../content/content-kind.ts';
import type { ContentStore } from '../content/content-store.ts';
import { CONTENT_KINDS } from '../content/registry.ts';

/** Hits kept per kind and query: more than anyone pages through. */
const MAX_HITS = 500;

/**
 * One search over every searchable public kind (issue #14 §4), with the ranking of text-search.ts
 * (Chinese, pinyin with or without tones, initials, codes, aliases, names inside a longer phrase).
 * Under type=all the kind with the best match comes first. Which kinds, their names and where a result
 * leads come from the public kinds' table, the documents from each kind's declaration (issue #28 §1);
 * a searchable kind without a declaration refuses to start rather than answering nothing.
 */
export function searchService(store: ContentStore, kinds: readonly AnyContentKind[] = CONTENT_KINDS) {
  const declared = publicDeclarations(kinds);
  const indexes = new Map<SearchKind, SearchIndex<KindSearchDoc>>(
    SEARCH_KINDS.map((name) => {
      const kind = declared.get(name)!;
      return [name, buildSearchIndex(store.list(kind).map((item) => kind.search!(item)))];
    }),
  );

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
        href: publicKindHref(kind, h.doc.id),
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
