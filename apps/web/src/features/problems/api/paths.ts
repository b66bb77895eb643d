import type { RouteData } from '../../../config/routes.ts';

/** The Q&A API's paths, owned by this feature (issue #14 §5). */
export const PROBLEM_TOPICS_PATH = '/api/v8/problems/topics';
export const PROBLEMS_PATH = '/api/v8/problems?size=100';
export const problemPath = (id: string) => `/api/v8/problems/${encodeURIComponent(id)}`;

/** What its screens read first, by component name: started while their chunks load (issue #6, decision 031). */
export const ROUTE_DATA: RouteData = {
  ProblemsScreen: () => [PROBLEM_TOPICS_PATH, PROBLEMS_PATH],
  ProblemDetailScreen: (p) => [problemPath(p.id ?? '')],
};
