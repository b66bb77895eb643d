import type { RouteData } from '../../../config/routes.ts';

/** The video API's paths the route table prefetches, owned by this feature (issue #14 §5); the rest are in queries.ts. */
export const VIDEO_HOME_PATH = '/api/v8/videos/home';
export const videoPath = (id: string) => `/api/v8/videos/${encodeURIComponent(id)}`;

/** What its screens read first, by component name: started while their chunks load (issue #6, decision 031). */
export const ROUTE_DATA: RouteData = {
  VideoCenterScreen: () => [VIDEO_HOME_PATH],
  VideoDetailScreen: (p) => [videoPath(p.id ?? '')],
};
