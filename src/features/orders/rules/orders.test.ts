import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, statusLabel, type OrderStatus } from '#contract/order-status.ts';
import { OnlinePaymentMethod, PaymentMethod } from '#contract/schemas.ts';
import type { Order, OrderItem } from '../../../backend/orders.ts';
import { QARSHI_ADDRESS } from '../../../../tests/fixtures/address.ts';
import { PLACEHOLDER_IMAGE } from '../../../shared/product.ts';
import {
  addPage,
  canPayOnline,
  orderIdFromQuery,
  orderLineImage,
  orderThumbnails,
  paymentFailedInQuery,
  statusText,
  tabFromQuery,
  withOrder,
  type OrderLists,
} from './orders.ts';

const order = (id: number, status: OrderStatus = 'assembling', extra: Partial<Order> = {}): Order => ({
  id,
  number: `BZ-${String(id).padStart(6, '0')}`,
  status,
  payment_method: 'cash',
  payment_status: 'unpaid',
  delivery_type: 'city',
  delivery_date: '2026-11-24',
  customer_name: 'Ali Valiyev',
  customer_phone: '+998901234567',
  address: QARSHI_ADDRESS,
  price: 100_000,
  items: [],
  receipt: { sales: null, return: null },
  created_at: '2026-11-22T05:00:00.000Z',
  ...extra,
});

describe('statusText', () => {
  it.each(ORDER_STATUSES)('%s: its short label, and the fuller flow unless that only repeats it', (status) => {
    const shown = statusText(status);
    expect(shown.label).toBe(statusLabel(status));
    expect(shown.flow).toBe(status === 'cancelled' ? null : status);
  });
});

describe('canPayOnline', () => {
  const payLink: readonly string[] = OnlinePaymentMethod.options;
  it.each(PaymentMethod.options)('%s: a pay button only for an unpaid order paid online, still payable', (method) => {
    for (const status of ORDER_STATUSES) {
      const open = status !== 'cancelled' && status !== 'returned';
      expect(canPayOnline({ status, payment_method: method, payment_status: 'unpaid' })).toBe(
        open && payLink.includes(method),
      );
      expect(canPayOnline({ status, payment_method: method, payment_status: 'paid' })).toBe(false);
    }
  });
});

describe('the page address', () => {
  it('names the tab, all when missing or unknown', () => {
    expect(tabFromQuery('?tab=active')).toBe('active');
    expect(tabFromQuery('?tab=cancelled&x=1')).toBe('cancelled');
    expect(tabFromQuery('')).toBe('all');
    expect(tabFromQuery('?tab=open')).toBe('all');
    expect(tabFromQuery('?tab=constructor')).toBe('all');
  });

  it('names the order by a positive whole id', () => {
    expect(orderIdFromQuery('?id=12')).toBe(12);
    expect(orderIdFromQuery('?id=12&payment=failed')).toBe(12);
    for (const bad of ['', '?id=', '?id=0', '?id=-3', '?id=1.5', '?id=abc', '?order=12'])
      expect(orderIdFromQuery(bad), bad).toBeNull();
  });

  it("reads the success page's ?order= when asked to", () => {
    expect(orderIdFromQuery('?order=7&payment=failed', 'order')).toBe(7);
    expect(orderIdFromQuery('?id=7', 'order')).toBeNull();
  });

  it('tells a failed payment', () => {
    expect(paymentFailedInQuery('?id=3&payment=failed')).toBe(true);
    expect(paymentFailedInQuery('?id=3')).toBe(false);
  });
});

describe('addPage', () => {
  it('starts a list, adds the next page read from `next`, and ends on the last', () => {
    const first = addPage(undefined, {
      count: 3,
      next: 'http://api/api/v1/orders/?tab=all&page=2',
      results: [order(3), order(2)],
    });
    expect(first).toEqual({ orders: [order(3), order(2)], count: 3, next: 2 });
    const all = addPage(first, { count: 3, next: null, results: [order(1)] });
    expect(all).toEqual({ orders: [order(3), order(2), order(1)], count: 3, next: null });
  });

  it('does not repeat an order that moved onto the next page', () => {
    const first = addPage(undefined, { count: 3, next: '/orders/?page=2', results: [order(3), order(2)] });
    expect(addPage(first, { count: 3, next: null, results: [order(2), order(1)] }).orders.map((o) => o.id)).toEqual([
      3, 2, 1,
    ]);
  });
});

describe('withOrder', () => {
  const lists: OrderLists = {
    all: { orders: [order(2), order(1, 'delivered')], count: 2, next: null },
    active: { orders: [order(2)], count: 1, next: null },
    delivered: { orders: [order(1, 'delivered')], count: 1, next: null },
    cancelled: { orders: [order(7, 'cancelled')], count: 5, next: 2 },
  };

  it('a cancelled order: replaced in all, gone from active, and the cancelled tab is loaded again', () => {
    const cancelled = order(2, 'cancelled');
    const next = withOrder(lists, cancelled);
    expect(next.all).toEqual({ orders: [cancelled, order(1, 'delivered')], count: 2, next: null });
    expect(next.active).toEqual({ orders: [], count: 0, next: null });
    expect(next.delivered).toBe(lists.delivered);
    expect(next.cancelled).toBeUndefined();
  });

  it('a change within the same tabs replaces the order where it is shown', () => {
    const paid = order(2, 'assembling', { payment_status: 'paid' });
    const next = withOrder(lists, paid);
    expect(next.all?.orders[0]).toBe(paid);
    expect(next.active?.orders).toEqual([paid]);
    expect(next.cancelled).toBe(lists.cancelled);
  });

  it('leaves tabs not loaded unloaded', () => {
    expect(withOrder({ active: lists.active! }, order(2, 'cancelled'))).toEqual({
      active: { orders: [], count: 0, next: null },
    });
  });
});

describe('order pictures', () => {
  const line = (id: number, images: OrderItem['product']['images'], feature: string[] | null = null): OrderItem => ({
    id,
    product: {
      id,
      title: `Product ${id}`,
      price: 1000,
      discount: null,
      discount_price: null,
      images,
      rating: null,
      reviews_count: 0,
    },
    quantity: 1,
    price: 1000,
    feature: feature && { id: 1, count: 1, price: null, images: feature, attributes: [] },
  });

  it('a line shows its feature’s picture, else the product’s, else the placeholder', () => {
    expect(orderLineImage(line(1, ['/p.jpg'], ['/red.jpg']))).toBe('/red.jpg');
    expect(orderLineImage(line(1, ['/a.jpg', '/b.jpg'], []))).toBe('/a.jpg');
    expect(orderLineImage(line(1, []))).toBe(PLACEHOLDER_IMAGE);
  });

  it('the list shows up to four lines’ pictures, three and a count when more', () => {
    const items = (n: number) => Array.from({ length: n }, (_, i) => line(i + 1, [`/${i + 1}.jpg`]));
    expect(orderThumbnails(order(1, 'awaiting_payment', { items: items(4) }))).toEqual({
      lines: [1, 2, 3, 4].map((id) => ({ id, image: `/${id}.jpg`, title: `Product ${id}` })),
      more: 0,
    });
    const many = orderThumbnails(order(1, 'awaiting_payment', { items: items(7) }));
    expect(many.lines.map((l) => l.id)).toEqual([1, 2, 3]);
    expect(many.more).toBe(4);
    expect(orderThumbnails(order(1, 'awaiting_payment', { items: [] }))).toEqual({ lines: [], more: 0 });
  });
});
