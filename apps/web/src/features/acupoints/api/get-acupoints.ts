import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcupointSummary, Region } from '@moxa/core/acupoints/acupoint-contract';
import { apiFetch } from '../../../lib/api-client.ts';

export type AcupointFilter = { meridian?: string; region?: Region; common?: boolean };

/**
 * Acupoint summaries. With no filter it is the whole set (409 points, ~15 KB gzip), which the
 * search screen fetches once and searches in the browser (issue #4).
 */
export const getAcupoints = (filter: AcupointFilter = {}) =>
  apiFetch<AcupointSummary[]>('/api/v8/acupoints', {
    query: { meridian: filter.meridian, region: filter.region, common: filter.common ? 1 : undefined },
  });
export const acupointsQuery = (filter: AcupointFilter = {}) =>
  queryOptions({
    queryKey: ['acupoints', { meridian: filter.meridian ?? null, region: filter.region ?? null, common: Boolean(filter.common) }],
    queryFn: () => getAcupoints(filter),
    staleTime: Infinity,
  });
export const useAcupoints = (filter: AcupointFilter = {}, enabled = true) => useQuery({ ...acupointsQuery(filter), enabled });
