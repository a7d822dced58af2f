/**
 * The checkout store against the real reference API: one order per click,
 * ordered lines leave the basket only when the API confirms, failures say why
 * and change nothing, and the Payme/Click pay link (and its failure).
 */
import { describe, expect, it } from 'vitest';
import { $basketLines, addToBasket, loadBasket } from '../../basket/state/edit.ts';
import { $placing, placeOrder, type OrderInput } from './checkout.ts';
import { QARSHI_ADDRESS } from '../../../../tests/fixtures/address.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';

const shop = useShop();

const ORDERS = /^\/orders\/$/;
const PAY = /^\/orders\/\d+\/pay\/$/;

/** A signed-in shopper with one server basket line, and the order input for it. */
async function withLine(payment: OrderInput['payment'] = 'cash'): Promise<OrderInput> {
  await shop.signIn();
  const { id } = await shop.product((p) => p.features.length === 0 && p.stock > 1);
  await loadBasket();
  await addToBasket({ id });
  return { lines: $basketLines.get(), address: QARSHI_ADDRESS, payment, name: 'Ali Valiyev', phone: '+998901234567' };
}

const posts = () => shop.requests.filter((r) => r === 'POST /orders/');

describe('placeOrder', () => {
  it('a double click places one order; the line leaves the basket after the API confirms', async () => {
    const input = await withLine();
    const first = placeOrder(input, 'uz');
    const second = placeOrder(input, 'uz');
    expect($placing.get()).toBe(true);
    const [a, b] = await Promise.all([first, second]);
    expect(a).toBe(b);
    expect(posts()).toHaveLength(1);
    expect(a.ok).toBe(true);
    if (a.ok !== true) return;
    expect(a.next).toBe(`/uz/orders-success?order=${a.order.id}`);
    expect($basketLines.get()).toEqual([]);
    expect($placing.get()).toBe(false);
  });

  it.each([500, 'abort'] as const)('%s: says nothing is known, the basket stays', async (answer) => {
    const input = await withLine();
    shop.fail({ method: 'POST', path: ORDERS, answer });
    const result = await placeOrder(input, 'ru');
    expect(result).toEqual({ ok: false, failure: { detail: null, outOfStock: [] } });
    expect($basketLines.get()).toHaveLength(1);
  });

  it('a 400 gives the server detail and the out-of-stock products', async () => {
    const input = await withLine();
    const product = $basketLines.get()[0]!.product.id;
    shop.fail({
      method: 'POST',
      path: ORDERS,
      answer: 400,
      body: {
        detail: 'Not enough stock.',
        errors: { items: ['X: sold out'], [`product.${product}`]: ['X: sold out'] },
      },
    });
    expect(await placeOrder(input, 'uz')).toEqual({
      ok: false,
      failure: { detail: 'Not enough stock.', outOfStock: [product] },
    });
    expect($basketLines.get()).toHaveLength(1);
  });

  it('Payme: answers the pay link; a failed pay link leaves the order to pay from the success page', async () => {
    const input = await withLine('payme');
    const paid = await placeOrder(input, 'uz');
    expect(paid.ok).toBe(true);
    if (paid.ok !== true) return;
    expect(paid.next).toMatch(/\/sandbox\/pay\//);

    const again = await withLine('click');
    shop.fail({ method: 'POST', path: PAY, answer: 500 });
    const unpaid = await placeOrder(again, 'ru');
    expect(unpaid.ok).toBe('unpaid');
    if (unpaid.ok !== 'unpaid') return;
    expect(unpaid.next).toBe(`/ru/orders-success?order=${unpaid.order.id}`);
    expect(unpaid.order.payment_status).toBe('unpaid');
  });
});
