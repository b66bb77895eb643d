import { useMemo } from 'react';
import { DEVICE_LOG_KEY, declinedKey, parseList, pendingKey, rawList, subscribeMoxaStorage } from '../utils/moxa-storage.ts';
import { useExternalStore } from '../../../lib/hydration.ts';

/**
 * The device's logged-out sessions, and a logged-in user's sessions still waiting for upload, kept
 * current as the store changes (in this tab or another).
 */
export function useDeviceSessions(userId: string | null) {
  const deviceRaw = useExternalStore(
    subscribeMoxaStorage,
    () => rawList(DEVICE_LOG_KEY),
    () => '',
  );
  const pendingRaw = useExternalStore(
    subscribeMoxaStorage,
    () => (userId ? rawList(pendingKey(userId)) : ''),
    () => '',
  );
  const declinedRaw = useExternalStore(
    subscribeMoxaStorage,
    () => (userId ? rawList(declinedKey(userId)) : ''),
    () => '',
  );
  const device = useMemo(() => parseList(deviceRaw), [deviceRaw]);
  const pending = useMemo(() => parseList(pendingRaw), [pendingRaw]);
  return { device, pending, declinedAt: Number(declinedRaw) || 0 };
}
