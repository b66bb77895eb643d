import type { RouteData } from '../../../config/routes.ts';
import { VIDEO_READS } from '@moxa/core/http/route-data';

/**
 * The video API's paths the route table prefetches, owned by this feature (issue #14 §5); the rest are
 * in queries.ts. Declared in core, where the server preloads the same reads (issue #33 item 1).
 */
export { VIDEO_HOME_PATH, videoPath } from '@moxa/core/http/route-data';

export const ROUTE_DATA: RouteData = VIDEO_READS;
