import { useEffect, useRef, useState } from 'react';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { Image } from './image.tsx';

/**
 * A product gallery (issue #16): swipe between pictures (native scroll snapping, so it follows the
 * finger on any phone without a gesture library), dots for where you are, tap to see it full screen
 * with the same swiping, 关闭 or the back gesture to return.
 */
export function Gallery({ images, label }: { images: readonly MediaImage[]; label: string }) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState<number | null>(null);
  const strip = useRef<HTMLDivElement>(null);
  const onScroll = () => {
    const el = strip.current;
    if (el) setIndex(Math.round(el.scrollLeft / el.clientWidth));
  };
  return (
    <section className="gallery" aria-label={label}>
      <div className="gallery-strip" ref={strip} onScroll={onScroll}>
        {images.map((img, i) => (
          <button key={img.src} type="button" className="gallery-slide" aria-label={`查看大图：${img.alt}`} onClick={() => setOpen(i)}>
            <Image image={img} priority={i === 0} sizes="100vw" />
          </button>
        ))}
      </div>
      {images.length > 1 && (
        <div className="gallery-dots" aria-hidden="true">
          {images.map((img, i) => (
            <span key={img.src} className={i === index ? 'on' : ''} />
          ))}
          <span className="gallery-count">
            {index + 1}/{images.length}
          </span>
        </div>
      )}
      {open !== null && <Viewer images={images} start={open} onClose={() => setOpen(null)} />}
    </section>
  );
}

function Viewer({ images, start, onClose }: { images: readonly MediaImage[]; start: number; onClose: () => void }) {
  const strip = useRef<HTMLDivElement>(null);
  const [index, setIndex] = useState(start);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    const el = strip.current;
    if (el) el.scrollLeft = start * el.clientWidth;
    // The phone's back gesture closes the viewer instead of leaving the page: one history entry, the
    // router's own state kept in it, so going back lands on this same page.
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
    <div className="viewer" role="dialog" aria-modal="true" aria-label="查看大图">
      <div
        className="viewer-strip"
        ref={strip}
        onScroll={() => strip.current && setIndex(Math.round(strip.current.scrollLeft / strip.current.clientWidth))}
      >
        {images.map((img) => (
          <div key={img.src} className="viewer-slide" onClick={close}>
            <Image image={img} sizes="100vw" priority />
          </div>
        ))}
      </div>
      <div className="viewer-bar">
        <span>
          {index + 1}/{images.length}
        </span>
        <button type="button" className="viewer-close" onClick={close}>
          关闭
        </button>
      </div>
    </div>
  );
}
