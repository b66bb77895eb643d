import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { SearchAnswer } from '@moxa/core/search/search-contract';
import type { SearchType } from '@moxa/core/search/search-kinds';
import { apiFetch } from '../../../lib/api-client.ts';

export const SEARCH_PATH = '/api/v8/search';
const PAGE_SIZE = 20;

/** `/api/v8/search` (issue #14 §4): type=all answers grouped kinds; one kind pages on with 加载更多. */
export const useSearch = (type: SearchType, q: string) =>
  useInfiniteQuery({
    queryKey: ['search', type, q],
    queryFn: ({ pageParam, signal }) =>
      apiFetch<SearchAnswer>(SEARCH_PATH, { query: { type, q, page: pageParam, size: PAGE_SIZE }, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => {
      const g = last.type === 'all' ? undefined : last.groups[0];
      return g && last.page * last.size < g.total ? last.page + 1 : undefined;
    },
    enabled: q.trim() !== '',
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
