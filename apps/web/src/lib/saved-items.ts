import { useEffect } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_HISTORY, type SavedItem, type SavedKind } from '@moxa/core/mine/saved-kinds';
import type { MergeResult } from '@moxa/core/mine/mine-contract';
import { apiFetch } from './api-client.ts';
import { hasDeviceItems } from './device-saved-keys.ts';
import {
  DEVICE_FAVORITES_KEY,
  DEVICE_HISTORY_KEY,
  readDeviceList,
  subscribeDeviceLists,
  updateDeviceList,
  withFavorite,
  withItemFirst,
  withoutItem,
  writeDeviceList,
  type DeviceListKey,
} from './device-saved.ts';
import { getLoginInfo, isLoggedIn, useLoginInfo } from './login-info.ts';
import { queryClient } from './query-client.ts';
import { useExternalStore } from './hydration.ts';

/**
 * Favourites and browsing history (issue #18), one API for every screen: logged in they are the
 * account's (server, cached by TanStack Query); logged out they are this phone's (lib/device-saved.ts).
 */
export type SavedList = 'favorites' | 'history';
export type KeptItem = { kind: SavedKind; id: string; title: string };

const DEVICE_KEY: Record<SavedList, DeviceListKey> = { favorites: DEVICE_FAVORITES_KEY, history: DEVICE_HISTORY_KEY };
const path = (list: SavedList, kind?: SavedKind, id?: string) =>
  `/api/v8/me/${list}${kind && id ? `/${kind}/${encodeURIComponent(id)}` : ''}`;

export const savedListQuery = (list: SavedList, userId: string) =>
  queryOptions({ queryKey: ['mine', list, userId], queryFn: () => apiFetch<SavedItem[]>(path(list)), staleTime: 60_000 });

const setAccountList = (list: SavedList, update: (items: SavedItem[]) => SavedItem[]) => {
  const userId = getLoginInfo()?.user.id ?? '';
  queryClient.setQueryData(savedListQuery(list, userId).queryKey, (old) => (old ? update(old) : old));
};

const noop = () => undefined;

/** The list as a query-like state for QueryState: the account's, or this phone's (always loaded). */
export function useSavedList(list: SavedList) {
  const info = useLoginInfo();
  const device = useExternalStore(
    subscribeDeviceLists,
    () => readDeviceList(DEVICE_KEY[list]),
    () => readDeviceList(DEVICE_KEY[list]),
  );
  const account = useQuery({ ...savedListQuery(list, info.user.id), enabled: Boolean(info.token) });
  // A merge that failed after login (offline, another tab's login) is tried again where the lists show.
  useEffect(() => {
    if (info.token && hasDeviceItems()) mergeDeviceItems().catch(() => undefined);
  }, [info.token]);
  if (!info.token) return { data: device, isError: false, error: null as unknown, refetch: noop, onAccount: false };
  return { data: account.data, isError: account.isError, error: account.error, refetch: account.refetch, onAccount: true };
}

export async function setFavorite(item: KeptItem, on: boolean): Promise<void> {
  if (!isLoggedIn()) {
    updateDeviceList(DEVICE_FAVORITES_KEY, (l) => (on ? withFavorite(l, { ...item, at: Date.now() }) : withoutItem(l, item.kind, item.id)));
    return;
  }
  if (on) {
    const saved = await apiFetch<SavedItem>(path('favorites', item.kind, item.id), { method: 'PUT' });
    setAccountList('favorites', (l) => withFavorite(l, saved));
  } else {
    await apiFetch(path('favorites', item.kind, item.id), { method: 'DELETE' });
    setAccountList('favorites', (l) => withoutItem(l, item.kind, item.id));
  }
}

/** Records a view of a detail page; failures are silent (history is a convenience, never in the way). */
export async function recordView(item: KeptItem): Promise<void> {
  if (!isLoggedIn()) {
    updateDeviceList(DEVICE_HISTORY_KEY, (l) => withItemFirst(l, { ...item, at: Date.now() }, MAX_HISTORY));
    return;
  }
  try {
    const saved = await apiFetch<SavedItem>(path('history', item.kind, item.id), { method: 'PUT', quietUnauthorized: true });
    setAccountList('history', (l) => withItemFirst(l, saved, MAX_HISTORY));
  } catch {
    // Offline or logged out meanwhile: this view is simply not recorded.
  }
}

export async function removeView(kind: SavedKind, id: string): Promise<void> {
  if (!isLoggedIn()) return updateDeviceList(DEVICE_HISTORY_KEY, (l) => withoutItem(l, kind, id));
  await apiFetch(path('history', kind, id), { method: 'DELETE' });
  setAccountList('history', (l) => withoutItem(l, kind, id));
}

export async function clearHistory(): Promise<void> {
  if (!isLoggedIn()) return writeDeviceList(DEVICE_HISTORY_KEY, []);
  await apiFetch(path('history'), { method: 'DELETE' });
  setAccountList('history', () => []);
}

let merging: Promise<void> | null = null;

/**
 * After login, this phone's lists go into the account (issue #18 "merged into the account after
 * login") and are then removed from the phone. The server adds each item once, so a merge repeated
 * after a dropped answer changes nothing. A failed merge keeps the phone's copy for the next try.
 */
export function mergeDeviceItems(): Promise<void> {
  // Cleared in a later microtask: with nothing to send the run ends at once, before `??=` assigns.
  merging ??= mergeOnce().finally(() => {
    merging = null;
  });
  return merging;
}

async function mergeOnce(): Promise<void> {
  for (const list of ['favorites', 'history'] as const) {
    const items = readDeviceList(DEVICE_KEY[list]);
    if (!isLoggedIn() || items.length === 0) continue;
    const userId = getLoginInfo()!.user.id;
    const res = await apiFetch<MergeResult>(`${path(list)}/merge`, {
      method: 'POST',
      body: { items: items.map(({ kind, id, at }) => ({ kind, id, at })) },
    });
    if (getLoginInfo()?.user.id !== userId) return;
    // Only what was sent goes: an item kept on the phone meanwhile waits for the next merge.
    const sent = new Set(items.map((i) => `${i.kind}:${i.id}`));
    updateDeviceList(DEVICE_KEY[list], (l) => l.filter((i) => !sent.has(`${i.kind}:${i.id}`)));
    queryClient.setQueryData(savedListQuery(list, userId).queryKey, res.items);
  }
}
