/**
 * What the product page reads from the API after it loads: the product's
 * price and stock, so a stale build never sells at an old price, its
 * reviews, so a review written since the build shows at once, and the
 * products related to it (spec §7), which the page does not carry. Each answer is
 * kept in sessionStorage for 5 minutes (spec §9); one kept from before the
 * page was built, or (reviews) before the shopper's own last review of the
 * product, is older than what it would replace and is not used. A product the
 * API no longer has (404) is `gone`.
 */
import type { Lang } from '#contract/schemas.ts';
import type { ProductSummary, Review } from '../../../backend/shop.ts';
import { asLiveProduct, asRelated, asReviews, freshKept, type Kept, type LiveProduct } from '../rules/live-product.ts';
import { productPage, statusOf } from '../../../backend/index.ts';
import { readProduct } from '../../../shared/products.ts';
import { reviewedAt } from '../../../shared/reviewed.ts';

/** What the live check found: the value now, a product the API no longer has, or no answer. */
export type Live<T> = { state: 'fresh'; value: T } | { state: 'gone' } | { state: 'failed' };

const liveKey = (lang: Lang, id: number) => `bozor:product:${lang}:${id}`;
/** Reviews are the shoppers' own words, the same in both languages. */
const reviewsKey = (id: number) => `bozor:comments:${id}`;
const relatedKey = (lang: Lang, id: number) => `bozor:related:${lang}:${id}`;

function kept(key: string): string | null {
  try {
    return sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function keep(key: string, value: unknown) {
  try {
    sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), value } satisfies Kept));
  } catch {
    // Storage full or unavailable: the answer is still used.
  }
}

async function readLive<T>(
  key: string,
  notBefore: number,
  accept: (data: unknown) => T | null,
  read: () => Promise<unknown>,
): Promise<Live<T>> {
  const cached = freshKept(kept(key), notBefore, accept, Date.now());
  if (cached) return { state: 'fresh', value: cached };
  try {
    const value = accept(await read());
    if (!value) return { state: 'failed' };
    keep(key, value);
    return { state: 'fresh', value };
  } catch (error) {
    return statusOf(error) === 404 ? { state: 'gone' } : { state: 'failed' };
  }
}

/** The product's price, stock and features now (`builtAt`: when the page was built, ISO). */
export const liveProduct = (lang: Lang, id: number, builtAt: string): Promise<Live<LiveProduct>> =>
  readLive(liveKey(lang, id), Date.parse(builtAt), asLiveProduct, () => readProduct(id));

/** The product's reviews now, newest first, as GET /product-comments/{id}/ answers them. */
export const liveReviews = (id: number, builtAt: string): Promise<Live<Review[]>> =>
  readLive(reviewsKey(id), Math.max(Date.parse(builtAt), reviewedAt(id)), asReviews, () => productPage.reviews(id));

/** The products related to one, as GET /products/related-products/{id}/ answers them. */
export const liveRelated = (lang: Lang, id: number): Promise<Live<ProductSummary[]>> =>
  readLive(relatedKey(lang, id), 0, asRelated, () => productPage.related(id));
