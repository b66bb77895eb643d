import { lazy, Suspense } from 'react';
import type { PublicReview } from '@moxa/core/reviews/review-contract';

const ReviewsBlock = lazy(() => import('./reviews-block.tsx'));

/** A product's real reviews (issue #30), or nothing at all; the block's code loads only when there are some. */
export function Reviews({ reviews }: { reviews: readonly PublicReview[] }) {
  if (reviews.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ReviewsBlock reviews={reviews} />
    </Suspense>
  );
}
