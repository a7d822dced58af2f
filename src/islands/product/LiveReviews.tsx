/**
 * The product page's reviews: the latest three as built, then, once the
 * section is on screen, as the API has them now (a review written since the
 * build shows at once; src/islands/product/live.ts), with the rating and a
 * link to the comments page. Without reviews it offers to write the first.
 */
import { useEffect, useState } from 'react';
import type { Lang, Review } from '#contract/schemas.ts';
import { localizedPath } from '../../i18n/urls.ts';
import { makeT, type Labels } from '../../i18n/messages.ts';
import { averageRating, RatingSummary, ReviewList } from '../shared/ReviewList.tsx';
import { fetchLiveReviews } from './live.ts';

/** Reviews the product page shows; the comments page has them all. */
export const LATEST_REVIEWS = 3;

export interface LiveReviewsProps {
  lang: Lang;
  id: number;
  /** The latest reviews and the count, as built. */
  reviews: Review[];
  count: number;
  rating: number | null;
  apiUrl: string;
  builtAt: string;
  labels: Labels;
}

export default function LiveReviews({ lang, id, reviews, count, rating, apiUrl, builtAt, labels }: LiveReviewsProps) {
  const t = makeT(labels);
  const [live, setLive] = useState<Review[] | null>(null);

  useEffect(() => {
    let mounted = true;
    void fetchLiveReviews(apiUrl, lang, id, builtAt).then((answer) => {
      if (mounted && answer.state === 'fresh') setLive(answer.value);
    });
    return () => {
      mounted = false;
    };
  }, [apiUrl, lang, id, builtAt]);

  const shown = live ? live.slice(0, LATEST_REVIEWS) : reviews;
  const total = live ? live.length : count;
  const comments = localizedPath(lang, `/comments/${id}`);
  return (
    <div data-live-reviews={live ? 'checked' : 'built'}>
      {total > 0 ? (
        <>
          <RatingSummary t={t} rating={live ? averageRating(live) : rating} count={total} />
          <ReviewList lang={lang} t={t} reviews={shown} />
          <p>
            <a className="btn btn-ghost" href={comments} data-comments-link>
              {t('product.all_comments', { count: total })}
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
