import { useSyncExternalStore } from 'react';

// Decision 044: Preact's useSyncExternalStore ignores the server snapshot, and its hydration keeps
// the prerendered attributes, so a store whose client value differs from the prerendered one (长辈版
// on `/`, aria-checked) would stay wrong on the page. So the app says itself when hydration runs.
let hydrated = true;
const listeners = new Set<() => void>();
const subscribeHydration = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};
const isHydrated = () => hydrated;

/** Called right before the prerendered markup is hydrated (app/mount.tsx). */
export function startHydration(): void {
  hydrated = false;
}

/** Called once the hydrating render is committed: stores switch to their client values. */
export function endHydration(): void {
  if (hydrated) return;
  hydrated = true;
  for (const listener of listeners) listener();
}

/**
 * useSyncExternalStore that renders the server snapshot while the prerendered markup is hydrated and
 * the client snapshot from the render right after, on React (which does so itself) and on Preact
 * alike. Every store the app reads goes through it.
 */
export function useExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T, getServerSnapshot: () => T): T {
  const live = useSyncExternalStore(subscribeHydration, isHydrated, () => false);
  return useSyncExternalStore(subscribe, live ? getSnapshot : getServerSnapshot, getServerSnapshot);
}
