import { useEffect, useState } from 'react';

/**
 * The current time, or null during the first render. Prerendered pages (issue #6) were rendered at
 * build time; anything that depends on the clock appears after hydration instead of mismatching it.
 */
export function useNow(): Date | null {
  const [now, setNow] = useState<Date | null>(null);
  useEffect(() => setNow(new Date()), []);
  return now;
}
