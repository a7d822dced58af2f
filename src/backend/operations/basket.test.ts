import { describe, expect, it } from 'vitest';
import { BLACK, item } from '../../../tests/unit/support/server-basket.ts';
import { readServerBasket, readServerLine } from './basket.ts';

describe('readServerLine', () => {
  it('reads the product and feature as objects or bare ids, and numbers as numeric strings', () => {
    expect(readServerLine(item(3, 5, BLACK, 2))).toMatchObject({
      id: 3,
      product: 5,
      feature: 11,
      quantity: 2,
      price: 900,
      product_detail: { id: 5, title: 'Phone 5', images: ['/media/5.svg', '/media/5-2.svg'] },
      feature_detail: { id: 11, count: 4 },
    });
    expect(readServerLine(item(4, 5, BLACK, 1, '12500000.00', true))).toEqual({
      id: 4,
      product: 5,
      feature: 11,
      quantity: 1,
      price: 12_500_000,
      product_detail: null,
      feature_detail: null,
    });
    expect(readServerLine({ ...item(6, 5, null), quantity: '3', extra: { unknown: true } })).toMatchObject({
      quantity: 3,
      feature: null,
    });
  });
  it('skips an item without a product, and reads a paged answer as its results', () => {
    expect(readServerLine({ id: 1, quantity: 1 })).toBeNull();
    expect(readServerLine('nonsense')).toBeNull();
    expect(readServerBasket({ count: 2, next: null, results: [item(1, 5, null), { id: 2 }] })).toHaveLength(1);
    expect(readServerBasket(null)).toEqual([]);
  });
});
