import type { RouteData } from '../../../config/routes.ts';
import { CHARTS_PATH } from '../../../lib/charts-path.ts';

/**
 * The acupoint API's paths, owned by this feature: its fetchers use them, and the app shell starts
 * the reads of the screens below while their chunks load (issue #14 §5). No imports beyond the route
 * table's types, so the entry chunk stays free of the query library.
 */
export const acupointPath = (id: string) => `/api/v8/acupoints/${encodeURIComponent(id)}`;
export const meridianPath = (id: string) => `/api/v8/meridians/${encodeURIComponent(id)}`;
export const pointDiseasesPath = (code: string) => `/api/v8/diseases?acupoint=${encodeURIComponent(code)}&size=100`;

/** What its screens read first, by component name: started while their chunks load (issue #6, decision 031). */
export const ROUTE_DATA: RouteData = {
  AcupointDetailScreen: (p) => [acupointPath(p.id ?? ''), CHARTS_PATH, pointDiseasesPath(p.id ?? '')],
  MeridianDetailScreen: (p) => [meridianPath(p.id ?? ''), CHARTS_PATH],
};
