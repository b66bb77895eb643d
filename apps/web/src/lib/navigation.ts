/**
 * The app registers its router's navigate here at start-up, so shared code (the API client's 401
 * handling, the login check) can navigate without importing the app layer (design §7 one-way imports).
 */
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void;
let navigateImpl: Navigate = (to) => window.location.assign(to);

export function setNavigator(fn: Navigate): void {
  navigateImpl = fn;
}
export const navigate: Navigate = (to, opts) => navigateImpl(to, opts);

/** Where the user is now (path + query), to come back to after logging in. */
export const currentPath = (): string => window.location.pathname + window.location.search;

/**
 * Navigation state for in-page changes (a filter, a typed query) that keep the reading position; any
 * other new navigation starts at the top (app/scroll-restoration.ts).
 */
export const KEEP_SCROLL_STATE = { keepScroll: true } as const;
