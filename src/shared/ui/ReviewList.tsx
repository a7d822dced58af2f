/**
 * Reviews as the product page, its comments page and the shopper's own
 * 'rated' tab show them: author, stars, date, the three texts and the
 * photos. Rendered to static HTML by the comments page and in the browser by
 * the islands. Review text is the shoppers' own: React writes it as text,
 * never as HTML.
 */
import type { ReactNode } from 'react';
import type { Lang } from '#contract/schemas.ts';
import type { Review } from '../../backend/shop.ts';
import { REVIEW_RATING, REVIEW_TEXT_FIELDS } from '#contract/reviews.ts';
import type { LabelKey, Translate } from '../../i18n/messages.ts';
import { shopDate } from '../shop-date.ts';
import './reviews.css';

/** Filled and empty stars, read out as the rating ('Baho: 4 / 5'). */
function Stars({ t, rating }: { t: Translate<LabelKey<'reviews'>>; rating: number }) {
  const filled = Math.round(rating);
  return (
    <span className="review-stars" role="img" aria-label={t('review.rating', { rating })}>
      {'★'.repeat(filled)}
      <span className="review-stars-empty">{'★'.repeat(Math.max(0, REVIEW_RATING.max - filled))}</span>
    </span>
  );
}

/** The mean rating of a list of reviews, null without any (the API's product rating is the same mean). */
export const averageRating = (reviews: readonly Pick<Review, 'rating'>[]): number | null => {
  const ratings = reviews.flatMap((r) => (r.rating === undefined ? [] : [r.rating]));
  return ratings.length ? ratings.reduce((sum, rating) => sum + rating, 0) / ratings.length : null;
};

/** The average and count line ('★ 4.2 / 5 · 3 ta sharh'); none without a rating (a backend without ratings). */
export function RatingSummary({
  t,
  rating,
  count,
}: {
  t: Translate<LabelKey<'reviews'>>;
  rating: number | null;
  count: number;
}) {
  if (rating === null) return null;
  return (
    <p className="review-summary" data-rating>
      <span aria-hidden="true">★ </span>
      {t('product.rating', { rating: rating.toFixed(1), count })}
    </p>
  );
}

export function ReviewCard({
  lang,
  t,
  review,
  heading,
  children,
}: {
  lang: Lang;
  t: Translate<LabelKey<'reviews'>>;
  review: Review;
  /** Shown above the author (the product, on the shopper's own list). */
  heading?: ReactNode;
  /** Actions under the review (edit). */
  children?: ReactNode;
}) {
  return (
    <article className="review" aria-label={review.author} data-review={review.id}>
      {heading}
      <p className="review-head">
        {review.author && <strong>{review.author}</strong>}
        {review.rating !== undefined && <Stars t={t} rating={review.rating} />}
        {review.created_at && <time dateTime={review.created_at}>{shopDate(lang, review.created_at)}</time>}
      </p>
      <dl>
        {REVIEW_TEXT_FIELDS.map((field) =>
          review[field] ? (
            <div key={field}>
              <dt>{t(`review.${field}`)}</dt>
              <dd>{review[field]}</dd>
            </div>
          ) : null,
        )}
      </dl>
      {review.images.length > 0 && (
        <ul className="review-images">
          {review.images.map((src, i) => (
            <li key={src}>
              <a href={src} target="_blank" rel="noopener">
                <img
                  src={src}
                  alt={t('isl.reviews.image', { n: i + 1 })}
                  width="96"
                  height="96"
                  loading="lazy"
                  decoding="async"
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {children}
    </article>
  );
}

export function ReviewList({
  lang,
  t,
  reviews,
}: {
  lang: Lang;
  t: Translate<LabelKey<'reviews'>>;
  reviews: readonly Review[];
}) {
  return (
    <ul className="reviews">
      {reviews.map((review) => (
        <li key={review.id}>
          <ReviewCard lang={lang} t={t} review={review} />
        </li>
      ))}
    </ul>
  );
}
