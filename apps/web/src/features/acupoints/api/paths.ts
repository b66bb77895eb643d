import type { RouteData } from '../../../config/routes.ts';
import { ACUPOINT_READS } from '@moxa/core/http/route-data';

/**
 * The acupoint API's paths, owned by this feature: its fetchers use them, and the app shell starts
 * the reads of the screens below while their chunks load (issue #14 §5). The paths and reads are
 * declared once in core, where the server finds them too (issue #33 item 1: it preloads them).
 */
export { acupointPath, meridianPath, pointDiseasesPath } from '@moxa/core/http/route-data';

export const ROUTE_DATA: RouteData = ACUPOINT_READS;
