/**
 * Route data fetched in parallel with the screen's chunk (issue #6): a route's loader starts the
 * public GETs its screen will make; apiFetch takes the response instead of asking again. Only public
 * content reads are prefetched (no Authorization header is involved). A prefetch nobody takes within
 * 30 s (the screen had the data cached) is dropped.
 */
const MAX_AGE_MS = 30_000;
const pending = new Map<string, { request: Promise<Response>; at: number }>();

export function prefetch(path: string): void {
  // A preview (issue #29) asks through apiFetch, with its token.
  if (previewToken) return;
  const now = Date.now();
  for (const [key, entry] of pending) if (now - entry.at > MAX_AGE_MS) pending.delete(key);
  if (pending.has(path)) return;
  const request = fetch(path, { headers: { Accept: 'application/json' } });
  request.catch(() => pending.delete(path));
  pending.set(path, { request, at: now });
}

/** The prefetched response for this path and query, once, if it is fresh. */
export function takePrefetched(pathAndQuery: string): Promise<Response> | undefined {
  const entry = pending.get(pathAndQuery);
  pending.delete(pathAndQuery);
  return entry && Date.now() - entry.at <= MAX_AGE_MS ? entry.request : undefined;
}

/**
 * Issue #29: the console previews a draft in this H5, framed at `?preview=<token>`. The token is kept
 * for the tab (sessionStorage: in-app navigations drop the query) and sent on every API call, whose
 * answers then come from the draft and are never stored (decision 039).
 */
let token: string | null = null;
try {
  token = new URLSearchParams(location.search).get('preview');
  if (token) sessionStorage.setItem('moxa-preview', token);
  else token = sessionStorage.getItem('moxa-preview');
} catch {
  // No storage (private mode): the query alone.
}
/** In this module (not one of its own): api-client.ts imports it already, so no chunk is added (issue #33 budgets). */
export const previewToken = token;
