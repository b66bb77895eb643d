import { beforeEach, describe, expect, it } from 'vitest';
import type { SavedItem } from '@moxa/core/mine/saved-kinds';

/** A node-environment window: localStorage, an origin, and a fake server for /api/v8/me/*. */
class MemoryStorage {
  private map = new Map<string, string>();
  getItem = (k: string) => this.map.get(k) ?? null;
  setItem = (k: string, v: string) => void this.map.set(k, String(v));
  removeItem = (k: string) => void this.map.delete(k);
  clear = () => this.map.clear();
}
const storage = new MemoryStorage();
Object.assign(globalThis, {
  window: {
    localStorage: storage,
    location: { origin: 'http://phone.test', pathname: '/', search: '' },
    addEventListener() {},
    removeEventListener() {},
  },
});

type Call = { method: string; path: string; body: unknown };
const calls: Call[] = [];
let failNext = false;
globalThis.fetch = (async (url: URL, init: RequestInit) => {
  const body = init.body ? (JSON.parse(String(init.body)) as { items: { kind: string; id: string; at: number }[] }) : undefined;
  calls.push({ method: init.method ?? 'GET', path: url.pathname, body });
  if (failNext) {
    failNext = false;
    throw new TypeError('offline');
  }
  const items = (body?.items ?? []).map((i) => ({ ...i, title: `账号里的${i.id}` }));
  return new Response(JSON.stringify({ code: 0, msg: 'ok', data: { items, added: items.length, skipped: 0 } }), {
    headers: { 'content-type': 'application/json' },
  });
}) as typeof fetch;

const { setLoginInfo } = await import('./login-info.ts');
const { DEVICE_FAVORITES_KEY, DEVICE_HISTORY_KEY, readDeviceList, writeDeviceList } = await import('./device-saved.ts');
const { mergeDeviceItems, savedListQuery, setFavorite, recordView } = await import('./saved-items.ts');
const { queryClient } = await import('./query-client.ts');

const item = (id: string, at: number): SavedItem => ({ kind: 'acupoint', id, title: `名${id}`, at });
const login = { token: 'a'.repeat(43), user: { id: 'user-1', name: '用户', avatarUrl: '' } };

describe('favourites and history merged into the account after login (issue #18)', () => {
  beforeEach(() => {
    storage.clear();
    calls.length = 0;
    queryClient.clear();
  });

  it('logged out, keeps both on the phone and calls no server', async () => {
    await setFavorite({ kind: 'acupoint', id: 'ST36', title: '足三里' }, true);
    await recordView({ kind: 'disease', id: 'insomnia', title: '失眠' });
    await recordView({ kind: 'acupoint', id: 'ST36', title: '足三里' });
    expect(readDeviceList(DEVICE_FAVORITES_KEY).map((i) => i.id)).toEqual(['ST36']);
    expect(readDeviceList(DEVICE_HISTORY_KEY).map((i) => i.id)).toEqual(['ST36', 'insomnia']);
    await setFavorite({ kind: 'acupoint', id: 'ST36', title: '足三里' }, false);
    expect(readDeviceList(DEVICE_FAVORITES_KEY)).toEqual([]);
    expect(calls).toEqual([]);
  });

  it('sends kind, id and time (never titles), then clears the phone and fills the account lists', async () => {
    writeDeviceList(DEVICE_FAVORITES_KEY, [item('ST36', 2), item('LI4', 1)]);
    writeDeviceList(DEVICE_HISTORY_KEY, [item('SP6', 3)]);
    setLoginInfo(login);
    await mergeDeviceItems();
    expect(calls).toEqual([
      {
        method: 'POST',
        path: '/api/v8/me/favorites/merge',
        body: {
          items: [
            { kind: 'acupoint', id: 'ST36', at: 2 },
            { kind: 'acupoint', id: 'LI4', at: 1 },
          ],
        },
      },
      { method: 'POST', path: '/api/v8/me/history/merge', body: { items: [{ kind: 'acupoint', id: 'SP6', at: 3 }] } },
    ]);
    expect(storage.getItem(DEVICE_FAVORITES_KEY)).toBeNull();
    expect(storage.getItem(DEVICE_HISTORY_KEY)).toBeNull();
    expect(queryClient.getQueryData(savedListQuery('favorites', 'user-1').queryKey)?.map((i) => i.title)).toEqual([
      '账号里的ST36',
      '账号里的LI4',
    ]);
    // Nothing left: a second merge asks nothing.
    await mergeDeviceItems();
    expect(calls).toHaveLength(2);
    setLoginInfo(null);
  });

  it('keeps the phone’s copy when the merge fails, for the next try', async () => {
    writeDeviceList(DEVICE_FAVORITES_KEY, [item('ST36', 2)]);
    setLoginInfo(login);
    failNext = true;
    await expect(mergeDeviceItems()).rejects.toThrow('网络不给力');
    expect(readDeviceList(DEVICE_FAVORITES_KEY).map((i) => i.id)).toEqual(['ST36']);
    await mergeDeviceItems();
    expect(storage.getItem(DEVICE_FAVORITES_KEY)).toBeNull();
    setLoginInfo(null);
  });

  it('does nothing logged out', async () => {
    writeDeviceList(DEVICE_FAVORITES_KEY, [item('ST36', 2)]);
    await mergeDeviceItems();
    expect(calls).toEqual([]);
    expect(readDeviceList(DEVICE_FAVORITES_KEY)).toHaveLength(1);
  });
});
