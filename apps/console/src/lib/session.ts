import { useSyncExternalStore } from 'react';

/**
 * Whether the console needs a fresh login (issue #29: a fresh SMS code every 12 hours, idle sessions
 * end after 30 minutes). The API client sets it on a 401; the layout then shows the login dialog over
 * the page, so a half-edited draft stays on screen and is saved after the new code.
 */
let reason: string | null = null;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

export function requireLogin(message: string): void {
  if (reason === message) return;
  reason = message;
  emit();
}

export function loginRenewed(): void {
  reason = null;
  emit();
}

export const loginRequired = (): string | null => reason;

export function useLoginRequired(): string | null {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
    loginRequired,
    () => null,
  );
}
