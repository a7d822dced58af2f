import { describe, expect, it } from 'vitest';
import { payablePrice, unitPrice, unitPrices } from './price.ts';

describe('unit price', () => {
  it('takes the discount price only when it is a real reduction', () => {
    expect(payablePrice({ price: 100, discount_price: 80 })).toBe(80);
    expect(payablePrice({ price: 100, discount_price: null })).toBe(100);
    expect(payablePrice({ price: 100, discount_price: 100 })).toBe(100);
    expect(payablePrice({ price: 100, discount_price: 120 })).toBe(100);
    expect(payablePrice({ price: 100, discount_price: 0 })).toBe(100);
  });

  it("prefers a variant's own price, with no discount on it", () => {
    expect(unitPrices({ price: 100, discount_price: 80 }, { price: 150 })).toEqual({ price: 150, listPrice: 150 });
    expect(unitPrices({ price: 100, discount_price: 80 }, { price: null })).toEqual({ price: 80, listPrice: 100 });
    expect(unitPrice({ price: 100, discount_price: 120 }, null)).toBe(100);
    expect(unitPrice({ price: 100, discount_price: 90 }, undefined)).toBe(90);
  });
});
