/**
 * The guided-session API's paths, owned by this feature (issue #18).
 */
export const SESSIONS_PATH = '/api/v8/moxa/sessions';
export const sessionPath = (id: string) => `${SESSIONS_PATH}/${encodeURIComponent(id)}`;
export const IMPORT_PATH = `${SESSIONS_PATH}/import`;

/** The plan's query string from the session screen's: `disease`, `scheme`, `product` or `points`. */
export function planPath(search: string): string | null {
  const q = new URLSearchParams(search);
  for (const key of ['disease', 'scheme', 'product', 'points']) {
    const v = q.get(key);
    if (v) return `/api/v8/moxa/plan?${key}=${encodeURIComponent(v)}`;
  }
  return null;
}
