import { useEffect, useState } from 'react';

/**
 * How many of a long page's `total` items to render. A screen whose data arrives after it has
 * mounted (a first visit) renders the first `step` items, then `step` more each frame: the browser
 * renders and lays out a page of Chinese text a part at a time, in frame-sized tasks, instead of
 * in one task that blocks a tap (issue #33 item 3: `/glossary` laid out its 200-odd terms at once).
 * A screen whose data was already there as it mounted (going back, a revisit) renders them all at
 * once: the scroll position it restores, and a `?term=` it scrolls to, need the whole page.
 * (`readyAtMount` turning true later shows them all too.) `revealAll` does the same on demand (a jump
 * to a section not shown yet).
 */
export function useRevealed(total: number, readyAtMount: boolean, step = 1): [count: number, revealAll: () => void] {
  const [count, setCount] = useState(readyAtMount ? Infinity : step);
  const all = readyAtMount || count >= total;
  useEffect(() => {
    if (all) return;
    const id = requestAnimationFrame(() => setCount((c) => c + step));
    return () => cancelAnimationFrame(id);
  }, [all, count, step]);
  return [all ? total : count, () => setCount(Infinity)];
}
