/**
 * Order statuses and what they allow (spec §2 Profile, §4), one rule for the
 * reference API and the storefront: the short label of each full status, the
 * tabs of My orders, whether an order can still be cancelled or paid, and the
 * storefront page a payment returns to. Plain data without zod, so islands
 * can import it without the schemas.
 */
import type { Lang } from './langs.ts';

/** The fuller order flow of the help text (spec §4). */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'assembling',
  'delivering',
  'ready_for_pickup',
  'delivered',
  'returned',
  'cancelled',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Payment states: spec §4's paid and unpaid, and the refund of a paid order that was cancelled. */
export const PAYMENT_STATUSES = ['unpaid', 'paid', 'refund_pending', 'refunded'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

/** The short labels (spec §4): new, in progress, success, cancelled. */
export const ORDER_STATUS_LABELS = ['new', 'in_progress', 'success', 'cancelled'] as const;
export type OrderStatusLabel = (typeof ORDER_STATUS_LABELS)[number];

/** The short label of a full order status (spec §4). */
export function statusLabel(status: OrderStatus): OrderStatusLabel {
  switch (status) {
    case 'awaiting_payment':
      return 'new';
    case 'assembling':
    case 'delivering':
    case 'ready_for_pickup':
      return 'in_progress';
    case 'delivered':
      return 'success';
    case 'returned':
    case 'cancelled':
      return 'cancelled';
  }
}

/** Every full status shown under one label. */
export const statusesFor = (label: OrderStatusLabel): OrderStatus[] =>
  ORDER_STATUSES.filter((s) => statusLabel(s) === label);

/** The tabs of My orders, in the order shown (spec §2 Profile). */
export const ORDER_TABS = ['all', 'cancelled', 'delivered', 'active'] as const;
export type OrderTab = (typeof ORDER_TABS)[number];

/** The labels each tab holds; active is everything still under way (new and in progress). */
const TAB_LABELS: Record<OrderTab, readonly OrderStatusLabel[]> = {
  all: ORDER_STATUS_LABELS,
  cancelled: ['cancelled'],
  delivered: ['success'],
  active: ['new', 'in_progress'],
};

export const inTab = (tab: OrderTab, status: OrderStatus): boolean => TAB_LABELS[tab].includes(statusLabel(status));

/** Every full status shown under one tab. */
export const statusesOfTab = (tab: OrderTab): OrderStatus[] => ORDER_STATUSES.filter((s) => inTab(tab, s));

/** Statuses an order cannot leave by the shopper's hand: delivered (a return goes through the shop), returned, cancelled. */
const CLOSED: readonly OrderStatus[] = ['delivered', 'returned', 'cancelled'];

/** The shopper may cancel an order until it is delivered (POST /orders/{id}/cancel/). */
export const canCancel = (status: OrderStatus): boolean => !CLOSED.includes(status);

/** An unpaid order can be paid unless it was cancelled or returned (POST /orders/{id}/pay/). */
export const canPay = (order: { status: OrderStatus; payment_status: PaymentStatus }): boolean =>
  order.payment_status === 'unpaid' && order.status !== 'cancelled' && order.status !== 'returned';

/**
 * The storefront pages a payment returns to: the checkout's success page, or
 * the order's page in the profile. The pay call names one of them, never a
 * URL, so a payment can only ever return to this shop.
 */
export const PAY_RETURNS = ['success', 'order'] as const;
export type PayReturn = (typeof PAY_RETURNS)[number];

/** The storefront path (with its query) of an order's page; `failed` after a payment that did not go through. */
export function orderPagePath(lang: Lang, order: number, page: PayReturn, failed = false): string {
  const path = page === 'order' ? `/${lang}/profile/order?id=${order}` : `/${lang}/orders-success?order=${order}`;
  return failed ? `${path}&payment=failed` : path;
}
