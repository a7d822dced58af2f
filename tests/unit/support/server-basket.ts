/** Server basket items as a backend sends them, for the tests of their reader and of the basket's lines. */
import type { Feature } from '../../../src/backend/shop.ts';

export const BLACK: Feature = {
  id: 11,
  count: 4,
  price: null,
  images: ['/media/black.svg'],
  attributes: [{ key: 'color', name: 'Rang', value: 'Qora' }],
};

/** A server basket item as a backend sends it: the product and feature as objects (or, `bare`, as ids). */
export const item = (
  id: number,
  product: number,
  feature: Feature | null,
  quantity = 1,
  price: unknown = 900,
  bare = false,
) => ({
  id,
  product: bare
    ? product
    : {
        id: product,
        title: `Phone ${product}`,
        price: 1000,
        discount: 10,
        discount_price: 900,
        images: `/media/${product}.svg,/media/${product}-2.svg`,
      },
  feature: feature && bare ? feature.id : feature,
  quantity,
  price,
});
