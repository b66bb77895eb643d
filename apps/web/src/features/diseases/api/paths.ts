import type { RouteData } from '../../../config/routes.ts';

/** The condition API's paths, owned by this feature (issue #14 §5): fetchers and route prefetch share them. */
export const DISEASE_TYPES_PATH = '/api/v8/diseases/types';
export const diseaseListPath = (type: string) => `/api/v8/diseases?type=${encodeURIComponent(type)}&size=100`;
export const diseasePath = (id: string) => `/api/v8/diseases/${encodeURIComponent(id)}`;

/** What its screens read first, by component name: started while their chunks load (issue #6, decision 031). */
export const ROUTE_DATA: RouteData = {
  DiseaseTypesScreen: () => [DISEASE_TYPES_PATH],
  DiseaseListScreen: (p) => [diseaseListPath(p.uuid ?? ''), DISEASE_TYPES_PATH],
  DiseaseDetailScreen: (p) => [diseasePath(p.id ?? '')],
};
