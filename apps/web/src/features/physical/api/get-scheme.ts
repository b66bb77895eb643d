import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConstitutionType, SchemeView } from '@moxa/core/physical/physical-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** One constitution's conditioning scheme, its points joined with their names. */
export const getScheme = (type: ConstitutionType) => apiFetch<SchemeView>(`/api/v8/physical/schemes/${type}`);
export const schemeQuery = (type: ConstitutionType) =>
  queryOptions({ queryKey: ['physical', 'scheme', type], queryFn: () => getScheme(type), staleTime: Infinity });
export const useScheme = (type: ConstitutionType | null) => useQuery({ ...schemeQuery(type ?? 'pinghe'), enabled: type !== null });
