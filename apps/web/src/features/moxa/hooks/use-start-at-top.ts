import { useEffect, useRef } from 'react';

/**
 * Issue #32 item 3: each part of a guided session starts at its heading. The parts replace each other
 * on one route, so the page would otherwise keep the scroll of the part before (the intro's start
 * button left the first point about 330 px down, its heading out of view). Whenever `key` changes
 * the page goes to the top and the heading takes the focus (a screen reader reads where it is).
 */
export function useStartAtTop<T extends HTMLElement>(key: string | number) {
  const heading = useRef<T>(null);
  useEffect(() => {
    window.scrollTo({ top: 0 });
    heading.current?.focus({ preventScroll: true });
  }, [key]);
  return heading;
}
