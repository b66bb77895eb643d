import type { RouteData } from '../../../config/routes.ts';
import { PROBLEM_READS } from '@moxa/core/http/route-data';

/** The Q&A API's paths, owned by this feature (issue #14 §5); declared in core, where the server preloads them (issue #33 item 1). */
export { PROBLEM_TOPICS_PATH, PROBLEMS_PATH, problemPath } from '@moxa/core/http/route-data';

export const ROUTE_DATA: RouteData = PROBLEM_READS;
