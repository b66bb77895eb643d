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

/**
 * Parts of a prerendered page hydrated in a task of their own after the rest
 * (components/hydrate-later.tsx): all wait for the same task. Null when none was deferred.
 */
let later: Promise<void> | null = null;

/** The task the deferred parts are hydrated in; asked for while the page is hydrated. */
export function laterTask(): Promise<void> {
  return (later ??= new Promise<void>((resolve) => setTimeout(resolve, 0)));
}

/** Whether the page is being hydrated (the render before endHydration). */
export function isHydrating(): boolean {
  return !hydrated;
}

/**
 * Runs `done` once every part of the page is hydrated, deferred parts included: their render runs in
 * microtasks after laterTask settles, so a task after that sees them done.
 */
export function whenFullyHydrated(done: () => void): void {
  if (!later) done();
  else void later.then(() => setTimeout(done, 0));
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
