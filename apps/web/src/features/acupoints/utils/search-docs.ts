import { acupointSearchDoc } from '@moxa/core/acupoints/acupoint-search';
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
  return points.map(acupointSearchDoc);
}

export const buildAcupointIndex = (points: readonly AcupointSummary[]): SearchIndex<AcupointDoc> => buildSearchIndex(toSearchDocs(points));

/** Issue #4: as-you-type results; 50 is more than anyone scrolls through on a phone. */
export const SEARCH_LIMIT = 50;

export const searchAcupoints = (index: SearchIndex<AcupointDoc>, query: string, limit = SEARCH_LIMIT): AcupointHit[] =>
  searchIndex(index, query, limit);
