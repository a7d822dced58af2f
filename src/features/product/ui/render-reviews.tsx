/**
 * Draws the product page's reviews again with the API's answer (a review
 * written or edited since the build). The only part of the product page that
 * brings React, loaded when that answer differs from the built section.
 */
import { createRoot } from 'react-dom/client';
import type { Lang } from '#contract/schemas.ts';
import type { Review } from '../../../backend/shop.ts';
import labels from 'virtual:labels/reviews';
import { averageRating } from '../../../shared/ui/ReviewList.tsx';
import ProductReviews from './ProductReviews.tsx';

export function renderReviews(container: HTMLElement, lang: Lang, id: number, reviews: Review[]) {
  container.textContent = '';
  createRoot(container).render(
    <ProductReviews
      lang={lang}
      id={id}
      reviews={reviews}
      count={reviews.length}
      rating={averageRating(reviews)}
      state="checked"
      labels={labels[lang]}
    />,
  );
}
