import type { MediaObject } from '@moxa/core/console/media-contract';
import { useEffect, useState } from 'react';
import { useApi } from '../app.tsx';
import { mediaPath, thumbnailUrl } from '../lib/media.ts';

/** An upload's thumbnail, fetched with the login (unpublished files are not public). */
export function Thumbnail({ media, size = 72 }: { media: MediaObject; size?: number }) {
  const api = useApi();
  const [src, setSrc] = useState<string | null>(null);
  const url = thumbnailUrl(media);
  useEffect(() => {
    if (!url) return;
    let made: string | null = null;
    let live = true;
    void api
      .raw('GET', mediaPath.file(media.id, url))
      .then((res) => (res.ok ? res.blob() : null))
      .then((blob) => {
        if (!blob || !live) return;
        made = URL.createObjectURL(blob);
        setSrc(made);
      })
      .catch(() => {});
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [api, media.id, url]);
  return src ? (
    <img
      src={src}
      alt={media.alt}
      width={size}
      height={Math.round((size * media.height) / media.width)}
      style={{ objectFit: 'cover', maxHeight: size }}
    />
  ) : (
    <div style={{ width: size, height: Math.round((size * 2) / 3), background: '#f3ede7' }} aria-hidden />
  );
}
