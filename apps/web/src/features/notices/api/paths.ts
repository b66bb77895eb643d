import type { RouteData } from '../../../config/routes.ts';
import { NOTICE_READS } from '@moxa/core/http/route-data';

/** The notice API's paths, owned by this feature (issue #14 §5); declared in core, where the server preloads them (issue #33 item 1). */
export { NOTICE_TYPES_PATH, noticeListPath, noticePath } from '@moxa/core/http/route-data';

export const ROUTE_DATA: RouteData = NOTICE_READS;
