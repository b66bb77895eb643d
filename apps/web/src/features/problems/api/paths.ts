import type { RouteData } from '../../../config/routes.ts';

/** The Q&A API's paths, owned by this feature (issue #14 §5). */
export const PROBLEM_TOPICS_PATH = '/api/v8/problems/topics';
export const PROBLEMS_PATH = '/api/v8/problems?size=100';
export const problemPath = (id: string) => `/api/v8/problems/${encodeURIComponent(id)}`;

export const PROBLEM_ROUTE_DATA: RouteData = {
  problems: () => [PROBLEM_TOPICS_PATH, PROBLEMS_PATH],
  'problem-detail': (p) => [problemPath(p.id ?? '')],
};
