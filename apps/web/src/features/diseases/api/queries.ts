import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiseaseDetail, DiseaseGroupSummary, DiseaseSummary } from '@moxa/core/diseases/disease-contract';
import type { Paged } from '@moxa/core/http/paging';
import { apiFetch } from '../../../lib/api-client.ts';
import { DISEASE_TYPES_PATH, diseaseListPath, diseasePath } from './paths.ts';

/** Content changes only with a deploy: answers stay fresh for the session. */
export const useDiseaseTypes = () =>
  useQuery(
    queryOptions({
      queryKey: ['diseases', 'types'],
      queryFn: () => apiFetch<DiseaseGroupSummary[]>(DISEASE_TYPES_PATH),
      staleTime: Infinity,
    }),
  );
export const useDiseaseList = (type: string) =>
  useQuery({
    queryKey: ['diseases', 'list', type],
    queryFn: () => apiFetch<Paged<DiseaseSummary>>(diseaseListPath(type)),
    staleTime: Infinity,
  });
export const useDisease = (id: string) =>
  useQuery({ queryKey: ['diseases', 'detail', id], queryFn: () => apiFetch<DiseaseDetail>(diseasePath(id)), staleTime: Infinity });
