import { aliasCodes } from '@moxa/core/acupoints/acupoint-codes';
import type { AcupointSummary } from '@moxa/core/acupoints/acupoint-contract';
import { buildSearchIndex, searchIndex, type SearchDoc, type SearchHit, type SearchIndex } from '@moxa/core/search/text-search';

export type AcupointDoc = SearchDoc & { point: AcupointSummary };
export type AcupointHit = SearchHit<AcupointDoc>;

/**
 * Search documents built exactly as the server builds them (apps/server/src/acupoints/acupoint-catalog.ts),
 * so the browser ranks like GET /api/v8/acupoints?q= does: codes with their SJ/DU/RN alias,
 * indications as keywords, common moxibustion points boosted on ties.
 */
export function toSearchDocs(points: readonly AcupointSummary[]): AcupointDoc[] {
  return points.map((p) => ({
    id: p.code,
    name: p.name,
    pinyin: p.pinyin,
    codes: aliasCodes(p.code),
    keywords: p.indications,
    boost: p.common ? 5 : 0,
    point: p,
  }));
}

export const buildAcupointIndex = (points: readonly AcupointSummary[]): SearchIndex<AcupointDoc> => buildSearchIndex(toSearchDocs(points));

/** Issue #4: as-you-type results; 50 is more than anyone scrolls through on a phone. */
export const SEARCH_LIMIT = 50;

export const searchAcupoints = (index: SearchIndex<AcupointDoc>, query: string, limit = SEARCH_LIMIT): AcupointHit[] =>
  searchIndex(index, query, limit);
