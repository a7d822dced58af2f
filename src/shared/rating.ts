/**
 * A product's rating as a card shows it: the star, the average to one decimal and the number of reviews, with the
 * words a screen reader says instead. None for a product without a rating (absent, null or 0: nobody rated it).
 */
import type { Translate } from '../i18n/messages.ts';

export interface CardRating {
  /** The average, '4.6'. */
  value: string;
  /** The reviews count in brackets, '(12)', or null when unknown or none. */
  reviews: string | null;
  /** What it says in words: '4.6 / 5 · 12 ta sharh'. */
  label: string;
}

/** The words of a rating line. */
export type RatingKey = 'review.rating' | 'product.rating';

export function cardRating(
  product: { rating?: number | null; reviews_count?: number },
  t: Translate<RatingKey>,
): CardRating | null {
  const { rating } = product;
  if (typeof rating !== 'number' || !Number.isFinite(rating) || rating <= 0) return null;
  const value = rating.toFixed(1);
  const count = product.reviews_count !== undefined && product.reviews_count > 0 ? product.reviews_count : null;
  return {
    value,
    reviews: count === null ? null : `(${count})`,
    label: count === null ? t('review.rating', { rating: value }) : t('product.rating', { rating: value, count }),
  };
}
