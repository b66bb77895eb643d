import { useRef, useState } from 'react';
import type { MediaImage } from '@moxa/core/media/media-contract';
import { Image } from './image.tsx';
import { Viewer } from './viewer.tsx';

/**
 * A product gallery (issue #16): swipe between pictures (native scroll snapping, so it follows the
 * finger on any phone without a gesture library), dots for where you are, tap to see it full screen
 * (viewer.tsx).
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
      {open !== null && (
        <Viewer
          count={images.length}
          start={open}
          label="查看大图"
          onClose={() => setOpen(null)}
          slide={(i) => <Image image={images[i]!} sizes="100vw" priority />}
        />
      )}
    </section>
  );
}
