import { useEffect, useState } from 'react';

/**
 * How many of a long page's `total` items to render. A screen renders the first `step` items, then
 * `step` more each frame: the browser renders and lays out a page of Chinese text a part at a time, in
 * frame-sized tasks, instead of in one task that blocks a tap (issue #33 item 3: `/glossary` laid out
 * its 200-odd terms at once). `whole` renders everything at once: when a place on the page comes back
 * (lib/navigation.ts `restoresScroll`: the place is a pixel position on the whole page) or a `?term=`
 * is scrolled to; turning true later shows everything too. `revealAll` does the same on demand (a jump
 * to a section not shown yet).
 */
export function useRevealed(total: number, whole: boolean, step = 1): [count: number, revealAll: () => void] {
  const [count, setCount] = useState(whole ? Infinity : step);
  const all = whole || count >= total;
  useEffect(() => {
    if (all) return;
    const id = requestAnimationFrame(() => setCount((c) => c + step));
    return () => cancelAnimationFrame(id);
  }, [all, count, step]);
  return [all ? total : count, () => setCount(Infinity)];
}
