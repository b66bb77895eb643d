import { afterEach, describe, expect, it } from 'vitest';
import { MAX_HISTORY, type SavedItem } from '@moxa/core/mine/saved-kinds';
import {
  DEVICE_FAVORITES_KEY,
  DEVICE_HISTORY_KEY,
  parseList,
  readDeviceList,
  updateDeviceList,
  withFavorite,
  withItemFirst,
  withoutItem,
  writeDeviceList,
} from './device-saved.ts';
import { hasDeviceItems } from './device-saved-keys.ts';

const item = (id: string, at = 1, kind: SavedItem['kind'] = 'acupoint'): SavedItem => ({ kind, id, title: `名${id}`, at });

/** A Map-backed localStorage, as the web tests have no DOM. */
function fakeStorage() {
  const m = new Map<string, string>();
  return {
    getItem: (k: string) => m.get(k) ?? null,
    setItem: (k: string, v: string) => void m.set(k, String(v)),
    removeItem: (k: string) => void m.delete(k),
    clear: () => m.clear(),
    key: (i: number) => [...m.keys()][i] ?? null,
    get length() {
      return m.size;
    },
  };
}
const g = globalThis as unknown as { window?: unknown };
afterEach(() => {
  delete g.window;
});
const withWindow = () => {
  const localStorage = fakeStorage();
  g.window = { localStorage, addEventListener: () => undefined, removeEventListener: () => undefined };
  return localStorage;
};

describe('favourites and history kept on the phone (issue #18)', () => {
  it('moves a repeat view to the top and keeps the newest MAX_HISTORY', () => {
    let list: SavedItem[] = [];
    for (let i = 0; i < MAX_HISTORY + 10; i++) list = withItemFirst(list, item(`P${i}`, i), MAX_HISTORY);
    expect(list).toHaveLength(MAX_HISTORY);
    expect(list[0]!.id).toBe(`P${MAX_HISTORY + 9}`);
    list = withItemFirst(list, item('P50', 999), MAX_HISTORY);
    expect(list[0]).toEqual(item('P50', 999));
    expect(list.filter((i) => i.id === 'P50')).toHaveLength(1);
  });

  it('favourites once (the first time stays), tells kinds apart, removes one', () => {
    let list = withFavorite([], item('ST36', 1));
    list = withFavorite(list, item('ST36', 5));
    list = withFavorite(list, item('ST36', 6, 'video'));
    expect(list).toEqual([item('ST36', 6, 'video'), item('ST36', 1)]);
    expect(withoutItem(list, 'acupoint', 'ST36')).toEqual([item('ST36', 6, 'video')]);
  });

  it('reads only well-formed entries from storage', () => {
    expect(parseList(null)).toEqual([]);
    expect(parseList('not json')).toEqual([]);
    expect(parseList('{"a":1}')).toEqual([]);
    expect(
      parseList(
        JSON.stringify([
          item('ST36'),
          { kind: 'recipe', id: 'x', title: 't', at: 1 },
          { kind: 'acupoint', id: '../x', title: 't', at: 1 },
          null,
        ]),
      ),
    ).toEqual([item('ST36')]);
  });

  it('stores under its keys, answers the same array until it changes, and removes an emptied key', () => {
    const storage = withWindow();
    expect(hasDeviceItems()).toBe(false);
    updateDeviceList(DEVICE_FAVORITES_KEY, (l) => withFavorite(l, item('ST36')));
    const first = readDeviceList(DEVICE_FAVORITES_KEY);
    expect(readDeviceList(DEVICE_FAVORITES_KEY)).toBe(first);
    expect(JSON.parse(storage.getItem(DEVICE_FAVORITES_KEY)!)).toEqual([item('ST36')]);
    expect(hasDeviceItems()).toBe(true);
    updateDeviceList(DEVICE_HISTORY_KEY, (l) => withItemFirst(l, item('LI4'), MAX_HISTORY));
    writeDeviceList(DEVICE_FAVORITES_KEY, []);
    expect(storage.getItem(DEVICE_FAVORITES_KEY)).toBeNull();
    expect(hasDeviceItems()).toBe(true);
    writeDeviceList(DEVICE_HISTORY_KEY, []);
    expect(hasDeviceItems()).toBe(false);
  });
});
