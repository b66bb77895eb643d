import type { CaseStatus } from '@moxa/core/cases/case-contract';

/**
 * The advisors' API paths (issue #17), owned by this feature. The search this feature uses for its
 * recommendation pickers is spelled here too: features never import each other.
 */
export const ADVISOR_CASES_PATH = '/api/v8/advisor/cases';
/** One page of the queue (issue #27 item 4): the open cases, or one status; `cursor` from the page before. */
export const advisorQueuePath = (status?: CaseStatus, cursor?: string) => {
  const q = new URLSearchParams();
  if (status) q.set('status', status);
  if (cursor) q.set('cursor', cursor);
  const query = q.toString();
  return query ? `${ADVISOR_CASES_PATH}?${query}` : ADVISOR_CASES_PATH;
};
export const advisorCasePath = (id: string) => `${ADVISOR_CASES_PATH}/${encodeURIComponent(id)}`;
export const advisorRepliesPath = (id: string) => `${advisorCasePath(id)}/replies`;
export const advisorStatusPath = (id: string) => `${advisorCasePath(id)}/status`;
export const SEARCH_PATH = '/api/v8/search';

/** Where the screens are (config/routes.ts). */
export const ADVISOR_ROUTE = '/advisor';
export const advisorCaseRoute = (id: string) => `/advisor/case/${encodeURIComponent(id)}`;
/** Issue #30: the advisor's own profile (reviewed) and 在岗. */
export const ADVISOR_PROFILE_PATH = '/api/v8/advisor/profile';
export const ADVISOR_DUTY_PATH = '/api/v8/advisor/profile/duty';
