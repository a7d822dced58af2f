/**
 * My orders (spec §4, and the calls contract/guessed-calls.ts proposes): the tabs page by page, one order,
 * cancelling, and an unpaid order's pay link. Used as `orders.list(tab, page)`; checkout places them (checkout.ts).
 */
import type { OrderTab, PayReturn } from '#contract/order-status.ts';
import type { OnlinePaymentMethod } from '#contract/schemas.ts';
import { call } from '../api.ts';
import type { Order } from '../orders.ts';
import type { Page } from '../shop.ts';

/** One page of a tab of My orders, newest first. */
export const list = (tab: OrderTab, page: number): Promise<Page<Order>> =>
  call('orders', { query: { tab, page: String(page) } });

export const read = (id: number): Promise<Order> => call('order', { params: { id } });

/** The order as it is once cancelled; a refusal (400: delivered, returned or cancelled already) says why. */
export const cancel = (id: number): Promise<Order> => call('cancelOrder', { params: { id } });

/** The provider's checkout link of an unpaid order; the payment returns to the success page or the order's page. */
export const pay = async (id: number, method: OnlinePaymentMethod, returnTo: PayReturn = 'success'): Promise<string> =>
  (await call('payOrder', { params: { id }, body: { method, return_to: returnTo } })).payment_url;
