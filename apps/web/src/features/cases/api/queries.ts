import { useQuery } from '@tanstack/react-query';
import type { CaseDetail, CaseSummary } from '@moxa/core/cases/case-contract';
import type { DiseaseDetail, DiseaseGroupSummary, DiseaseSummary } from '@moxa/core/diseases/disease-contract';
import type { Paged } from '@moxa/core/http/paging';
import type { PhysicalRecordSummary } from '@moxa/core/physical/physical-contract';
import type { ProductDetail } from '@moxa/core/products/product-contract';
import { apiFetch } from '../../../lib/api-client.ts';
import { useLoginInfo } from '../../../lib/login-info.ts';
import {
  CASES_PATH,
  caseClosePath,
  caseMessagesPath,
  casePath,
  DISEASE_TYPES_PATH,
  diseaseListPath,
  diseasePath,
  PHYSICAL_RECORDS_PATH,
  productPath,
} from './paths.ts';

/**
 * A user's cases are keyed by their id, so another login on the phone never sees them (the cache is
 * also cleared when the login changes). They are fetched fresh on every visit and when the user
 * comes back to the page: an advisor may have answered meanwhile.
 */
export const casesKey = (userId: string) => ['cases', userId] as const;
export const caseListKey = (userId: string) => [...casesKey(userId), 'list'] as const;
export const caseKey = (userId: string, id: string) => [...casesKey(userId), 'detail', id] as const;

export const useMyCases = () => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: caseListKey(user.id),
    queryFn: () => apiFetch<CaseSummary[]>(CASES_PATH),
    enabled: Boolean(token),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
};

export const useCase = (id: string) => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: caseKey(user.id, id),
    queryFn: () => apiFetch<CaseDetail>(casePath(id)),
    enabled: Boolean(token && id),
    staleTime: 0,
    refetchOnWindowFocus: true,
  });
};

export const postFollowUp = (id: string, body: string) => apiFetch<CaseDetail>(caseMessagesPath(id), { method: 'POST', body: { body } });
export const closeCase = (id: string) => apiFetch<CaseDetail>(caseClosePath(id), { method: 'POST' });
export const deleteCase = (id: string) => apiFetch<null>(casePath(id), { method: 'DELETE' });

/** The same key as the constitution test's record list, so both screens share one answer. */
export const usePhysicalRecords = () => {
  const { token, user } = useLoginInfo();
  return useQuery({
    queryKey: ['physical', 'records', user.id],
    queryFn: () => apiFetch<PhysicalRecordSummary[]>(PHYSICAL_RECORDS_PATH),
    enabled: Boolean(token),
    staleTime: 0,
  });
};

/** Content changes only with a deploy: the same keys and lifetimes as the 艾灸方法 screens. */
export const useDiseaseTypes = () =>
  useQuery({ queryKey: ['diseases', 'types'], queryFn: () => apiFetch<DiseaseGroupSummary[]>(DISEASE_TYPES_PATH), staleTime: Infinity });
export const useDiseaseList = (type: string) =>
  useQuery({
    queryKey: ['diseases', 'list', type],
    queryFn: () => apiFetch<Paged<DiseaseSummary>>(diseaseListPath(type)),
    enabled: Boolean(type),
    staleTime: Infinity,
  });
export const useDisease = (id: string) =>
  useQuery({
    queryKey: ['diseases', 'detail', id],
    queryFn: () => apiFetch<DiseaseDetail>(diseasePath(id)),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
export const useProduct = (id: string) =>
  useQuery({
    queryKey: ['products', 'detail', id],
    queryFn: () => apiFetch<ProductDetail>(productPath(id)),
    enabled: Boolean(id),
    staleTime: Infinity,
  });
