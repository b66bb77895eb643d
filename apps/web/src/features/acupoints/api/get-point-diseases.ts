import { useQuery } from '@tanstack/react-query';
import type { DiseaseSummary } from '@moxa/core/diseases/disease-contract';
import type { Paged } from '@moxa/core/http/paging';
import { apiFetch } from '../../../lib/api-client.ts';
import { pointDiseasesPath } from './paths.ts';

/** The conditions whose moxibustion prescriptions use this point (issue #15: acupoint ↔ condition links). */
export const usePointDiseases = (code: string) =>
  useQuery({
    queryKey: ['diseases', 'by-point', code.toUpperCase()],
    queryFn: () => apiFetch<Paged<DiseaseSummary>>(pointDiseasesPath(code)),
    staleTime: Infinity,
  });
