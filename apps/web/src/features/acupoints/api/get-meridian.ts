import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeridianDetail } from '@moxa/core/acupoints/meridian-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { meridianPath } from './paths.ts';

/** One meridian with its points in order and their chart marks (LU…CV; SJ/DU/RN accepted). */
export const getMeridian = (id: string) => apiFetch<MeridianDetail>(meridianPath(id));
export const meridianQuery = (id: string) =>
  queryOptions({ queryKey: ['meridians', id.toUpperCase()], queryFn: () => getMeridian(id), staleTime: Infinity });
export const useMeridian = (id: string) => useQuery(meridianQuery(id));
