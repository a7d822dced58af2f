/** A product as it is now, its reviews and the products related to it (spec §7), read in the browser. */
import { getApi } from '../api.ts';
import type { Product, ProductSummary, Review } from '../shop.ts';

export const products = {
  read: async (id: number): Promise<Product> => (await getApi()).call('product', { params: { id } }),

  /** Its reviews, as GET /product-comments/{id}/ lists them. */
  reviews: async (id: number): Promise<Review[]> => (await getApi()).call('productComments', { params: { id } }),

  related: async (id: number): Promise<ProductSummary[]> =>
    (await getApi()).call('relatedProducts', { params: { id } }),
};
