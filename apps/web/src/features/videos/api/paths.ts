import type { RouteData } from '../../../config/routes.ts';

/** The video API's paths the route table prefetches, owned by this feature (issue #14 §5); the rest are in queries.ts. */
export const VIDEO_HOME_PATH = '/api/v8/videos/home';
export const videoPath = (id: string) => `/api/v8/videos/${encodeURIComponent(id)}`;

export const VIDEO_ROUTE_DATA: RouteData = {
  'video-center': () => [VIDEO_HOME_PATH],
  'video-detail': (p) => [videoPath(p.id ?? '')],
};
