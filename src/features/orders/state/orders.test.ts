/**
 * The My orders store against the real reference API: each tab's list and its
 * paging, a failed load and its retry, cancelling (one call at a time, lists
 * and the open order updated, refusals and failures change nothing) and
 * paying through the pay link back to the order page.
 */
import { describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { ORDER_TABS, statusesOfTab, type OrderStatus } from '#contract/order-status.ts';
import { readOrder, type Order } from '../../../backend/orders.ts';
import {
  $cancelling,
  $openOrder,
  $orderLists,
  $orderListState,
  $paying,
  cancelOrder,
  loadOrders,
  loadOrdersOnce,
  openOrder,
  openOrderOnce,
  payOrder,
} from './orders.ts';
import { placeOrder } from '../../../../tests/api/helpers.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';

const shop = useShop();

const LIST = /^\/orders\/$/;
const CANCEL = /^\/orders\/\d+\/cancel\/$/;
const PAY = /^\/orders\/\d+\/pay\/$/;

/** A signed-in shopper's order, moved to `status` through the test route, as the shop reads it. */
async function order(access: string, status: OrderStatus = 'assembling', payment_method = 'cash'): Promise<Order> {
  const placed = calls.placeOrder.answer.parse((await placeOrder(shop.api, access, { payment_method })).body);
  if (placed.status === status) return readOrder(placed);
  const moved = await shop.api.call(`/__test__/orders/${placed.id}/status`, { method: 'POST', body: { status } });
  return readOrder(calls.order.answer.parse(moved.body));
}

const ids = (tab: (typeof ORDER_TABS)[number]) => $orderLists.get()[tab]?.orders.map((o) => o.id);

describe('order lists', () => {
  it('each tab holds its statuses, newest first', async () => {
    const { access } = await shop.signIn();
    const placed: Order[] = [];
    for (const status of ['awaiting_payment', 'delivering', 'delivered', 'returned', 'cancelled'] as const)
      placed.push(await order(access, status));
    for (const tab of ORDER_TABS) await loadOrders(tab);
    for (const tab of ORDER_TABS) {
      const expected = placed
        .filter((o) => statusesOfTab(tab).includes(o.status))
        .map((o) => o.id)
        .reverse();
      expect(ids(tab), tab).toEqual(expected);
    }
    expect($orderListState.get()).toEqual({});
  });

  it('pages: 20 first, "show more" loads the page the next link names, then the list ends', async () => {
    const { access } = await shop.signIn();
    for (let i = 0; i < 21; i++) await order(access, 'assembling');
    await loadOrders('active');
    expect($orderLists.get().active).toMatchObject({ count: 21, next: 2 });
    expect(ids('active')).toHaveLength(20);
    const more = loadOrders('active', { more: true });
    // A second click while the page is on its way asks once.
    expect(loadOrders('active', { more: true })).toBe(more);
    expect($orderListState.get().active).toBe('loading');
    await more;
    expect($orderLists.get().active).toMatchObject({ count: 21, next: null });
    expect(new Set(ids('active')).size).toBe(21);
    await loadOrders('active', { more: true });
    expect(shop.requests.filter((r) => LIST.test(r.slice(4)))).toHaveLength(2);
  });

  it.each([500, 'abort'] as const)('%s: the tab is marked failed; a retry loads it', async (answer) => {
    const { access } = await shop.signIn();
    const placed = await order(access);
    shop.fail({ method: 'GET', path: LIST, answer });
    await loadOrders('all');
    expect($orderListState.get().all).toBe('failed');
    expect($orderLists.get().all).toBeUndefined();
    shop.heal();
    await loadOrders('all');
    expect($orderListState.get().all).toBeUndefined();
    expect(ids('all')).toEqual([placed.id]);
  });
});

describe('loadOrdersOnce', () => {
  it('loads the tab for a signed-in shopper, unless it is loaded, on its way or failed', async () => {
    const listReads = () => shop.requests.filter((r) => r.startsWith('GET ') && LIST.test(r.slice(4).split('?')[0]!));
    loadOrdersOnce('all');
    expect($orderListState.get().all).toBeUndefined(); // a visitor: nothing to load
    const { access } = await shop.signIn();
    await order(access);
    loadOrdersOnce('all');
    expect($orderListState.get().all).toBe('loading');
    loadOrdersOnce('all');
    await loadOrders('all');
    expect(listReads()).toHaveLength(1);
    loadOrdersOnce('all');
    expect(listReads()).toHaveLength(1);
    expect($orderListState.get().all).toBeUndefined();

    shop.fail({ method: 'GET', path: LIST, answer: 500 });
    await loadOrders('active');
    expect($orderListState.get().active).toBe('failed');
    loadOrdersOnce('active');
    expect($orderListState.get().active).toBe('failed');
  });
});

describe('cancelOrder', () => {
  it('cancels once, and the lists and the open order show it without a reload', async () => {
    const { access } = await shop.signIn();
    const placed = await order(access, 'awaiting_payment');
    await Promise.all([loadOrders('all'), loadOrders('active'), loadOrders('cancelled'), openOrder(placed.id)]);
    expect(ids('active')).toEqual([placed.id]);
    expect(ids('cancelled')).toEqual([]);

    const first = cancelOrder(placed.id);
    expect(cancelOrder(placed.id)).toBe(first);
    const result = await first;
    expect($cancelling.get()).toBe(null);
    expect(shop.requests.filter((r) => r.startsWith('POST') && CANCEL.test(r.slice(5)))).toHaveLength(1);
    expect(result).toMatchObject({ ok: true, order: { id: placed.id, status: 'cancelled' } });
    expect($orderLists.get().all?.orders[0]?.status).toBe('cancelled');
    expect(ids('active')).toEqual([]);
    // The cancelled tab is loaded again when shown, in the API's order.
    expect($orderLists.get().cancelled).toBeUndefined();
    await loadOrders('cancelled');
    expect(ids('cancelled')).toEqual([placed.id]);
    expect($openOrder.get()).toMatchObject({ state: 'ready', order: { status: 'cancelled' } });
  });

  it('one at a time: a second order waits for the first', async () => {
    const { access } = await shop.signIn();
    const [a, b] = [await order(access), await order(access)];
    let release!: () => void;
    shop.fail({ method: 'POST', path: CANCEL, answer: new Promise<void>((done) => (release = done)) });
    const first = cancelOrder(a!.id);
    const second = cancelOrder(b!.id);
    await expect.poll(() => $cancelling.get()).toBe(a!.id);
    expect(shop.requests.filter((r) => r.startsWith('POST'))).toHaveLength(1);
    release();
    expect((await first).ok).toBe(true);
    expect((await second).ok).toBe(true);
    expect(shop.requests.filter((r) => r.startsWith('POST')).map((r) => r.split('/')[2])).toEqual([
      String(a!.id),
      String(b!.id),
    ]);
  });

  it('a refusal (400) gives the API’s reason; the order is unchanged everywhere', async () => {
    const { access } = await shop.signIn();
    const placed = await order(access, 'delivering');
    await Promise.all([loadOrders('active'), openOrder(placed.id)]);
    // Delivered meanwhile: the API refuses, in the shopper's language.
    await shop.api.call(`/__test__/orders/${placed.id}/status`, { method: 'POST', body: { status: 'delivered' } });
    const result = await cancelOrder(placed.id);
    expect(result).toEqual({ ok: false, detail: `${placed.number} raqamli buyurtmani endi bekor qilib boʻlmaydi.` });
    expect($orderLists.get().active?.orders).toEqual([placed]);
    expect($openOrder.get()).toMatchObject({ state: 'ready', order: placed });
  });

  it.each([500, 'abort'] as const)('%s: nothing known, nothing changed', async (answer) => {
    const { access } = await shop.signIn();
    const placed = await order(access);
    await loadOrders('active');
    shop.fail({ method: 'POST', path: CANCEL, answer });
    expect(await cancelOrder(placed.id)).toEqual({ ok: false, detail: null });
    expect($orderLists.get().active?.orders).toEqual([placed]);
    expect($cancelling.get()).toBe(null);
  });
});

describe('openOrder', () => {
  it('loads the order, says when it is not the shopper’s, and when it could not be loaded', async () => {
    const { access } = await shop.signIn();
    const placed = await order(access);
    await openOrder(placed.id);
    expect($openOrder.get()).toEqual({ id: placed.id, state: 'ready', order: placed });
    await shop.signIn();
    await openOrder(placed.id);
    expect($openOrder.get()).toEqual({ id: placed.id, state: 'not_found' });
    shop.fail({ method: 'GET', path: /^\/orders\/\d+\/$/, answer: 500 });
    await openOrder(placed.id);
    expect($openOrder.get()).toEqual({ id: placed.id, state: 'failed' });
  });

  it('openOrderOnce loads the page’s order once, whoever asks first; a failure waits for the retry', async () => {
    const reads = () => shop.requests.filter((r) => /^GET \/orders\/\d+\/$/.test(r)).length;
    openOrderOnce(1);
    expect($openOrder.get()).toBeNull(); // a visitor: nothing to load
    const { access } = await shop.signIn();
    const placed = await order(access);
    openOrderOnce(null);
    expect($openOrder.get()).toBeNull();
    shop.fail({ method: 'GET', path: /^\/orders\/\d+\/$/, answer: 404 });
    openOrderOnce(placed.id);
    expect($openOrder.get()).toEqual({ id: placed.id, state: 'loading' });
    openOrderOnce(placed.id);
    await expect.poll(() => $openOrder.get()?.state).toBe('not_found');
    shop.heal();
    openOrderOnce(placed.id);
    expect($openOrder.get()?.state).toBe('not_found');
    await openOrder(placed.id);
    expect($openOrder.get()).toEqual({ id: placed.id, state: 'ready', order: placed });
    openOrderOnce(placed.id);
    expect($openOrder.get()?.state).toBe('ready');
    expect(reads()).toBe(2);
  });
});

describe('payOrder', () => {
  it('an unpaid Payme order: the sandbox link, whose payment returns to the order page', async () => {
    const { access } = await shop.signIn();
    const placed = await order(access, 'awaiting_payment', 'payme');
    const link = await payOrder(placed);
    expect(link).toMatch(/\/sandbox\/pay\//);
    expect($paying.get()).toBe(null);
    const paid = await fetch(`${link}/pay`, { method: 'POST', redirect: 'manual' });
    expect(paid.headers.get('location')).toBe(`http://localhost:4321/uz/profile/order?id=${placed.id}`);
  });

  it('no link for an order that cannot be paid online; a failed link leaves the order payable', async () => {
    const { access } = await shop.signIn();
    const cash = await order(access, 'assembling', 'cash');
    const paid = { ...(await order(access, 'assembling', 'click')), payment_status: 'paid' as const };
    expect(await payOrder(cash)).toBe(null);
    expect(await payOrder(paid)).toBe(null);
    expect(shop.requests.filter((r) => PAY.test(r.slice(5)))).toEqual([]);

    const payme = await order(access, 'awaiting_payment', 'payme');
    shop.fail({ method: 'POST', path: PAY, answer: 500 });
    expect(await payOrder(payme)).toBe(null);
    expect($paying.get()).toBe(null);
    shop.heal();
    expect(await payOrder(payme)).toMatch(/\/sandbox\/pay\//);
  });
});
