/**
 * The parts of the review lists: a list's status, a product to review (with
 * "write"), and one of the shopper's reviews (with "edit").
 */
import { SMALL_PHOTO } from '../../../shared/image-url.ts';
import { photoProps } from '../../../shared/ui/photo.ts';
import type { Lang } from '#contract/schemas.ts';
import type { OwnReview, RequiredComment } from '../../../backend/shop.ts';
import { firstImage, productTitle } from '../../../shared/product.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import type { LabelKey, Translate } from '../../../i18n/messages.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { openReview, type ListState } from '../state/reviews.ts';
import RetryButton from '../../../shared/ui/RetryButton.tsx';
import { ReviewCard } from '../../../shared/ui/ReviewList.tsx';

/** Loading, failed (with a retry) or empty; nothing once there are items. */
export function ListStatus<T>({
  t,
  list,
  empty,
  retry,
}: {
  t: Translate<LabelKey<'reviewsPage'>>;
  list: ListState<T>;
  empty: string;
  retry: () => Promise<void>;
}) {
  if (list.status === 'loading' && list.items.length === 0)
    return (
      <p className="reviews-status" role="status">
        {t('isl.reviews.loading')}
      </p>
    );
  if (list.status === 'failed')
    return (
      <div className="reviews-status" data-testid="reviews-failed">
        <RetryButton failure={t('isl.reviews.load_failed')} className="btn btn-ghost" onClick={() => void retry()}>
          {t('isl.reviews.retry')}
        </RetryButton>
      </div>
    );
  if (list.status === 'ready' && list.items.length === 0) return <p className="reviews-status">{empty}</p>;
  return null;
}

function ProductLink({ lang, product }: { lang: Lang; product: RequiredComment['product'] }) {
  const title = productTitle(product);
  return (
    <a className="reviews-product" href={localizedPath(lang, `/product/${product.id}`)}>
      <img
        {...photoProps(firstImage(product.images), SMALL_PHOTO)}
        alt=""
        width="64"
        height="64"
        loading="lazy"
        decoding="async"
      />
      <span>{title}</span>
    </a>
  );
}

export function PendingItem({
  lang,
  t,
  item,
}: {
  lang: Lang;
  t: Translate<LabelKey<'reviewsPage'>>;
  item: RequiredComment;
}) {
  const { product } = item;
  return (
    <li className="reviews-pending-item" data-pending-product={product.id}>
      <ProductLink lang={lang} product={product} />
      {hasCapability('reviewWrite') && (
        <button
          type="button"
          className="btn"
          aria-label={t('isl.reviews.write_for', { title: productTitle(product) })}
          onClick={() => openReview({ product, review: null })}
        >
          {t('isl.reviews.write')}
        </button>
      )}
    </li>
  );
}

export function RatedItem({
  lang,
  t,
  review,
}: {
  lang: Lang;
  t: Translate<LabelKey<'reviewsPage'>>;
  review: OwnReview;
}) {
  const product = review.product_summary;
  return (
    <li data-rated-product={product.id}>
      <ReviewCard lang={lang} t={t} review={review} heading={<ProductLink lang={lang} product={product} />}>
        {hasCapability('reviewWrite') && (
          <button
            type="button"
            className="btn btn-ghost"
            aria-label={t('isl.reviews.edit_for', { title: productTitle(product) })}
            onClick={() => openReview({ product, review })}
          >
            {t('isl.reviews.edit')}
          </button>
        )}
      </ReviewCard>
    </li>
  );
}
