import { useEffect, useRef, useState } from 'react';

/**
 * True once the element comes within `margin` px of the viewport, so body-chart figures load only
 * when the user scrolls towards them (issue #4 "lazy"). The observer's first answer comes after the
 * browser's own layout of the frame; measuring the element when the screen mounts instead forced a
 * layout of the whole page inside the render task and a second one after it (issue #33: 35 ms of
 * `/acupoint_detail`'s start on this machine). A figure its screen always shows on the first screen
 * passes `eager` and is drawn with the page (it is that page's largest paint, and the server preloads
 * its image). Without IntersectionObserver: at once.
 */
export function useInView<T extends Element>(margin = 200, eager = false) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => eager || typeof IntersectionObserver === 'undefined');
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
