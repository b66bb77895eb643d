import { physicalStore, type LocalResult } from '../utils/physical-storage.ts';
import { useExternalStore } from '../../../lib/hydration.ts';

const EMPTY: LocalResult[] = [];

/** Results kept on this device, newest first; re-renders when they change (also from other tabs). */
export function useLocalResults(): LocalResult[] {
  return useExternalStore(physicalStore.subscribe, physicalStore.readResults, () => EMPTY);
}

/** Results not yet on the server: taken while logged out, or whose upload failed. */
export function usePendingResults(): LocalResult[] {
  return useLocalResults().filter((r) => !r.savedId);
}
