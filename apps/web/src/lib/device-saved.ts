import { isSavedKind, MAX_FAVORITES, MAX_HISTORY, SAVED_ID, type SavedItem, type SavedKind } from '@moxa/core/mine/saved-kinds';
import { DEVICE_FAVORITES_KEY, DEVICE_HISTORY_KEY } from './device-saved-keys.ts';

/**
 * Favourites and browsing history kept on this phone while logged out (issue #18). Not per user:
 * nobody is logged in. After login they are merged into the account and removed from here
 * (mergeDeviceItems in lib/saved-items.ts), so the device never holds an account's lists. Newest first.
 */
export { DEVICE_FAVORITES_KEY, DEVICE_HISTORY_KEY };
export type DeviceListKey = typeof DEVICE_FAVORITES_KEY | typeof DEVICE_HISTORY_KEY;

const CAPS: Record<DeviceListKey, number> = { [DEVICE_FAVORITES_KEY]: MAX_FAVORITES, [DEVICE_HISTORY_KEY]: MAX_HISTORY };
const EMPTY: SavedItem[] = [];

const isItem = (v: unknown): v is SavedItem => {
  const o = v as Partial<SavedItem> | null;
  return (
    typeof o === 'object' &&
    o !== null &&
    isSavedKind(o.kind) &&
    typeof o.id === 'string' &&
    SAVED_ID.test(o.id) &&
    typeof o.title === 'string' &&
    typeof o.at === 'number' &&
    Number.isInteger(o.at) &&
    o.at >= 0
  );
};

/** A stored list; anything unreadable (edited by hand, an older format) counts as empty or is dropped. */
export function parseList(raw: string | null): SavedItem[] {
  if (!raw) return EMPTY;
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isItem) : EMPTY;
  } catch {
    return EMPTY;
  }
}

const same = (a: { kind: SavedKind; id: string }, kind: SavedKind, id: string) => a.kind === kind && a.id === id;

/** `list` without one item. */
export const withoutItem = (list: readonly SavedItem[], kind: SavedKind, id: string): SavedItem[] => list.filter((i) => !same(i, kind, id));

/** `item` put first: a repeat moves to the top (history) — the list keeps at most `cap` entries. */
export const withItemFirst = (list: readonly SavedItem[], item: SavedItem, cap: number): SavedItem[] =>
  [item, ...withoutItem(list, item.kind, item.id)].slice(0, cap);

/** Favouriting what is already kept changes nothing (its first time stays). */
export const withFavorite = (list: readonly SavedItem[], item: SavedItem): SavedItem[] =>
  list.some((i) => same(i, item.kind, item.id)) ? [...list] : withItemFirst(list, item, MAX_FAVORITES);

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();
const cache = new Map<DeviceListKey, { raw: string | null; items: SavedItem[] }>();

/** The list under `key`; the same array until it changes (a useSyncExternalStore snapshot). */
export function readDeviceList(key: DeviceListKey): SavedItem[] {
  const raw = storage()?.getItem(key) ?? null;
  const hit = cache.get(key);
  if (hit && hit.raw === raw) return hit.items;
  const items = parseList(raw);
  cache.set(key, { raw, items });
  return items;
}

export function writeDeviceList(key: DeviceListKey, items: readonly SavedItem[]): void {
  try {
    if (items.length === 0) storage()?.removeItem(key);
    else storage()?.setItem(key, JSON.stringify(items.slice(0, CAPS[key])));
  } catch {
    // Storage full or unavailable (private mode): the list stays as it was.
  }
  listeners.forEach((l) => l());
}

export const updateDeviceList = (key: DeviceListKey, update: (list: SavedItem[]) => SavedItem[]): void =>
  writeDeviceList(key, update(readDeviceList(key)));

/** Whether anything waits to be merged into an account (cheap: the app shell asks after each login). */
export const hasDeviceItems = (): boolean =>
  readDeviceList(DEVICE_FAVORITES_KEY).length > 0 || readDeviceList(DEVICE_HISTORY_KEY).length > 0;

/** Calls `listener` when a list changes, in this tab or another. */
export function subscribeDeviceLists(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => (e.key === DEVICE_FAVORITES_KEY || e.key === DEVICE_HISTORY_KEY) && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
