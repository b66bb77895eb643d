import type { PublicReview } from '@moxa/core/reviews/review-contract';

const dateText = (iso: string) => {
  const [y, m, d] = iso.split('-').map(Number);
  return `${y}年${m}月${d}日`;
};

/**
 * 用户评价 (issue #30): real reviews staff added with the customer's consent, each with where it came
 * from and when. Loaded only for a product that has some (reviews.tsx): no reviews, no block — a page
 * never fills the space with invented praise.
 */
export default function ReviewsBlock({ reviews }: { reviews: readonly PublicReview[] }) {
  return (
    <section className="card reviews" aria-labelledby="reviews-title">
      <h2 id="reviews-title">用户评价</h2>
      <p className="reviews-note">顾客同意公开的评价，注明来源和日期。</p>
      <ul>
        {reviews.map((r) => (
          <li key={r.id}>
            <p className="review-head">
              <strong>{r.name}</strong>
              {r.rating !== null && (
                <span className="review-rating" role="img" aria-label={`${r.rating} 星`}>
                  {'★'.repeat(r.rating)}
                  <span aria-hidden="true" className="review-rating-off">
                    {'★'.repeat(5 - r.rating)}
                  </span>
                </span>
              )}
            </p>
            <p className="review-text">{r.text}</p>
            <p className="review-source">
              来源：{r.source} · <time dateTime={r.date}>{dateText(r.date)}</time>
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
