import { useEffect, useState } from 'react';

/**
 * The current time, or null during the first render. Prerendered pages (issue #6) are rendered at
 * build time; anything that depends on the clock appears after hydration instead of mismatching it.
 * While scripts/prerender.ts takes its snapshot (window.__MOXA_PRERENDER__) it stays null.
 */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => {
    if (!(window as unknown as { __MOXA_PRERENDER__?: boolean }).__MOXA_PRERENDER__) setNow(new Date());
  }, []);
  return now;
}
