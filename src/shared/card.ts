/**
 * The product card, written once: `cardHtml` is its markup, from a card's data (`ListingCard`, its texts already in
 * the page's language) and what every card of a page shares (its words, the icons' sprite). The build's pages
 * (components/ProductCard.astro), the cards the browser draws (the filtered listing and the product page's related
 * products, shared/ui/fill-card.ts) and the search and favourites islands (shared/ui/CardList.tsx) all print
 * it; the page-wide hooks (features/basket/ui/enhance.ts, features/favourites/ui/enhance.ts) give its buttons their state.
 */
import type { Lang } from '#contract/schemas.ts';
import type { CardProduct } from './catalogue-view.ts';
import type { MessageKey } from '../i18n/index.ts';
import type { Translate } from '../i18n/messages.ts';
import { localizedPath } from '../i18n/urls.ts';
import { installmentOffer, planFor, type InstallmentPlan } from './installment.ts';
import { discountPercent, formatAmount, formatPrice, hasDiscount, payablePrice } from './price.ts';
import { CARD_PHOTO, imageAttributes } from './image-url.ts';
import { firstImage, productTitle } from './product.ts';
import { cardRating, type CardRating, type RatingKey } from './rating.ts';

/** What a product card shows, its texts in the page's language (a filtered list reads it from `data-pagefind-meta="card"`). */
export interface ListingCard {
  id: number;
  title: string;
  image: string;
  price: string;
  /** The old price when discounted. */
  old: string | null;
  /** The discount badge ("−10%"). */
  badge: string | null;
  /** The monthly installment line. */
  monthly: string | null;
  /** The star line, or null for a product nobody rated. */
  rating: CardRating | null;
  soldOut: boolean;
  /** Sold in variants: the card leads to the product page, where the shopper chooses one. */
  variants: boolean;
}

/** Units left, counting variants (a product sold by variants has its stock in them); unknown stock counts as some. */
export const unitsLeft = (product: Pick<CardProduct, 'stock' | 'features'>) =>
  Math.max(product.stock ?? Number.POSITIVE_INFINITY, ...(product.features ?? []).map((feature) => feature.count));

/** The words a card's lines take from the island's labels. */
export type CardKey = 'product.discount' | 'product.installment' | RatingKey;

/** What a card shows of a product, its texts in `t`'s language (the build's translator, or an island's labels), `lang`. */
export function listingCard(
  product: CardProduct,
  t: Translate<CardKey>,
  configuredPlan: InstallmentPlan | null,
  lang: Lang,
): ListingCard {
  const price = payablePrice(product);
  const offer = installmentOffer(price, planFor(product, configuredPlan));
  const discounted = hasDiscount(product);
  return {
    id: product.id,
    title: productTitle(product),
    image: firstImage(product.images),
    price: formatPrice(price, lang),
    old: discounted ? formatPrice(product.price, lang) : null,
    badge: discounted ? t('product.discount', { percent: discountPercent(product) }) : null,
    monthly: offer ? t('product.installment', { amount: formatAmount(offer.monthly), months: offer.months }) : null,
    rating: cardRating(product, t),
    soldOut: unitsLeft(product) <= 0,
    variants: (product.features?.length ?? product.feature_count ?? 0) > 0,
  };
}

export { FIRST_ROW } from '#contract/image-url.ts';

/** The words every card prints whatever its product, and their messages. */
export const CARD_WORDS = {
  add: 'product.add_short',
  inBasket: 'product.in_basket',
  soldOut: 'product.stock.out',
  choose: 'product.choose_short',
  favourite: 'product.favourite',
  goToBasket: 'product.go_to_basket',
  oldPrice: 'product.old_price',
} as const satisfies Record<string, MessageKey>;

export type CardWords = Record<keyof typeof CARD_WORDS, string>;

/** What the cards of a page share: their words in its language and the icons' sprite (a hashed asset's URL). */
export interface CardSetup {
  words: CardWords;
  sprite: string;
}

