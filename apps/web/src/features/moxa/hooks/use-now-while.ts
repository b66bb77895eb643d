import { useEffect, useState } from 'react';

/**
 * The ticking clock of a guided session (decision 018): re-renders twice a second while a point runs,
 * and when the page comes back; the time itself is always computed from stored instants.
 */
export function useNowWhile(running: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const update = () => setNow(Date.now());
    update();
    document.addEventListener('visibilitychange', update);
    const timer = running ? window.setInterval(update, 500) : undefined;
    return () => {
      document.removeEventListener('visibilitychange', update);
      window.clearInterval(timer);
    };
  }, [running]);
  return now;
}
