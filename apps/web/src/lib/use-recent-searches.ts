import { useCallback, useState } from 'react';
import { addRecent, readRecent, RECENT_SEARCHES_KEY, writeRecent } from './recent-searches.ts';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Issue #4: recent searches on this phone (up to 10, newest first), with 清除. */
export function useRecentSearches(key = RECENT_SEARCHES_KEY) {
  const [recent, setRecent] = useState<string[]>(() => readRecent(storage(), key));
  const remember = useCallback(
    (term: string) => {
      // Re-read so two open tabs do not overwrite each other's history.
      const next = addRecent(readRecent(storage(), key), term);
      writeRecent(storage(), next, key);
      setRecent(next);
    },
    [key],
  );
  const clear = useCallback(() => {
    writeRecent(storage(), [], key);
    setRecent([]);
  }, [key]);
  return { recent, remember, clear };
}
