/**
 * A product's comments page (spec §2 /{lang}/comments/{id}): every review
 * with the rating, or, without any, an empty state that offers to write one
 * (a delivered product is reviewed from the profile's reviews page). Static
 * HTML on a built comments page; rendered by the 404 page for a product
 * built without one (late-comments.tsx).
 */
import type { Lang } from '#contract/schemas.ts';
import type { Review } from '../../../backend/shop.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { averageRating, RatingSummary, ReviewList } from '../../../shared/ui/ReviewList.tsx';

export default function Comments({
  lang,
  t,
  id,
  title,
  reviews,
}: {
  lang: Lang;
  t: Translate<LabelKey<'comments'>>;
  id: number;
  title: string;
  reviews: readonly Review[];
}) {
  return (
    <div className="comments" data-testid="comments">
      <h1>{t('comments.title', { title })}</h1>
      {reviews.length > 0 ? (
        <>
          <RatingSummary t={t} rating={averageRating(reviews)} count={reviews.length} />
          <ReviewList lang={lang} t={t} reviews={reviews} />
        </>
      ) : (
        <div className="comments-empty" data-testid="comments-empty">
          <p>
            <strong>{t('comments.empty')}</strong>
          </p>
          {hasCapability('reviewWrite') && (
            <>
              <p>{t('isl.reviews.empty_hint')}</p>
              <p>
                <a className="btn" href={localizedPath(lang, '/profile/reviews')}>
                  {t('isl.reviews.write')}
                </a>
              </p>
            </>
          )}
        </div>
      )}
      <p>
        <a className="btn btn-ghost" href={localizedPath(lang, `/product/${id}`)}>
          {t('comments.back')}
        </a>
      </p>
    </div>
  );
}
