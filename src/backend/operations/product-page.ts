/** What the product page reads after it loads, beside the product itself (spec §7). Used as `productPage.reviews(id)`. */
import { call } from '../api.ts';
import type { ProductSummary, Review } from '../shop.ts';

/** Its reviews, as GET /product-comments/{id}/ lists them. */
export const reviews = (id: number): Promise<Review[]> => call('productComments', { params: { id } });

export const related = (id: number): Promise<ProductSummary[]> => call('relatedProducts', { params: { id } });
