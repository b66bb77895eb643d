import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeridianSummary } from '@moxa/core/acupoints/meridian-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** The 14 meridians (issue #4). Content changes only with a deploy, so it never goes stale. */
export const getMeridians = () => apiFetch<MeridianSummary[]>('/api/v8/meridians');
export const meridiansQuery = () => queryOptions({ queryKey: ['meridians'], queryFn: getMeridians, staleTime: Infinity });
export const useMeridians = () => useQuery(meridiansQuery());
