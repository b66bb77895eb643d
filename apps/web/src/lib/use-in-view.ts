import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` px of the viewport, so body-chart figures load only
 * when the user scrolls towards them (issue #4 "lazy"). A figure already on screen when the screen is
 * first laid out is shown in that first paint (checked before paint, not by the observer's later
 * callback): it is often the largest paint. Without IntersectionObserver: at once.
 */
export function useInView<T extends Element>(margin = 200) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useLayoutEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    if (el.getBoundingClientRect().top < window.innerHeight + margin) setSeen(true);
  }, [seen, margin]);
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const io = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) {
          setSeen(true);
          io.disconnect();
        }
      },
      { rootMargin: `${margin}px` },
    );
    io.observe(el);
    return () => io.disconnect();
  }, [seen, margin]);
  return [ref, seen] as const;
}
