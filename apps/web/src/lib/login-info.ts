import { LOGIN_INFO_KEY } from '@moxa/core/login/constants';
import { DEFAULT_LOGIN_INFO, isLoginInfo, type LoginInfo } from '@moxa/core/login/login-info';
import { useExternalStore } from './hydration.ts';

/**
 * Spec §3/§4: login info lives in localStorage under keyLoginInfo. Setting it saves it; setting
 * nothing stores ''. Reading restores it, or yields none.
 */
const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedValue: LoginInfo | null = null;

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export function getLoginInfo(): LoginInfo | null {
  const raw = storage()?.getItem(LOGIN_INFO_KEY) ?? null;
  if (raw === cachedRaw) return cachedValue;
  cachedRaw = raw;
  cachedValue = null;
  if (raw) {
    try {
      const parsed: unknown = JSON.parse(raw);
      cachedValue = isLoginInfo(parsed) ? parsed : null;
    } catch {
      cachedValue = null;
    }
  }
  return cachedValue;
}

export function setLoginInfo(info: LoginInfo | null): void {
  storage()?.setItem(LOGIN_INFO_KEY, info ? JSON.stringify(info) : '');
  listeners.forEach((l) => l());
}

/** Spec §4: logged in means login info holds a token. */
export const isLoggedIn = (): boolean => Boolean(getLoginInfo()?.token);

/** The login info with spec §3 defaults (name 未登录, empty id, avatar and token). */
export const loginInfoOrDefault = (): LoginInfo => getLoginInfo() ?? DEFAULT_LOGIN_INFO;

/** Calls `listener` whenever the login info changes, in this tab or another. */
export function subscribeLoginInfo(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (e: StorageEvent) => e.key === LOGIN_INFO_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

export function useLoginInfo(): LoginInfo {
  return useExternalStore(subscribeLoginInfo, loginInfoOrDefault, () => DEFAULT_LOGIN_INFO);
}
