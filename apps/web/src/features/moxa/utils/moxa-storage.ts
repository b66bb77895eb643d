import type { SessionInput } from '@moxa/core/moxa/moxa-contract';
import { userKey } from '../../../lib/user-storage.ts';
import { parseActive, type ActiveSession } from './session-clock.ts';

/**
 * What guided sessions keep on the device (issue #18):
 * - the unfinished session (`moxa:active`), saved after every step;
 * - the log of sessions made while logged out (`moxa:sessions`), offered to the account after login
 *   (asked first) and kept on the device until then;
 * - a logged-in user's sessions whose upload failed (`u:<id>:moxa:pending`, lib/user-storage.ts), sent
 *   again later, so nothing the user saved is lost; logout deletes them with the user's other keys.
 */
export const ACTIVE_KEY = 'moxa:active';
export const DEVICE_LOG_KEY = 'moxa:sessions';
/** The device keeps at most this many logged-out sessions (oldest go first). */
export const MAX_DEVICE_SESSIONS = 500;
export const pendingKey = (userId: string) => userKey(userId, 'moxa:pending');
/** How many device sessions there were when the user said 暂不 to saving them to the account. */
export const declinedKey = (userId: string) => userKey(userId, 'moxa:import-declined');

type KV = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

// Screens follow the device's lists through useSyncExternalStore (hooks/use-device-sessions.ts).
const listeners = new Set<() => void>();
export function subscribeMoxaStorage(listener: () => void): () => void {
  listeners.add(listener);
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}
/** The stored text of a list, as a snapshot that compares by value. */
export function rawList(key: string): string {
  try {
    return window.localStorage.getItem(key) ?? '';
  } catch {
    return '';
  }
}

function storage(): KV | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function readList(kv: KV | null, key: string): SessionInput[] {
  try {
    return parseList(kv?.getItem(key) ?? null);
  } catch {
    return [];
  }
}

export function parseList(raw: string | null): SessionInput[] {
  try {
    const v = JSON.parse(raw || '[]') as unknown;
    return Array.isArray(v)
      ? v.filter((s): s is SessionInput => typeof (s as SessionInput)?.clientId === 'string' && Array.isArray((s as SessionInput).points))
      : [];
  } catch {
    return [];
  }
}

function writeList(kv: KV | null, key: string, list: SessionInput[]): boolean {
  try {
    if (list.length === 0) kv?.removeItem(key);
    else kv?.setItem(key, JSON.stringify(list));
    for (const listener of listeners) listener();
    return Boolean(kv);
  } catch {
    return false;
  }
}

export function moxaStore(kv: KV | null = storage()) {
  return {
    active: (): ActiveSession | null => parseActive(kv?.getItem(ACTIVE_KEY) ?? null),
    saveActive(s: ActiveSession): void {
      try {
        kv?.setItem(ACTIVE_KEY, JSON.stringify(s));
      } catch {
        // Storage full or blocked: the session still runs on this page.
      }
    },
    clearActive: () => kv?.removeItem(ACTIVE_KEY),

    deviceLog: () => readList(kv, DEVICE_LOG_KEY),
    /** Adds (or replaces, by clientId) a session in the device log; false when it could not be stored. */
    addToDeviceLog(s: SessionInput): boolean {
      const list = [s, ...readList(kv, DEVICE_LOG_KEY).filter((x) => x.clientId !== s.clientId)];
      list.sort((a, b) => b.startedAt - a.startedAt);
      return writeList(kv, DEVICE_LOG_KEY, list.slice(0, MAX_DEVICE_SESSIONS));
    },
    removeFromDeviceLog(clientIds: readonly string[]): void {
      const gone = new Set(clientIds);
      writeList(
        kv,
        DEVICE_LOG_KEY,
        readList(kv, DEVICE_LOG_KEY).filter((x) => !gone.has(x.clientId)),
      );
    },

    pending: (userId: string) => readList(kv, pendingKey(userId)),
    addPending: (userId: string, s: SessionInput) =>
      writeList(kv, pendingKey(userId), [s, ...readList(kv, pendingKey(userId)).filter((x) => x.clientId !== s.clientId)]),
    removePending(userId: string, clientIds: readonly string[]): void {
      const gone = new Set(clientIds);
      writeList(
        kv,
        pendingKey(userId),
        readList(kv, pendingKey(userId)).filter((x) => !gone.has(x.clientId)),
      );
    },

    declinedAt: (userId: string): number => Number(kv?.getItem(declinedKey(userId)) ?? 0) || 0,
    decline(userId: string, count: number): void {
      try {
        kv?.setItem(declinedKey(userId), String(count));
        for (const listener of listeners) listener();
      } catch {
        // Asked again next time: harmless.
      }
    },
  };
}
export type MoxaStore = ReturnType<typeof moxaStore>;
