import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConstitutionDescription } from '@moxa/core/physical/physical-contract';
import { apiFetch } from '../../../lib/api-client.ts';

/** The nine constitutions' descriptions. */
export const getTypes = () => apiFetch<ConstitutionDescription[]>('/api/v8/physical/types');
export const typesQuery = () => queryOptions({ queryKey: ['physical', 'types'], queryFn: getTypes, staleTime: Infinity });
export const useTypes = () => useQuery(typesQuery());