export interface CardLook extends CardSetup {
  lang: Lang;
  /** The title's level: h2 right under the page's h1, h3 under a section's h2. */
  heading: 'h2' | 'h3';
  /** In the first row: its image is likely the largest paint, so it loads at once, first, and shows in the frame it is decoded for. */
  eager: boolean;
}

export function cardWords(t: Translate<(typeof CARD_WORDS)[keyof typeof CARD_WORDS]>): CardWords {
  return Object.fromEntries(Object.entries(CARD_WORDS).map(([word, key]) => [word, t(key)])) as CardWords;
}

/**
 * Text from the backend (titles, image URLs) as HTML text or a double-quoted attribute's value; the rest is the shop's
 * own words and figures.
 */
const escapeHtml = (text: string) => text.replace(/[&<"]/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * A card's markup. Its button adds the product to the basket; a product sold in variants is instead a link to its
 * page, where the shopper chooses one (a card never picks a variant for them).
 */
export function cardHtml(card: ListingCard, look: CardLook): string {
  const { words, sprite, lang, heading, eager } = look;
  const { id, rating } = card;
  const icon = (name: string, size: number) =>
    `<svg aria-hidden="true" width="${size}" height="${size}"><use href="${sprite}#${name}"></use></svg>`;
  const title = escapeHtml(card.title);
  const href = localizedPath(lang, `/product/${id}`);
  const { src, srcset, sizes } = imageAttributes(card.image, CARD_PHOTO);
  const image =
    `<img src="${escapeHtml(src)}"` +
    (srcset ? ` srcset="${escapeHtml(srcset)}" sizes="${sizes}"` : '') +
    ` alt="${title}" width="300" height="300" loading="${eager ? 'eager' : 'lazy'}" decoding="${eager ? 'sync' : 'async'}"` +
    (eager ? ' fetchpriority="high">' : '>');
  const button = card.variants
    ? `<a class="btn card-add" href="${href}" data-card-choose aria-label="${words.choose}: ${title}"><span class="card-add-text">${words.choose}</span></a>`
    : `<button type="button" class="btn card-add" data-add-to-basket="${id}"${card.soldOut ? ' data-sold-out="true" disabled' : ''}>` +
      `${icon('basket', 18)}<span class="card-add-text"><span class="when-out">${words.add}</span>` +
      `<span class="when-in">${icon('check', 16)} ${words.inBasket}</span>` +
      `<span class="when-sold">${words.soldOut}</span><span class="sr-only">: ${title}</span></span></button>` +
      `<a class="card-go" href="${localizedPath(lang, '/basket')}" data-basket-go title="${words.goToBasket}">` +
      `${icon('arrow', 20)}<span class="sr-only">${words.goToBasket}</span></a>`;
  return (
    `<li class="card" data-product-card="${id}"><a class="card-link" href="${href}"><span class="card-image">${image}` +
    (card.badge ? `<span class="badge-sale card-badge">${card.badge}</span>` : '') +
    `</span><${heading} class="card-title">${title}</${heading}></a>` +
    (rating
      ? `<p class="card-rating" role="img" aria-label="${rating.label}"><i>★</i> <b>${rating.value}</b>` +
        (rating.reviews ? ` ${rating.reviews}</p>` : '</p>')
      : '') +
    `<p class="card-prices"><span class="price">${card.price}</span>` +
    (card.old ? `<s class="old-price"><span class="sr-only">${words.oldPrice}: </span>${card.old}</s>` : '') +
    '</p>' +
    (card.monthly ? `<p class="card-installment" data-installment>${card.monthly}</p>` : '') +
    `<button type="button" class="icon-btn card-fav" data-favourite="${id}" aria-label="${words.favourite}: ${title}">${icon('heart', 20)}</button>` +
    button +
    '</li>'
  );
}
