import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Full-screen pictures (issue #16 galleries, issue #17 consultation photos): swipe between them
 * (native scroll snapping), a tap or 关闭 returns, and so does the phone's back gesture — the viewer
 * holds one history entry, keeping the router's own state in it, so going back lands on the same page.
 */
export function Viewer({
  count,
  start,
  label,
  onClose,
  slide,
}: {
  count: number;
  start: number;
  label: string;
  onClose: () => void;
  slide: (i: number) => ReactNode;
}) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const el = strip.current;
    if (el) el.scrollLeft = start * el.clientWidth;
    history.pushState({ ...(history.state as object), viewer: true }, '');
    const onPop = () => closeRef.current();
    window.addEventListener('popstate', onPop);
    document.body.style.overflow = 'hidden';
    return () => {
      window.removeEventListener('popstate', onPop);
      document.body.style.overflow = '';
    };
  }, [start]);
  const close = () => history.back();
  return (
    <div className="viewer" role="dialog" aria-modal="true" aria-label={label}>
      <div
        className="viewer-strip"
        ref={strip}
        onScroll={() => strip.current && setIndex(Math.round(strip.current.scrollLeft / strip.current.clientWidth))}
      >
        {Array.from({ length: count }, (_, i) => (
          <div key={i} className="viewer-slide" onClick={close}>
            {slide(i)}
          </div>
        ))}
      </div>
      <div className="viewer-bar">
        <span>
          {index + 1}/{count}
        </span>
        <button type="button" className="viewer-close" onClick={close}>
          关闭
        </button>
      </div>
    </div>
  );
}
