/**
 * My orders, pure (spec §2 Profile, §4): the tab named in the page address,
 * the status an order shows, whether the shopper can pay it here, and the
 * tab lists with their paging and their update after a change (a cancel) —
 * without a reload. The status rules themselves are the API's too:
 * contract/order-status.ts.
 */
import {
  canPay,
  inTab,
  ORDER_TABS,
  statusLabel,
  type OrderStatus,
  type OrderStatusLabel,
  type OrderTab,
} from '#contract/order-status.ts';
import type { OnlinePaymentMethod, PaymentMethod } from '#contract/schemas.ts';
import type { Order, OrderItem } from '../../../backend/orders.ts';
import { pageFromNext } from '../../../shared/paging.ts';
import { imageList, PLACEHOLDER_IMAGE, productTitle } from '../../../shared/product.ts';
import { toPositiveInt } from '../../../shared/storage.ts';

/** The tab of `?tab=`, all when missing or unknown. */
export function tabFromQuery(search: string): OrderTab {
  const tab = new URLSearchParams(search).get('tab');
  return ORDER_TABS.find((t) => t === tab) ?? 'all';
}

/** The order a page's query names (the order page's `?id=`, the success page's `?order=`), or null. */
export const orderIdFromQuery = (search: string, key = 'id'): number | null =>
  toPositiveInt(new URLSearchParams(search).get(key));

/** A failed sandbox or provider payment came back (`&payment=failed`). */
export const paymentFailedInQuery = (search: string): boolean =>
  new URLSearchParams(search).get('payment') === 'failed';

/**
 * What an order's status shows: the short label (new, in progress, success,
 * cancelled) and the fuller flow status beside it, unless the flow would only
 * repeat the label (a cancelled order is just cancelled).
 */
export function statusText(status: OrderStatus): {
  label: OrderStatusLabel;
  flow: Exclude<OrderStatus, 'cancelled'> | null;
} {
  return { label: statusLabel(status), flow: status === 'cancelled' ? null : status };
}

/** Methods paid through a provider's link (POST /orders/{id}/pay/) right after the order is placed. */
export type PayLinkMethod = OnlinePaymentMethod;
export const isPayLinkMethod = (method: PaymentMethod): method is PayLinkMethod =>
  method === 'payme' || method === 'click' || method === 'mastercard' || method === 'card';

/** An unpaid order paid online the API would still take payment for: it gets a pay button. */
export const canPayOnline = <O extends Pick<Order, 'status' | 'payment_status' | 'payment_method'>>(
  order: O,
): order is O & { payment_method: PayLinkMethod } => canPay(order) && isPayLinkMethod(order.payment_method);

/** The orders of one tab loaded so far. */
export interface OrderList {
  orders: Order[];
  /** Orders in the tab on the server. */
  count: number;
  /** The next page to load (read from the answer's `next` link, spec §3), or null on the last. */
  next: number | null;
}

export type OrderLists = Partial<Record<OrderTab, OrderList>>;

/** A list with one more page of the API's answer; an order already shown (lists move while paging) is not repeated. */
export function addPage(
  list: OrderList | undefined,
  page: { count: number; next: string | null; results: Order[] },
): OrderList {
  const orders = list ? [...list.orders] : [];
  for (const order of page.results) if (!orders.some((o) => o.id === order.id)) orders.push(order);
  return { orders, count: page.count, next: pageFromNext(page.next) };
}

/**
 * The lists after `order` changed (a cancel): it is replaced where it still
 * belongs, removed where it no longer does, and a tab it newly belongs to is
 * dropped, to be loaded again in the API's order when next shown.
 */
export function withOrder(lists: OrderLists, order: Order): OrderLists {
  const next: OrderLists = {};
  for (const tab of ORDER_TABS) {
    const list = lists[tab];
    if (!list) continue;
    const shown = list.orders.some((o) => o.id === order.id);
    const belongs = inTab(tab, order.status);
    if (shown && belongs) next[tab] = { ...list, orders: list.orders.map((o) => (o.id === order.id ? order : o)) };
    else if (shown)
      next[tab] = { ...list, orders: list.orders.filter((o) => o.id !== order.id), count: list.count - 1 };
    else if (!belongs) next[tab] = list;
  }
  return next;
}

/** A line's picture: its feature's first image (the colour bought), else the product's, else the placeholder. */
export function orderLineImage(item: Pick<OrderItem, 'product' | 'feature'>): string {
  return imageList(item.feature?.images)[0] ?? imageList(item.product.images)[0] ?? PLACEHOLDER_IMAGE;
}

/** How many lines an order in the list shows as pictures; the rest are counted ("+3"). */
const ORDER_THUMBNAILS = 4;

/** The pictures an order shows in the list: its first lines', with their titles, and how many lines are left. */
export function orderThumbnails(
  order: Pick<Order, 'items'>,
  max = ORDER_THUMBNAILS,
): { lines: { id: number; image: string; title: string }[]; more: number } {
  // One place fewer when the rest would take it anyway: "+1" says no more than a fourth picture.
  const shown = order.items.length > max ? max - 1 : max;
  return {
    lines: order.items
      .slice(0, shown)
      .map((item) => ({ id: item.id, image: orderLineImage(item), title: productTitle(item.product) })),
    more: Math.max(0, order.items.length - shown),
  };
}
