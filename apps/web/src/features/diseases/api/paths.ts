import type { RouteData } from '../../../config/routes.ts';
import { ROUTE_READS } from '@moxa/core/http/route-data';

/**
 * The condition API's paths, owned by this feature (issue #14 §5): fetchers and route prefetch share
 * them; declared in core, where the server preloads the same reads (issue #33 item 1).
 */
export { DISEASE_TYPES_PATH, diseaseListPath, diseasePath } from '@moxa/core/http/route-data';

export const DISEASE_ROUTE_DATA: RouteData = {
  'disease-types': ROUTE_READS['disease-types'],
  'disease-list': ROUTE_READS['disease-list'],
  'disease-detail': ROUTE_READS['disease-detail'],
};
