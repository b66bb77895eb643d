import type { RouteData } from '../../../config/routes.ts';

/** The condition API's paths, owned by this feature (issue #14 §5): fetchers and route prefetch share them. */
export const DISEASE_TYPES_PATH = '/api/v8/diseases/types';
export const diseaseListPath = (type: string) => `/api/v8/diseases?type=${encodeURIComponent(type)}&size=100`;
export const diseasePath = (id: string) => `/api/v8/diseases/${encodeURIComponent(id)}`;

export const DISEASE_ROUTE_DATA: RouteData = {
  'disease-types': () => [DISEASE_TYPES_PATH],
  'disease-list': (p) => [diseaseListPath(p.uuid ?? ''), DISEASE_TYPES_PATH],
  'disease-detail': (p) => [diseasePath(p.id ?? '')],
};
