/** A product card for island-rendered lists (search results, favourites), like the catalogue's card. */
import { useStore } from '@nanostores/react';
import type { MouseEvent } from 'react';
import type { Lang } from '#contract/schemas.ts';
import type { ProductSummary } from '../../lib/backend/shop.ts';
import { installmentOffer, planFor } from '../../lib/installment.ts';
import { discountPercent, formatAmount, formatPrice, hasDiscount, payablePrice } from '../../lib/price.ts';
import { firstImage, productTitle } from '../../lib/product.ts';
import { cardRating } from '../../lib/rating.ts';
import { $basketKeys, addToBasket, anyKey } from '../../stores/basket.ts';
import { $favouriteIds, toggleFavourite } from '../../stores/favourites.ts';
import { localizedPath } from '../../i18n/urls.ts';
import type { Translate } from '../../i18n/messages.ts';
import { configuredPlan } from './installment-plan.ts';
import './tiles.css';

/** Tiles in the first row on a wide screen (four; a phone shows two). */
export const FIRST_ROW = 4;

export function ProductTile({
  lang,
  t,
  product,
  mounted,
  heading: Heading = 'h3',
  first = false,
}: {
  lang: Lang;
  t: Translate;
  product: ProductSummary;
  mounted: boolean;
  /** h2 where the tiles sit right under the page's h1 (headings never skip a level). */
  heading?: 'h2' | 'h3';
  /** In the first row: its image is likely the largest paint, so it loads at once, first. */
  first?: boolean;
}) {
  const title = productTitle(product);
  const liked = useStore($favouriteIds).includes(product.id) && mounted;
  const inBasket = useStore($basketKeys).has(anyKey(product.id)) && mounted;
  const discounted = hasDiscount(product);
  // The monthly installment price: the API's plan, else the build's configured one.
  const installment = installmentOffer(payablePrice(product), planFor(product, configuredPlan()));
  const rating = cardRating(product, t);
  const own = (action: () => void) => (event: MouseEvent) => {
    // Handled here: the page-wide hook listeners leave it alone.
    event.preventDefault();
    action();
  };
  return (
    <li className="tile" data-product-card={product.id}>
      <a className="tile-link" href={localizedPath(lang, `/product/${product.id}`)}>
        <span className="tile-image">
          <img
            src={firstImage(product.images)}
            alt={title}
            width="300"
            height="300"
            loading={first ? 'eager' : 'lazy'}
            fetchPriority={first ? 'high' : 'auto'}
            decoding="async"
          />
          {discounted && (
            <span className="tile-badge">{t('product.discount', { percent: discountPercent(product) })}</span>
          )}
        </span>
        <Heading className="tile-title">{title}</Heading>
      </a>
      {rating && (
        <p className="tile-rating" role="img" aria-label={rating.label}>
          <i>★</i> <b>{rating.value}</b>
          {rating.reviews && ` ${rating.reviews}`}
        </p>
      )}
      <p className="tile-prices">
        <span className="tile-price">{formatPrice(payablePrice(product), lang)}</span>
        {discounted && <s className="tile-old">{formatPrice(product.price, lang)}</s>}
      </p>
      {installment && (
        <p className="tile-installment" data-installment>
          {t('product.installment', { amount: formatAmount(installment.monthly), months: installment.months })}
        </p>
      )}
      <button
        type="button"
        className="tile-fav"
        aria-pressed={liked}
        aria-label={`${liked ? t('isl.fav.remove') : t('isl.fav.add')}: ${title}`}
        data-favourite={product.id}
        onClick={own(() => toggleFavourite(product.id))}
      >
        <svg
          width="20"
          height="20"
          viewBox="0 0 24 24"
          aria-hidden="true"
          fill={liked ? 'currentColor' : 'none'}
          stroke="currentColor"
          strokeWidth="2"
        >
          <path d="M12 21s-7.5-4.6-9.5-9.2C1.1 8.4 3.3 5 6.8 5c2 0 3.4 1.1 4.2 2.4C11.8 6.1 13.2 5 15.2 5c3.5 0 5.7 3.4 4.3 6.8C19.5 16.4 12 21 12 21z" />
        </svg>
      </button>
      <button
        type="button"
        className="tile-add"
        aria-pressed={inBasket}
        aria-label={`${t('isl.basket.add')}: ${title}`}
        data-add-to-basket={product.id}
        onClick={own(() => void addToBasket({ id: product.id }, null))}
      >
        {inBasket ? t('isl.basket.in_basket') : t('isl.basket.add')}
      </button>
    </li>
  );
}
