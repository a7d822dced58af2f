/**
 * All reviews of a product for its comments page, at build time: the latest
 * reviews from the catalogue when they are all there, else one API call per
 * product (shared by both languages: reviews are the shoppers' own text).
 */
import { buildApi } from './catalogue.ts';
import type { CatalogueProduct, Review } from '#contract/schemas.ts';

const cache = new Map<number, Promise<Review[]>>();

export function allReviews(product: CatalogueProduct, apiUrl: string): Promise<Review[]> {
  if (product.latest_reviews.length >= product.reviews_count) return Promise.resolve(product.latest_reviews);
  let reviews = cache.get(product.id);
  if (!reviews) {
    const api = buildApi(apiUrl, 'uz');
    reviews = api
      .call('productComments', { params: { id: product.id } })
      .then((list) => [...list].sort((a, b) => b.created_at.localeCompare(a.created_at)));
    cache.set(product.id, reviews);
  }
  return reviews;
}
