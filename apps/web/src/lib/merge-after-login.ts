import { hasDeviceItems } from './device-saved-keys.ts';

/**
 * Issue #18 "merged into the account after login": called where a login is stored (SMS login,
 * WeChat). The merge code loads only when this phone holds something to merge; a failed merge is
 * tried again when a screen shows the lists (useSavedList).
 */
export function mergeAfterLogin(): void {
  if (hasDeviceItems()) void import('./saved-items.ts').then((m) => m.mergeDeviceItems()).catch(() => undefined);
}
