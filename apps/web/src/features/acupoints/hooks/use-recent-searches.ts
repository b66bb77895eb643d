import { useCallback, useState } from 'react';
import { addRecent, readRecent, writeRecent } from '../utils/recent-searches.ts';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Issue #4: recent searches on this phone (up to 10, newest first), with 清除. */
export function useRecentSearches() {
  const [recent, setRecent] = useState<string[]>(() => readRecent(storage()));
  const remember = useCallback((term: string) => {
    // Re-read so two open tabs do not overwrite each other's history.
    const next = addRecent(readRecent(storage()), term);
    writeRecent(storage(), next);
    setRecent(next);
  }, []);
  const clear = useCallback(() => {
    writeRecent(storage(), []);
    setRecent([]);
  }, []);
  return { recent, remember, clear };
}
