import type { RouteData } from '../../../config/routes.ts';

/** The notice API's paths, owned by this feature (issue #14 §5). */
export const NOTICE_TYPES_PATH = '/api/v8/notices/types';
export const noticeListPath = (type: string) => `/api/v8/notices?type=${encodeURIComponent(type)}&size=100`;
export const noticePath = (id: string) => `/api/v8/notices/${encodeURIComponent(id)}`;

/** What its screens read first, by component name: started while their chunks load (issue #6, decision 031). */
export const ROUTE_DATA: RouteData = {
  NoticeHomeScreen: () => [NOTICE_TYPES_PATH],
  NoticeListScreen: (p) => [noticeListPath(p.type ?? ''), NOTICE_TYPES_PATH],
  NoticeDetailScreen: (p) => [noticePath(p.id ?? '')],
};
