/**
 * Where this phone keeps favourites and history while logged out (issue #18). Apart from
 * lib/device-saved.ts so the app shell can ask "anything to merge?" without loading the store.
 */
export const DEVICE_FAVORITES_KEY = 'moxaFavorites';
export const DEVICE_HISTORY_KEY = 'moxaHistory';

/** Whether anything waits to be merged into an account (an emptied list's key is removed). */
export function hasDeviceItems(): boolean {
  try {
    return Boolean(window.localStorage.getItem(DEVICE_FAVORITES_KEY) || window.localStorage.getItem(DEVICE_HISTORY_KEY));
  } catch {
    return false;
  }
}
