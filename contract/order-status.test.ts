import { describe, expect, it } from 'vitest';
import {
  canCancel,
  canPay,
  inTab,
  ORDER_STATUSES,
  ORDER_TABS,
  orderPagePath,
  statusesFor,
  statusesOfTab,
  statusLabel,
  type OrderStatus,
  type OrderStatusLabel,
  type OrderTab,
} from './order-status.ts';

/** Every full status: its short label, the tabs that hold it, whether it can be cancelled (spec §4). */
const TABLE: Record<OrderStatus, { label: OrderStatusLabel; tabs: OrderTab[]; cancel: boolean }> = {
  awaiting_payment: { label: 'new', tabs: ['all', 'active'], cancel: true },
  assembling: { label: 'in_progress', tabs: ['all', 'active'], cancel: true },
  delivering: { label: 'in_progress', tabs: ['all', 'active'], cancel: true },
  ready_for_pickup: { label: 'in_progress', tabs: ['all', 'active'], cancel: true },
  delivered: { label: 'success', tabs: ['all', 'delivered'], cancel: false },
  returned: { label: 'cancelled', tabs: ['all', 'cancelled'], cancel: false },
  cancelled: { label: 'cancelled', tabs: ['all', 'cancelled'], cancel: false },
};

describe('order statuses', () => {
  it('the table names every status', () => {
    expect(Object.keys(TABLE).sort()).toEqual([...ORDER_STATUSES].sort());
  });

  describe.each(ORDER_STATUSES)('%s', (status) => {
    const expected = TABLE[status];
    it(`is labelled ${expected.label}`, () => {
      expect(statusLabel(status)).toBe(expected.label);
      expect(statusesFor(expected.label)).toContain(status);
    });
    it(`sits in the tabs ${expected.tabs.join(', ')} and no other`, () => {
      expect(ORDER_TABS.filter((tab) => inTab(tab, status))).toEqual(expected.tabs);
      for (const tab of ORDER_TABS) expect(statusesOfTab(tab).includes(status)).toBe(expected.tabs.includes(tab));
    });
    it(expected.cancel ? 'can be cancelled' : 'cannot be cancelled', () => {
      expect(canCancel(status)).toBe(expected.cancel);
    });
    it('can be paid only while unpaid, and never once cancelled or returned', () => {
      expect(canPay({ status, payment_status: 'paid' })).toBe(false);
      expect(canPay({ status, payment_status: 'unpaid' })).toBe(status !== 'cancelled' && status !== 'returned');
    });
  });

  it('active holds exactly the new and in-progress orders, all holds every order', () => {
    expect(statusesOfTab('active')).toEqual([...statusesFor('new'), ...statusesFor('in_progress')]);
    expect(statusesOfTab('all')).toEqual([...ORDER_STATUSES]);
  });
});

describe('orderPagePath', () => {
  it('is the success page or the profile order page, with payment=failed after a failed payment', () => {
    expect(orderPagePath('uz', 7, 'success')).toBe('/uz/orders-success?order=7');
    expect(orderPagePath('ru', 7, 'success', true)).toBe('/ru/orders-success?order=7&payment=failed');
    expect(orderPagePath('uz', 12, 'order')).toBe('/uz/profile/order?id=12');
    expect(orderPagePath('ru', 12, 'order', true)).toBe('/ru/profile/order?id=12&payment=failed');
  });
});
