/**
 * The product page's reviews: the latest three, the rating and a link to the
 * comments page; without reviews, an offer to write the first. Rendered to
 * HTML at build time (no hydration: the page loads no React for it), and
 * again in the browser by render-reviews.tsx only when the API's reviews
 * differ from the built ones.
 */
import type { Lang } from '#contract/schemas.ts';
import type { Review } from '../../../backend/shop.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';
import { LATEST_REVIEWS } from '../../../shared/catalogue-view.ts';
import { RatingSummary, ReviewList } from '../../../shared/ui/ReviewList.tsx';

export interface ProductReviewsProps {
  lang: Lang;
  id: number;
  /** The latest reviews (at most LATEST_REVIEWS), the count and mean rating of all. */
  reviews: readonly Review[];
  count: number;
  rating: number | null;
  /** As built, or as the API answered after the page loaded. */
  state: 'built' | 'checked';
  labels: Labels<'reviews'>;
}

export default function ProductReviews({ lang, id, reviews, count, rating, state, labels }: ProductReviewsProps) {
  const t = makeT(labels);
  const comments = localizedPath(lang, `/comments/${id}`);
  return (
    <div data-live-reviews={state}>
      {count > 0 ? (
        <>
          <RatingSummary t={t} rating={rating} count={count} />
          <ReviewList lang={lang} t={t} reviews={reviews.slice(0, LATEST_REVIEWS)} />
          <p>
            <a className="btn btn-ghost" href={comments} data-comments-link>
              {t('product.all_comments', { count })}
            </a>
          </p>
        </>
      ) : (
        <>
          <p>{t('product.no_reviews')}</p>
          <p>
            {/* Not built for a product without reviews: the 404 page renders it from the API (nofollow). */}
            <a className="btn btn-ghost" href={comments} rel="nofollow" data-comments-link>
              {t('isl.reviews.first_review')}
            </a>
          </p>
        </>
      )}
    </div>
  );
}
