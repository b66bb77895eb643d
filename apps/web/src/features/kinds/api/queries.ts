import { useQuery } from '@tanstack/react-query';
import { simpleKindListPath, simpleKindPath, type SimpleKindDetail, type SimpleKindSummary } from '@moxa/core/content/simple-kind-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** The generic API of simple kinds (issue #28 item 4; server routes/simple-kind-routes.ts). */
export const useSimpleKindList = (kind: string) =>
  useQuery({
    queryKey: ['kinds', kind, 'list'],
    queryFn: () => apiFetch<SimpleKindSummary[]>(simpleKindListPath(kind)),
    staleTime: Infinity,
  });
export const useSimpleKindItem = (kind: string, id: string) =>
  useQuery({
    queryKey: ['kinds', kind, 'detail', id],
    queryFn: () => apiFetch<SimpleKindDetail>(simpleKindPath(kind, id)),
    staleTime: Infinity,
  });
