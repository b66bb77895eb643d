import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Spec §4: the resend countdown runs from `seconds`, ticking every second; `remaining` is 0 when
 * idle. The timer is cleared when the component unmounts (the page is left).
 */
export function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(0);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);
  const stop = useCallback(() => {
    if (timer.current !== null) clearInterval(timer.current);
    timer.current = null;
  }, []);
  const start = useCallback(() => {
    stop();
    setRemaining(seconds);
    timer.current = setInterval(() => {
      setRemaining((r) => {
        if (r <= 1) {
          stop();
          return 0;
        }
        return r - 1;
      });
    }, 1000);
  }, [seconds, stop]);
  useEffect(() => stop, [stop]);
  return { remaining, running: remaining > 0, start };
}
