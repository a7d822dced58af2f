/** Money and ids at the contract's edges: what the reference API takes and answers. */
import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { LIMITS } from '#contract/limits.ts';
import { AddToBasket, BasketDeleteMany, Order, Product, VerifyRequest } from '#contract/schemas.ts';
import { QARSHI_ADDRESS } from '../fixtures/address.ts';

const product = {
  id: 1,
  title: 'A',
  price: 1000,
  discount: null,
  discount_price: null,
  images: null,
  rating: null,
  reviews_count: 0,
  description: null,
  stock: 1,
  unit: 'pcs',
  warranty_years: 1,
  category: null,
  store: null,
  features: [],
};

describe('money', () => {
  it.each([1e308, LIMITS.price + 1, -1, Number.POSITIVE_INFINITY, Number.NaN])('refuses a price of %s', (price) => {
    const parsed = z.safeParse(Product, { ...product, price });
    expect(parsed.success).toBe(false);
  });

  it('takes the largest price and zero', () => {
    for (const price of [0, LIMITS.price]) {
      const issues = z.safeParse(Product, { ...product, price }).error?.issues ?? [];
      expect(issues.filter((issue) => issue.path[0] === 'price')).toEqual([]);
    }
  });

  it('refuses an order total past the largest price', () => {
    const order = z.safeParse(Order, {
      id: 1,
      number: '1',
      status: 'new',
      status_label: 'new',
      payment_method: 'cash',
      payment_status: 'unpaid',
      delivery_type: 'city',
      delivery_date: '2026-01-01',
      customer_name: 'A',
      customer_phone: '+998901234567',
      address: QARSHI_ADDRESS,
      price: 1e308,
      count: 1,
      items: [],
      receipt: { sales: null, return: null },
      created_at: '2026-01-01',
    });
    expect(order.error?.issues.map((issue) => issue.path.join('.'))).toContain('price');
  });
});

describe('ids', () => {
  const huge = [2 ** 53 + 2, 2 ** 60, LIMITS.id + 1, 0, -5, 1.5];
  it.each(huge)('refuses %s as a product, basket line or sign-in id', (id) => {
    expect(z.safeParse(AddToBasket, { product: id, quantity: 1 }).success).toBe(false);
    expect(z.safeParse(BasketDeleteMany, { items: [id] }).success).toBe(false);
    if (id > Number.MAX_SAFE_INTEGER || id < 1 || !Number.isInteger(id))
      expect(z.safeParse(VerifyRequest, { user: id, code: 'AB12' }).success).toBe(false);
  });
});
