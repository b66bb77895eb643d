import type { RouteData } from '../../../config/routes.ts';

/** The notice API's paths, owned by this feature (issue #14 §5). */
export const NOTICE_TYPES_PATH = '/api/v8/notices/types';
export const noticeListPath = (type: string) => `/api/v8/notices?type=${encodeURIComponent(type)}&size=100`;
export const noticePath = (id: string) => `/api/v8/notices/${encodeURIComponent(id)}`;

export const NOTICE_ROUTE_DATA: RouteData = {
  'notice-home': () => [NOTICE_TYPES_PATH],
  'notice-list': (p) => [noticeListPath(p.type ?? ''), NOTICE_TYPES_PATH],
  'notice-detail': (p) => [noticePath(p.id ?? '')],
};
