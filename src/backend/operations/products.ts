/**
 * A product as it is now (spec §7), for a basket's or a favourite's line and the product page's live check. Used as
 * `products.read(id)`; the product page's own reads are `productPage` (product-page.ts), kept apart so that pages
 * listing products do not load them.
 */
import { call } from '../api.ts';
import type { Product } from '../shop.ts';

export const read = (id: number): Promise<Product> => call('product', { params: { id } });
