/**
 * All reviews of a product for its comments page, at build time: the latest
 * reviews from the catalogue when they are all there, else one API call per
 * product (shared by both languages: reviews are the shoppers' own text).
 */
import { newestFirst } from '../lib/product.ts';
import { buildApi } from './catalogue.ts';
import type { CatalogueProduct, Review } from '../lib/backend/shop.ts';

const cache = new Map<number, Promise<Review[]>>();

export function allReviews(product: CatalogueProduct, apiUrl: string): Promise<Review[]> {
  if (product.latest_reviews.length >= (product.reviews_count ?? 0)) return Promise.resolve(product.latest_reviews);
  let reviews = cache.get(product.id);
  if (!reviews) {
    reviews = buildApi(apiUrl, 'uz')
      .then((api) => api.call('productComments', { params: { id: product.id } }))
      .then(newestFirst);
    cache.set(product.id, reviews);
  }
  return reviews;
}
