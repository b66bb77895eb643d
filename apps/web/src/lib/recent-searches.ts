/**
 * Issue #4: the last 10 searches, newest first, kept in localStorage on this phone only. The acupoint
 * search and the site search (/search/{type}, issue #15) each keep their own list.
 */
export const RECENT_SEARCHES_KEY = 'acupointRecentSearches';
export const SITE_RECENT_SEARCHES_KEY = 'searchRecentTerms';
export const RECENT_SEARCHES_MAX = 10;

type StorageLike = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** Adds a term to the front, dropping an earlier copy (ignoring case and spaces around it). */
export function addRecent(list: readonly string[], term: string, max = RECENT_SEARCHES_MAX): string[] {
  const t = term.trim().replace(/\s+/g, ' ');
  if (!t) return [...list];
  const key = t.toLowerCase();
  return [t, ...list.filter((x) => x.toLowerCase() !== key)].slice(0, max);
}

/** Reads the list; anything unreadable (private mode, another app's value, bad JSON) reads as empty. */
export function readRecent(storage: StorageLike | null, key = RECENT_SEARCHES_KEY): string[] {
  try {
    const raw = storage?.getItem(key);
    if (!raw) return [];
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value)) return [];
    return value.filter((x): x is string => typeof x === 'string' && x.trim() !== '').slice(0, RECENT_SEARCHES_MAX);
  } catch {
    return [];
  }
}

/** Saves the list; an empty list removes the key. A full or blocked storage is ignored (history is a convenience). */
export function writeRecent(storage: StorageLike | null, list: readonly string[], key = RECENT_SEARCHES_KEY): void {
  try {
    if (list.length === 0) storage?.removeItem(key);
    else storage?.setItem(key, JSON.stringify(list.slice(0, RECENT_SEARCHES_MAX)));
  } catch {
    // Quota exceeded or storage disabled (some WeChat/Safari private modes): keep working without history.
  }
}
