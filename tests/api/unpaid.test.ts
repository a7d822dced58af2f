/**
 * Unpaid orders cannot hold stock for ever: an unpaid online order expires
 * after the payment window (API_PAYMENT_MINUTES), its stock back and its
 * provider transaction cancelled; one shopper's unpaid orders hold at most
 * API_UNPAID_UNITS units.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { ErrorBody, Order, type CatalogueProduct } from '#contract/schemas.ts';
import { ConfigError, serverOptionsFromEnv } from '../../api/config.ts';
import { DEFAULT_UNPAID_UNITS } from '../../api/orders.ts';
import { DEFAULT_PAYMENT_TTL_MS } from '../../api/unpaid.ts';
import { QARSHI_ADDRESS, startTestApi, type TestApi } from './helpers.ts';

const PAYME_KEY = 'payme-test-key-8Kd2';
const CAP = 12;

let api: TestApi;
let products: CatalogueProduct[];
beforeAll(async () => {
  api = await startTestApi({
    server: { merchantKeys: { payme: PAYME_KEY }, payme: { merchantId: 'bozor-merchant' }, unpaidUnits: CAP },
  });
  products = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body).results;
});
afterAll(() => api.stop());

let shoppers = 0;
const phoneOf = (n: number) => `+99897300${String(n).padStart(4, '0')}`;
const newShopper = async () => (await api.signIn(phoneOf(++shoppers))).access;
/** An order's status and payment status, as stored (the tests move the clock past access tokens). */
const stateOf = (id: number) =>
  api.server.db.get<{ status: string; payment_status: string }>(
    'SELECT status, payment_status FROM orders WHERE id = ?',
    id,
  );
const plain = (n: number) => {
  const product = products.filter((p) => p.features.length === 0)[n];
  if (!product) throw new Error('seed has too few plain products');
  return product;
};
const stockOf = async (id: number) =>
  calls.product.answer.parse((await api.call(`/products/product/${id}/`)).body).stock;

/** Puts `quantity` of a product in the shopper's basket and orders it. */
async function order(access: string, product: number, quantity: number, payment_method = 'payme') {
  const line = await api.call('/orders/add-basket/', { method: 'POST', token: access, body: { product, quantity } });
  if (line.status !== 201) return line;
  return api.call('/orders/', {
    method: 'POST',
    token: access,
    body: {
      items: [line.body.id],
      address: QARSHI_ADDRESS,
      payment_method,
      customer_name: 'Aziz',
      customer_phone: '+998971234567',
    },
  });
}

let rpcId = 0;
async function payme(method: string, params: object) {
  const res = await fetch(`${api.base}/payments/payme/`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Basic ${Buffer.from(`Paycom:${PAYME_KEY}`).toString('base64')}`,
    },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  return (await res.json()) as { result?: Record<string, unknown>; error?: { code: number } };
}

describe('unpaid online orders', () => {
  it('expire after the payment window: the stock comes back and the Payme transaction is cancelled', async () => {
    const product = plain(0);
    api.server.db.run('UPDATE products SET stock = 5 WHERE id = ?', product.id);
    const hoarder = await newShopper();
    const hoarderPhone = phoneOf(shoppers);
    const placed = await order(hoarder, product.id, 5);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const held = Order.parse(placed.body);
    expect(await stockOf(product.id)).toBe(0);
    const created = await payme('CreateTransaction', {
      id: 'payme-expiring-1',
      time: api.clock.now,
      amount: Math.round(held.price * 100),
      account: { order_id: String(held.id) },
    });
    expect(created.result?.['state']).toBe(1);

    // Another shopper meanwhile finds it sold out.
    expect((await order(await newShopper(), product.id, 1)).status).toBe(400);
    api.clock.now += DEFAULT_PAYMENT_TTL_MS - 1000;
    expect((await order(await newShopper(), product.id, 1)).status).toBe(400);

    api.clock.now += 1000;
    const after = await order(await newShopper(), product.id, 1);
    expect(after.status, JSON.stringify(after.body)).toBe(201);
    expect(await stockOf(product.id)).toBe(4);
    expect(stateOf(held.id)).toEqual({ status: 'cancelled', payment_status: 'unpaid' });
    // Payme's later calls find the transaction cancelled (timeout) and cannot pay the order.
    const check = await payme('CheckTransaction', { id: 'payme-expiring-1' });
    expect([check.result?.['state'], check.result?.['reason']]).toEqual([-1, 4]);
    expect((await payme('PerformTransaction', { id: 'payme-expiring-1' })).error?.code).toBe(-31008);
    const { access } = await api.signIn(hoarderPhone);
    const pay = await api.call(`/orders/${held.id}/pay/`, { method: 'POST', token: access, body: { method: 'payme' } });
    expect(pay.status).toBe(400);
  });

  it('a cash order and a paid order do not expire', async () => {
    const shopper = await newShopper();
    const cash = Order.parse((await order(shopper, plain(1).id, 1, 'cash')).body);
    const paid = Order.parse((await order(shopper, plain(1).id, 1, 'payme')).body);
    api.server.db.run("UPDATE orders SET payment_status = 'paid', status = 'assembling' WHERE id = ?", paid.id);
    api.clock.now += 13 * 60 * 60_000;
    expect((await order(await newShopper(), plain(1).id, 1)).status).toBe(201);
    expect(stateOf(cash.id)).toEqual({ status: 'assembling', payment_status: 'unpaid' });
    expect(stateOf(paid.id)).toEqual({ status: 'assembling', payment_status: 'paid' });
  });
});

describe('the unpaid units cap', () => {
  it("refuses an order that takes one shopper's unpaid units past the cap; paying or cancelling frees them", async () => {
    const shopper = await newShopper();
    const product = plain(2);
    api.server.db.run('UPDATE products SET stock = 1000 WHERE id = ?', product.id);
    const first = Order.parse((await order(shopper, product.id, CAP - 2)).body);
    const refused = await order(shopper, product.id, 3);
    expect(refused.status).toBe(400);
    expect(ErrorBody.parse(refused.body).errors?.['items']?.[0]).toContain(String(CAP));
    expect((await order(shopper, product.id, 2, 'cash')).status).toBe(201);
    // Another shopper has a cap of their own.
    expect((await order(await newShopper(), product.id, CAP)).status).toBe(201);
    await api.call(`/orders/${first.id}/cancel/`, { method: 'POST', token: shopper });
    expect((await order(shopper, product.id, CAP - 2)).status).toBe(201);
  });
});

describe('settings', () => {
  const env = (extra: NodeJS.ProcessEnv) => serverOptionsFromEnv({ ...extra });
  it('API_PAYMENT_MINUTES defaults to 30 and is never past Payme’s 12 hours; API_UNPAID_UNITS defaults to 100', () => {
    expect(env({}).paymentTtlMs).toBe(30 * 60_000);
    expect(env({}).unpaidUnits).toBe(DEFAULT_UNPAID_UNITS);
    expect(env({ API_PAYMENT_MINUTES: '720', API_UNPAID_UNITS: '5' })).toMatchObject({
      paymentTtlMs: 720 * 60_000,
      unpaidUnits: 5,
    });
    for (const bad of [{ API_PAYMENT_MINUTES: '721' }, { API_PAYMENT_MINUTES: '0' }, { API_UNPAID_UNITS: '0' }])
      expect(() => env(bad)).toThrow(ConfigError);
  });
});
