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

/**
 * Whether the screen being rendered will be scrolled back to a place on it (going back or forward, a
 * reload), as the app shell knows before the screen renders (app/scroll-restoration.ts). A long list
 * then renders whole at once (lib/use-revealed.ts): the place is a pixel position on the whole page.
 */
let restoring = false;
export const restoresScroll = (): boolean => restoring;
export function setRestoresScroll(value: boolean): void {
  restoring = value;
}
