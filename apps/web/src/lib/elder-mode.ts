import { ELDER_MODE_KEY } from '@moxa/core/ui/elder-mode';
import { useExternalStore } from './hydration.ts';

/**
 * 长辈版 (issue #18), per 工信部《移动互联网应用（APP）适老化通用设计规范》: one switch, remembered on
 * the device (not per account: whoever holds the phone needs it before logging in). The mode is a
 * `data-elder` attribute on <html>, so every screen's CSS can follow it without re-rendering.
 */
export { ELDER_MODE_KEY };

const listeners = new Set<() => void>();

function read(): boolean {
  try {
    return window.localStorage.getItem(ELDER_MODE_KEY) === '1';
  } catch {
    return false;
  }
}

/** Sets the attribute (from storage by default, as the boot script in <head> does before the first paint, issue #18). */
export function applyElderMode(on: boolean = read()): void {
  if (on) document.documentElement.dataset.elder = '';
  else delete document.documentElement.dataset.elder;
}

export function isElderMode(): boolean {
  return document.documentElement.dataset.elder !== undefined;
}

export function setElderMode(on: boolean): void {
  try {
    if (on) window.localStorage.setItem(ELDER_MODE_KEY, '1');
    else window.localStorage.removeItem(ELDER_MODE_KEY);
  } catch {
    // Private mode without storage: the switch still holds for this visit.
  }
  applyElderMode(on);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useElderMode(): [boolean, (on: boolean) => void] {
  return [useExternalStore(subscribe, isElderMode, () => false), setElderMode];
}
