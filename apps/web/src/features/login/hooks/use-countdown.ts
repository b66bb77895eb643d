import { useCallback, useEffect, useRef, useState } from 'react';
import { startCountdown } from '../countdown.ts';

/** The resend countdown as React state (spec §4); the timer is cleared when the page is left. */
export function useCountdown(seconds: number) {
  const [remaining, setRemaining] = useState(0);
  const cancel = useRef<(() => void) | null>(null);
  const start = useCallback(() => {
    cancel.current?.();
    cancel.current = startCountdown(seconds, setRemaining);
  }, [seconds]);
  useEffect(() => () => cancel.current?.(), []);
  return { remaining, running: remaining > 0, start };
}
