import type { RouteData } from '../../../config/routes.ts';
import { DISEASE_READS } from '@moxa/core/http/route-data';

/**
 * The condition API's paths, owned by this feature (issue #14 §5): fetchers and route prefetch share
 * them; declared in core, where the server preloads the same reads (issue #33 item 1).
 */
export { DISEASE_TYPES_PATH, diseaseListPath, diseasePath } from '@moxa/core/http/route-data';

export const ROUTE_DATA: RouteData = DISEASE_READS;
