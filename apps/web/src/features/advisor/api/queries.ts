import { keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { AdvisorCaseDetail, AdvisorQueuePage, AdvisorReply, CaseStatus } from '@moxa/core/cases/case-contract';
import type { SearchAnswer } from '@moxa/core/search/search-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import type { PickKind } from '../utils/reply.ts';
import { advisorCasePath, advisorQueuePath, advisorRepliesPath, advisorStatusPath, SEARCH_PATH } from './paths.ts';

/**
 * The advisors' reads (issue #17), keyed by the advisor's id so another login on the phone never
 * sees them. Cases change while the advisor looks: they are fetched fresh on every visit, when the
 * advisor comes back to the page, and the queue once a minute besides.
 */
export const advisorKey = (userId: string) => ['advisor', userId] as const;
export const queueKey = (userId: string, status?: CaseStatus) => [...advisorKey(userId), 'queue', status ?? 'all'] as const;
export const advisorCaseKey = (userId: string, id: string) => [...advisorKey(userId), 'case', id] as const;

/**
 * The queue, page by page (issue #27 item 4): each page carries the cursor of the next. A refresh
 * fetches the loaded pages again in order, each from the cursor of the page just fetched.
 */
export const useAdvisorQueue = (status?: CaseStatus) => {
  const { token, user } = useLoginInfo();
  return useInfiniteQuery({
    queryKey: queueKey(user.id, status),
    queryFn: ({ pageParam }) => apiFetch<AdvisorQueuePage>(advisorQueuePath(status, pageParam)),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
};

export const useAdvisorCase = (id: string) => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: advisorCaseKey(user.id, id),
    queryFn: () => apiFetch<AdvisorCaseDetail>(advisorCasePath(id)),
    enabled: Boolean(token && id),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
};

export const postReply = (id: string, body: AdvisorReply) => apiFetch<AdvisorCaseDetail>(advisorRepliesPath(id), { method: 'POST', body });
export const postStatus = (id: string, status: 'processing' | 'closed') =>
  apiFetch<AdvisorCaseDetail>(advisorStatusPath(id), { method: 'POST', body: { status } });

/** Search-as-you-type for the recommendation pickers: one kind, the first results. Content is public. */
export const usePickSearch = (kind: PickKind, q: string) =>
  useQuery({
    queryKey: ['advisor', 'pick-search', kind, q],
    queryFn: ({ signal }) => apiFetch<SearchAnswer>(SEARCH_PATH, { query: { type: kind, q, size: 8 }, signal }),
    enabled: q.trim() !== '',
    staleTime: Infinity,
    placeholderData: keepPreviousData,
  });
