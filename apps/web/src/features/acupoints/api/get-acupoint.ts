import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AcupointDetail } from '@moxa/core/acupoints/acupoint-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { acupointPath } from './paths.ts';

/** One point by code, any case (SJ5 → TE5 on the server). */
export const getAcupoint = (id: string) => apiFetch<AcupointDetail>(acupointPath(id));
export const acupointQuery = (id: string) =>
  queryOptions({ queryKey: ['acupoints', 'detail', id.toUpperCase()], queryFn: () => getAcupoint(id), staleTime: Infinity });
export const useAcupoint = (id: string) => useQuery(acupointQuery(id));
