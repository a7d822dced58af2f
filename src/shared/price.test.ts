import { describe, expect, it } from 'vitest';
import { discountPercent, formatPrice, hasDiscount } from './price.ts';

describe('prices', () => {
  it('formats in the Uzbek locale with UZS, whole soʻm', () => {
    expect(formatPrice(3499000, 'uz')).toBe('3\u00a0499\u00a0000\u00a0soʻm');
    expect(formatPrice(1999.6, 'uz')).toBe('2\u00a0000\u00a0soʻm');
  });

  it('names the currency in the page language: сум on Russian pages', () => {
    expect(formatPrice(3499000, 'ru')).toBe('3\u00a0499\u00a0000\u00a0сум');
    expect(formatPrice(0, 'ru')).toBe('0\u00a0сум');
  });

  it('shows a discount only when it is a real reduction', () => {
    expect(hasDiscount({ price: 100, discount: 10, discount_price: 90 })).toBe(true);
    expect(hasDiscount({ price: 100, discount: 5, discount_price: 120 })).toBe(false);
  });

  it('shows the API percent, else computes it', () => {
    expect(discountPercent({ price: 100, discount: 12, discount_price: 88 })).toBe(12);
    expect(discountPercent({ price: 200, discount: null, discount_price: 150 })).toBe(25);
    expect(discountPercent({ price: 200, discount: 30, discount_price: null })).toBe(0);
  });
});
