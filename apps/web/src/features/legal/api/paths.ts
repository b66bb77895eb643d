import type { RouteData } from '../../../config/routes.ts';
import { LEGAL_READS } from '@moxa/core/http/route-data';

/** 关于我们 reads the brand settings, the policy pages who runs the service: started while the chunk loads (issue #33 item 1). */
export const ROUTE_DATA: RouteData = LEGAL_READS;
