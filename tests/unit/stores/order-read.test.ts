/**
 * The order and success pages' early read (stores/order-read.ts), in a file of its own: the module remembers
 * whether the page's island has read, for the page's life. Against the real reference API.
 */
import { expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { $openOrder, loadOrders, openOrder } from '../../../src/stores/orders.ts';
import { readOrderEarly } from '../../../src/stores/order-read.ts';
import { placeOrder } from '../../api/helpers.ts';
import { useShop } from '../support/shop.ts';

const shop = useShop();
const ORDER = /^\/orders\/\d+\/$/;
const reads = () => shop.requests.filter((request) => request.startsWith('GET ') && ORDER.test(request.slice(4)));

it('the island takes the early read once (its failure too), then reads anew; no early read after the island’s', async () => {
  readOrderEarly(1);
  expect(reads()).toEqual([]); // a visitor: nothing to read
  const { access } = await shop.signIn();
  const placed = calls.placeOrder.answer.parse((await placeOrder(shop.api, access)).body);

  shop.fail({ method: 'GET', path: ORDER, answer: 404 });
  readOrderEarly(placed.id);
  await expect.poll(() => reads().length).toBe(1);
  shop.heal();
  await openOrder(placed.id);
  expect($openOrder.get()).toEqual({ id: placed.id, state: 'not_found' });
  expect(reads()).toHaveLength(1);

  await openOrder(placed.id);
  expect($openOrder.get()).toEqual({ id: placed.id, state: 'ready', order: placed });
  expect(reads()).toHaveLength(2);

  // The island has read: a later early read would be stale, so none starts (a call after it shows none went out).
  readOrderEarly(placed.id);
  await loadOrders('all');
  expect(reads()).toHaveLength(2);
});
