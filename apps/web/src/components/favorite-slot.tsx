import { lazy, Suspense } from 'react';
import type { KeptItem } from '../lib/saved-items.ts';
import { useWhenIdle } from '../lib/use-when-idle.ts';

const FavoriteButton = lazy(() => import('./favorite-button.tsx'));

/**
 * 收藏 in a detail screen's header (issue #18). The button and its store load after the screen has
 * painted and the browser is idle (screens stay within their chunk budget, and the first paint does
 * not wait for them); meanwhile an empty box of the same size holds its place, so the title does not
 * move.
 */
export function FavoriteSlot({ item }: { item: KeptItem | undefined }) {
  const idle = useWhenIdle();
  const placeholder = <span className="icon-btn fav-btn" aria-hidden="true" />;
  if (!item || !idle) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <FavoriteButton item={item} />
    </Suspense>
  );
}
