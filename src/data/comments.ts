/**
 * All reviews of a product for its comments page, at build time: the latest
 * reviews from the catalogue when they are all there, else the product's
 * reviews as the catalogue's loader reads them (once per build, shared by both
 * languages: reviews are the shoppers' own text).
 */
import { buildApi, productReviews } from './catalogue.ts';
import type { CatalogueProduct, Review } from '../lib/backend/shop.ts';

export function allReviews(product: CatalogueProduct, apiUrl: string): Promise<Review[]> {
  if (product.latest_reviews.length >= (product.reviews_count ?? 0)) return Promise.resolve(product.latest_reviews);
  return buildApi(apiUrl, 'uz').then((api) => productReviews(api, product.id));
}
