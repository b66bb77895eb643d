import { useEffect, useState } from 'react';

/** The value once it has stopped changing for `ms` (the checks run as staff pause typing, issue #29). */
export function useDebounced<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}
