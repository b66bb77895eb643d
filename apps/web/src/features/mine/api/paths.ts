import type { RouteData } from '../../../config/routes.ts';
import { MINE_READS } from '@moxa/core/http/route-data';

/** 我的 ends with the brand's footer, the one public read it makes signed out: started while the chunk loads (issue #33 item 1). */
export const ROUTE_DATA: RouteData = MINE_READS;
