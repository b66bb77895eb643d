import type { MediaImage } from '@moxa/core/media/media-contract';
import { COLUMN_SIZES } from '@moxa/core/media/picture-sizes';

const srcset = (variants: MediaImage['webp']) => variants.map((v) => `${v.url} ${v.width}w`).join(', ');

/**
 * Every picture of the app (issue #14 §3): a drawing's own SVG when it has one (a tenth of the bytes,
 * sharp at any width: decision 050), else WebP with a PNG/JPEG fallback at the widths the media build
 * made, the browser picking by `sizes`; width and height always set from the original's intrinsic
 * size, so the space is reserved before the bytes arrive and nothing below shifts.
 */
export function Image({
  image,
  sizes = COLUMN_SIZES,
  priority = false,
  className,
}: {
  image: MediaImage;
  sizes?: string;
  /** Above the fold (a gallery's first picture): load at once instead of lazily. */
  priority?: boolean;
  className?: string;
}) {
  // The fallback closest to a phone's 2× text column is the plain src for browsers without srcset.
  const plain = image.fallback.find((v) => v.width >= 640) ?? image.fallback.at(-1)!;
  return (
    <picture className={className}>
      {!image.vector && <source type="image/webp" srcSet={srcset(image.webp)} sizes={sizes} />}
      <img
        src={image.vector ?? plain.url}
        srcSet={image.vector ? undefined : srcset(image.fallback)}
        sizes={image.vector ? undefined : sizes}
        width={image.width}
        height={image.height}
        alt={image.alt}
        loading={priority ? 'eager' : 'lazy'}
        decoding="async"
        fetchPriority={priority ? 'high' : 'auto'}
      />
    </picture>
  );
}
