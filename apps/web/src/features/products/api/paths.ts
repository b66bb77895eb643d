import type { RouteData } from '../../../config/routes.ts';
import { PRODUCT_READS } from '@moxa/core/http/route-data';

/**
 * The product API's paths, owned by this feature (issue #14 §5): fetchers and route prefetch share
 * them; declared in core, where the server preloads the same reads (issue #33 item 1).
 */
export { marketingPath, PRODUCT_PAGE_SIZE, PRODUCT_TYPES_PATH, productListPath, productPath } from '@moxa/core/http/route-data';

export const ROUTE_DATA: RouteData = PRODUCT_READS;
