/**
 * Every review of a product for its comments page, at build time: the latest reviews from the catalogue when they are
 * all there, else the product's reviews as the catalogue's loader reads them (once per build, shared by both
 * languages: reviews are the shoppers' own text), or as the rebuild handed them over.
 */
import { buildApi, handedFolder, productReviews } from './catalogue.ts';
import { readReviews } from './catalogue-file.ts';
import type { CatalogueProduct, Review } from '../backend/shop.ts';

/** Products whose reviews are read at a time. */
const AT_ONCE = 16;

/** Whether the catalogue shows only a product's latest reviews, so its comments page needs them all. */
export const showsSomeReviews = (product: CatalogueProduct): boolean =>
  product.latest_reviews.length < (product.reviews_count ?? 0);

function allReviews(product: CatalogueProduct, apiUrl: string): Promise<Review[]> {
  if (!showsSomeReviews(product)) return Promise.resolve(product.latest_reviews);
  return buildApi(apiUrl, 'uz').then((api) => productReviews(api, product.id));
}

/**
 * All reviews of each product, by id, read AT_ONCE products at a time: from the rebuild's handover when the build
 * has one (BUILD_CATALOGUE: the rebuild read them while Astro started), else from the API.
 */
export async function reviewsOf(products: readonly CatalogueProduct[], apiUrl: string): Promise<Map<number, Review[]>> {
  const handed = handedFolder();
  const read = handed ? await readReviews(handed) : new Map<number, Review[]>();
  const reviews = new Map<number, Review[]>();
  for (let i = 0; i < products.length; i += AT_ONCE) {
    const batch = products.slice(i, i + AT_ONCE);
    const lists = await Promise.all(batch.map((product) => read.get(product.id) ?? allReviews(product, apiUrl)));
    batch.forEach((product, index) => reviews.set(product.id, lists[index]!));
  }
  return reviews;
}
