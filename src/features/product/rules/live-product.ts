/**
 * The product page's live re-check, as pure rules: which fields of an API
 * answer the page may use (an answer with the wrong types is not used), when
 * a kept answer is still fresh (spec §9: 5 minutes, and never older than the
 * page it would replace), and what the buy block shows for a chosen feature.
 */
import type { Feature, ProductSummary, Review } from '../../../backend/shop.ts';
import { discountPercent, hasDiscount, payablePrice } from '../../../shared/price.ts';
import { imageList } from '../../../shared/product.ts';
import type { Translate } from '../../../i18n/messages.ts';

export const LIVE_TTL_MS = 300_000;

/** What the product page shows that can change after the build. */
export interface LiveProduct {
  price: number;
  discount: number | null;
  discount_price: number | null;
  /** Null: the backend gives no stock figure; the add is offered and the server decides. */
  stock: number | null;
  unit: 'pcs' | 'kg';
  features: Feature[];
}

/** An answer kept in the tab: when it came and what it was. */
export interface Kept {
  at: number;
  value: unknown;
}

const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v);
const isNumberOrNull = (v: unknown) => v === null || isNumber(v);

/** Accepts an API answer only when the fields the page shows have the right types. */
export function asLiveProduct(data: unknown): LiveProduct | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  if (!isNumber(d.price) || !isNumberOrNull(d.discount) || !isNumberOrNull(d.discount_price)) return null;
  if (!Array.isArray(d.features)) return null;
  const features = (d.features as Feature[]).filter(
    (f) => f && typeof f.id === 'number' && typeof f.count === 'number' && Array.isArray(f.attributes),
  );
  return {
    price: d.price,
    discount: d.discount as number | null,
    discount_price: d.discount_price as number | null,
    stock: isNumber(d.stock) ? d.stock : null,
    unit: d.unit === 'kg' ? 'kg' : 'pcs',
    features,
  };
}

/**
 * The reviews of an answer that have what a review card shows (the spec's texts; an author, rating or date only
 * when the backend sends one); null when it is not a list.
 */
export function asReviews(data: unknown): Review[] | null {
  if (!Array.isArray(data)) return null;
  const text = (v: unknown) => typeof v === 'string';
  const optional = (v: unknown, is: (v: unknown) => boolean) => v === undefined || is(v);
  return (data as Review[]).filter(
    (r) =>
      r &&
      typeof r.id === 'number' &&
      optional(r.rating, (v) => typeof v === 'number') &&
      [r.advantage, r.shortcoming, r.comment].every(text) &&
      [r.author, r.created_at].every((v) => optional(v, text)) &&
      Array.isArray(r.images) &&
      r.images.every(text),
  );
}

/** Products related to one (GET /products/related-products/{id}/), those with what a card needs; null if not a list. */
export function asRelated(data: unknown): ProductSummary[] | null {
  if (!Array.isArray(data)) return null;
  return (data as ProductSummary[]).filter(
    (p) =>
      p &&
      isNumber(p.id) &&
      isNumber(p.price) &&
      isNumberOrNull(p.discount) &&
      isNumberOrNull(p.discount_price) &&
      (p.title === null || typeof p.title === 'string'),
  );
}

/** A kept answer (as stored text) younger than the TTL and not older than `notBefore` (ms), else null. */
export function freshKept<T>(
  raw: string | null,
  notBefore: number,
  accept: (data: unknown) => T | null,
  now: number,
): T | null {
  if (!raw) return null;
  try {
    const kept = JSON.parse(raw) as Kept;
    if (!isNumber(kept.at) || now - kept.at >= LIVE_TTL_MS || kept.at < notBefore) return null;
    return accept(kept.value);
  } catch {
    return null;
  }
}

/** Features a shopper can choose: only those in stock (spec §3). */
export const choosableFeatures = (product: LiveProduct): Feature[] => product.features.filter((f) => f.count > 0);

/**
 * The variant chosen when the page opens: the first in stock, so what the buy block shows and what the basket
 * button adds are always one variant the shopper can see; none for a product without variants in stock.
 */
export const firstChoosable = (product: Pick<LiveProduct, 'features'>): Feature | undefined =>
  product.features.find((f) => f.count > 0);

/** A feature's own images (a list or a comma-separated string), empty when it has none. */
export const featureImages = (feature: Feature | undefined): string[] => imageList(feature?.images);

/** The gallery for a choice: the feature's own images when it has any, else the product's. */
export interface Gallery {
  images: string[];
  /** Whether the images are the feature's own (their thumbnails show even for one image). */
  own: boolean;
  /** Whether the thumbnails show: for a feature's own images always, for the product's from two images. */
  thumbnails: boolean;
}

export function galleryFor(productImages: string[], feature: Feature | undefined): Gallery {
  const own = featureImages(feature);
  return own.length > 0
    ? { images: own, own: true, thumbnails: true }
    : { images: productImages, own: false, thumbnails: productImages.length > 1 };
}

/** The feature's name on its button: its attribute values, or its id. */
export const featureName = (feature: Feature): string =>
  feature.attributes.map((a) => a.value).join(' · ') || `#${feature.id}`;

/** What the buy block shows for the chosen feature (or none): the price to pay, the struck price and stock. */
export interface BuyView {
  amount: number;
  /** The price before the discount and the percent, when a discount applies. */
  discount: { price: number; percent: number } | null;
  /** Null when unknown. */
  stock: number | null;
}

export function buyView(product: LiveProduct, selected: Feature | undefined): BuyView {
  // A feature with a price of its own is sold at that price, without the product's discount.
  const discounted = !selected?.price && hasDiscount(product);
  return {
    amount: selected?.price ?? payablePrice(product),
    discount: discounted ? { price: product.price, percent: discountPercent(product) } : null,
    stock: selected ? selected.count : product.stock,
  };
}

/** Nothing left of the choice (or, with none, the product); unknown stock is never sold out. */
export const soldOut = (view: Pick<BuyView, 'stock'>): boolean => view.stock !== null && view.stock <= 0;

/** The stock line: out of stock, the units or kilograms left, or nothing when the backend gives no figure. */
export function stockText(
  t: Translate<'product.stock.out' | 'product.stock.kg' | 'product.stock.pcs'>,
  stock: number | null,
  unit: LiveProduct['unit'],
): string {
  if (stock === null) return '';
  if (stock <= 0) return t('product.stock.out');
  return t(unit === 'kg' ? 'product.stock.kg' : 'product.stock.pcs', { count: stock });
}

/**
 * What of a product's reviews its page shows (the count, and the latest
 * reviews' ids, ratings, texts and photos), as a short fingerprint (FNV-1a, 32
 * bits, hex): the built section is drawn again only when the API's reviews give
 * a different one. The page carries the fingerprint, not a second copy of the texts.
 */
export function reviewsShown(reviews: readonly Review[], count: number, shown: number): string {
  const text = JSON.stringify([
    count,
    reviews
      .slice(0, shown)
      .map((r) => [r.id, r.rating, r.author, r.advantage, r.shortcoming, r.comment, r.created_at, r.images]),
  ]);
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return (hash >>> 0).toString(16).padStart(8, '0');
}
