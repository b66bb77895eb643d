import { useMemo } from 'react';
import { useAcupoints } from '../api/get-acupoints.ts';
import { buildAcupointIndex, searchAcupoints } from '../utils/search-docs.ts';

/**
 * Issue #4: search runs in the browser over the full list (fetched once, never stale) with the
 * ranking shared with the server, so results appear as the user types, even on a slow network.
 */
export function useAcupointSearch(query: string) {
  const list = useAcupoints();
  // The index is built when there is something to search: opening the screen stays light (TBT, issue #6).
  const needed = query.trim() !== '';
  const index = useMemo(() => (list.data && needed ? buildAcupointIndex(list.data) : null), [list.data, needed]);
  const hits = useMemo(() => (index ? searchAcupoints(index, query) : []), [index, query]);
  return { list, hits, ready: index !== null };
}
