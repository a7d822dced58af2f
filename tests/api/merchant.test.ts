/**
 * The providers' merchant callbacks, replayed as their
 * documentation describes them: Payme's Merchant API (JSON-RPC, Basic auth
 * `Paycom:{key}`, amounts in tiyin) and Click's SHOP API (Prepare and Complete,
 * form-encoded, MD5 sign_string). The error codes expected here are the ones
 * api/README.md (Payments) documents.
 */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Order } from '#contract/schemas.ts';
import { PAYME_TIMEOUT_MS } from '../../api/payme.ts';
import { placeOrder, startTestApi, type TestApi } from './helpers.ts';

const PAYME_KEY = 'payme-test-key-3Fq9';
const CLICK_SECRET = 'click-test-secret-7Hw2';
const SERVICE_ID = '31337';

let api: TestApi;
let shopper: { access: string; refresh: string };
beforeAll(async () => {
  api = await startTestApi({
    server: {
      merchantKeys: { payme: PAYME_KEY, click: CLICK_SECRET },
      payme: { merchantId: 'bozor-merchant' },
      click: { serviceId: SERVICE_ID, merchantId: '4242' },
    },
  });
  shopper = await api.signIn('+998970001122');
});
afterAll(() => api.stop());

/** The shopper's access token, renewed when a test moved the clock past it. */
async function access() {
  if ((await api.call('/users/profile/', { token: shopper.access })).status === 401)
    shopper = (await api.call('/users/token/refresh/', { method: 'POST', body: { refresh: shopper.refresh } })).body;
  return shopper.access;
}
const newOrder = async (payment_method = 'payme') => {
  const placed = await placeOrder(api, await access(), { payment_method });
  if (placed.status !== 201) throw new Error(`order: ${placed.status} ${JSON.stringify(placed.body)}`);
  return Order.parse(placed.body);
};
/** The order as the shopper sees it. */
const orderNow = async (id: number) => Order.parse((await api.call(`/orders/${id}/`, { token: await access() })).body);
const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`;

let rpcId = 0;
/** One Payme call: HTTP 200 always, the JSON-RPC answer. */
async function payme(method: string, params: object, auth = basic('Paycom', PAYME_KEY)) {
  const res = await fetch(`${api.base}/payments/payme/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: auth },
    body: JSON.stringify({ jsonrpc: '2.0', id: ++rpcId, method, params }),
  });
  expect(res.status).toBe(200);
  return (await res.json()) as {
    id: number;
    result?: Record<string, unknown>;
    error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string };
  };
}
const tiyin = (order: Order) => Math.round(order.price * 100);
const account = (order: Order) => ({ order_id: String(order.id) });

describe('Payme Merchant API', () => {
  it('refuses wrong or missing credentials with -32504, and malformed calls with the JSON-RPC codes', async () => {
    const order = await newOrder();
    const params = { amount: tiyin(order), account: account(order) };
    for (const auth of [basic('Paycom', 'wrong'), basic('Other', PAYME_KEY), '', `Bearer ${PAYME_KEY}`]) {
      const answer = await payme('CheckPerformTransaction', params, auth);
      expect(answer.error?.code).toBe(-32504);
      expect(answer.error?.message).toEqual({ ru: expect.any(String), uz: expect.any(String), en: expect.any(String) });
      expect(answer.id).toBe(rpcId);
    }
    const malformed = await fetch(`${api.base}/payments/payme/`, {
      method: 'POST',
      headers: { Authorization: basic('Paycom', PAYME_KEY) },
      body: '{"method": ',
    });
    expect(((await malformed.json()) as { error: { code: number } }).error.code).toBe(-32700);
    expect((await payme('Pay', params)).error?.code).toBe(-32601);
    const noParams = await fetch(`${api.base}/payments/payme/`, {
      method: 'POST',
      headers: { Authorization: basic('Paycom', PAYME_KEY) },
      body: JSON.stringify({ id: 1, method: 'CheckTransaction' }),
    });
    expect(((await noParams.json()) as { error: { code: number } }).error.code).toBe(-32600);
    // Nothing of this touched the order.
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
  });

  it('CheckPerformTransaction: a wrong amount is -31001, an unknown order -31050, a payable one is allowed', async () => {
    const order = await newOrder();
    expect(
      (await payme('CheckPerformTransaction', { amount: tiyin(order) - 100, account: account(order) })).error,
    ).toMatchObject({ code: -31001 });
    // The amount is in tiyin: the price in so'm is 100 times too little.
    expect((await payme('CheckPerformTransaction', { amount: order.price, account: account(order) })).error?.code).toBe(
      -31001,
    );
    expect(
      (await payme('CheckPerformTransaction', { amount: tiyin(order), account: { order_id: '99999999' } })).error,
    ).toMatchObject({ code: -31050, data: 'order_id' });
    expect((await payme('CheckPerformTransaction', { amount: tiyin(order), account: account(order) })).result).toEqual({
      allow: true,
    });
  });

  it('Create → Perform pays the order once; repeated calls answer the same; Check and GetStatement report it', async () => {
    const order = await newOrder();
    expect(order.status).toBe('awaiting_payment');
    const time = api.clock.now;
    const create = { id: 'pm-tx-1', time, amount: tiyin(order), account: account(order) };
    const created = (await payme('CreateTransaction', create)).result;
    expect(created).toEqual({ create_time: api.clock.now, transaction: expect.any(String), state: 1 });
    // Payme repeats a call whose answer it did not get: the same answer.
    api.clock.now += 1000;
    expect((await payme('CreateTransaction', create)).result).toEqual(created);
    // Until performed, the order is not paid, and no other transaction may take it.
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
    expect((await payme('CreateTransaction', { ...create, id: 'pm-tx-other' })).error?.code).toBe(-31052);

    const performed = (await payme('PerformTransaction', { id: 'pm-tx-1' })).result;
    expect(performed).toEqual({ transaction: created?.['transaction'], perform_time: api.clock.now, state: 2 });
    const paid = await orderNow(order.id);
    expect(paid.payment_status).toBe('paid');
    expect(paid.status).toBe('assembling');
    api.clock.now += 1000;
    expect((await payme('PerformTransaction', { id: 'pm-tx-1' })).result).toEqual(performed);

    expect((await payme('CheckTransaction', { id: 'pm-tx-1' })).result).toEqual({
      create_time: created?.['create_time'],
      perform_time: performed?.['perform_time'],
      cancel_time: 0,
      transaction: created?.['transaction'],
      state: 2,
      reason: null,
    });
    const statement = (await payme('GetStatement', { from: time - 1000, to: time + 1000 })).result as {
      transactions: Record<string, unknown>[];
    };
    expect(statement.transactions).toContainEqual(
      expect.objectContaining({ id: 'pm-tx-1', time, amount: tiyin(order), account: account(order), state: 2 }),
    );
    // Paid: no new transaction, and the shop's pay link is refused.
    expect((await payme('CreateTransaction', { ...create, id: 'pm-tx-2' })).error).toMatchObject({ code: -31051 });
    expect((await payme('CheckTransaction', { id: 'pm-unknown' })).error?.code).toBe(-31003);
    expect((await payme('PerformTransaction', { id: 'pm-unknown' })).error?.code).toBe(-31003);
  });

  it('times out a transaction not performed within 12 hours: cancelled with reason 4, -31008', async () => {
    const order = await newOrder();
    await payme('CreateTransaction', {
      id: 'pm-slow',
      time: api.clock.now,
      amount: tiyin(order),
      account: account(order),
    });
    api.clock.now += PAYME_TIMEOUT_MS + 1000;
    expect((await payme('PerformTransaction', { id: 'pm-slow' })).error?.code).toBe(-31008);
    expect((await payme('CheckTransaction', { id: 'pm-slow' })).result).toMatchObject({ state: -1, reason: 4 });
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
    // A create whose time is already past the timeout is refused too (the order above expired unpaid meanwhile).
    const fresh = await newOrder();
    const late = {
      id: 'pm-late',
      time: api.clock.now - PAYME_TIMEOUT_MS - 1,
      amount: tiyin(fresh),
      account: account(fresh),
    };
    expect((await payme('CreateTransaction', late)).error?.code).toBe(-31008);
  });

  it('CancelTransaction before perform (-1) leaves the order unpaid; after perform (-2) refunds and cancels it', async () => {
    const order = await newOrder();
    const params = { time: api.clock.now, amount: tiyin(order), account: account(order) };
    await payme('CreateTransaction', { ...params, id: 'pm-c1' });
    expect((await payme('CancelTransaction', { id: 'pm-c1', reason: 3 })).result).toMatchObject({ state: -1 });
    expect((await payme('PerformTransaction', { id: 'pm-c1' })).error?.code).toBe(-31008);
    // Cancelling again answers the same.
    expect((await payme('CancelTransaction', { id: 'pm-c1', reason: 3 })).result).toMatchObject({ state: -1 });

    await payme('CreateTransaction', { ...params, id: 'pm-c2' });
    await payme('PerformTransaction', { id: 'pm-c2' });
    expect((await payme('CancelTransaction', { id: 'pm-c2', reason: 5 })).result).toMatchObject({ state: -2 });
    const refunded = await orderNow(order.id);
    expect([refunded.status, refunded.payment_status]).toEqual(['cancelled', 'refunded']);
    expect((await payme('CheckTransaction', { id: 'pm-c2' })).result).toMatchObject({ state: -2, reason: 5 });
  });

  it('cannot cancel a performed transaction once the order is delivered: -31007', async () => {
    const order = await newOrder();
    await payme('CreateTransaction', {
      id: 'pm-d',
      time: api.clock.now,
      amount: tiyin(order),
      account: account(order),
    });
    await payme('PerformTransaction', { id: 'pm-d' });
    await api.call(`/__test__/orders/${order.id}/status`, { method: 'POST', body: { status: 'delivered' } });
    expect((await payme('CancelTransaction', { id: 'pm-d', reason: 5 })).error?.code).toBe(-31007);
    expect((await orderNow(order.id)).payment_status).toBe('paid');
  });

  it('refuses an order the shopper cancelled; cancelling a paid order moves it to refund_pending', async () => {
    const cancelled = await newOrder();
    await api.call(`/orders/${cancelled.id}/cancel/`, { method: 'POST', token: await access() });
    expect(
      (await payme('CheckPerformTransaction', { amount: tiyin(cancelled), account: account(cancelled) })).error?.code,
    ).toBe(-31051);

    const order = await newOrder();
    await payme('CreateTransaction', {
      id: 'pm-r',
      time: api.clock.now,
      amount: tiyin(order),
      account: account(order),
    });
    // The shopper cancels while Payme is still charging: the perform is refused, nothing is taken.
    await api.call(`/orders/${order.id}/cancel/`, { method: 'POST', token: await access() });
    expect((await payme('PerformTransaction', { id: 'pm-r' })).error?.code).toBe(-31008);

    const paid = await newOrder();
    await payme('CreateTransaction', { id: 'pm-p', time: api.clock.now, amount: tiyin(paid), account: account(paid) });
    await payme('PerformTransaction', { id: 'pm-p' });
    const answer = Order.parse(
      (await api.call(`/orders/${paid.id}/cancel/`, { method: 'POST', token: await access() })).body,
    );
    expect([answer.status, answer.payment_status]).toEqual(['cancelled', 'refund_pending']);
    // Payme returns the money: refunded.
    await payme('CancelTransaction', { id: 'pm-p', reason: 5 });
    expect((await orderNow(paid.id)).payment_status).toBe('refunded');
  });
});

describe('Click SHOP API', () => {
  let clickId = 9_000_000;
  const sign = (f: Record<string, string>, complete: boolean, secret = CLICK_SECRET) =>
    createHash('md5')
      .update(
        [
          f['click_trans_id'],
          f['service_id'],
          secret,
          f['merchant_trans_id'],
          ...(complete ? [f['merchant_prepare_id']] : []),
          f['amount'],
          f['action'],
          f['sign_time'],
        ].join(''),
      )
      .digest('hex');
  /** The fields Click sends for an order, signed (or not), as a form. */
  const fields = (order: Order, extra: Record<string, string> = {}) => ({
    click_trans_id: String(++clickId),
    service_id: SERVICE_ID,
    click_paydoc_id: String(clickId + 5),
    merchant_trans_id: String(order.id),
    amount: `${order.price}.00`,
    action: '0',
    error: '0',
    error_note: 'Success',
    sign_time: '2026-05-01 12:00:00',
    ...extra,
  });
  async function click(stage: 'prepare' | 'complete', f: Record<string, string>, signature?: string) {
    const body = new URLSearchParams({ ...f, sign_string: signature ?? sign(f, stage === 'complete') });
    const res = await fetch(`${api.base}/payments/click/${stage}/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body,
    });
    expect(res.status).toBe(200);
    return (await res.json()) as Record<string, unknown> & { error: number; error_note: string };
  }
  const prepare = (f: Record<string, string>, signature?: string) => click('prepare', f, signature);
  const complete = (f: Record<string, string>, prepareId: unknown, extra: Record<string, string> = {}) => {
    const c = { ...f, action: '1', merchant_prepare_id: String(prepareId), ...extra };
    return click('complete', c);
  };

  it('Prepare checks the signature (-1), the fields (-8), the action (-3), the order (-5) and the amount (-2)', async () => {
    const order = await newOrder('click');
    const f = fields(order);
    expect(await prepare(f, 'a'.repeat(32))).toMatchObject({ error: -1, error_note: 'SIGN CHECK FAILED!' });
    expect(await prepare(f, sign(f, false, 'wrong-secret'))).toMatchObject({ error: -1 });
    const { sign_time: _, ...missing } = f;
    expect(await prepare(missing as Record<string, string>, sign(f, false))).toMatchObject({ error: -8 });
    expect(await prepare({ ...f, action: '1' })).toMatchObject({ error: -3, error_note: 'Action not found' });
    expect(await prepare({ ...f, merchant_trans_id: '99999999' })).toMatchObject({ error: -5 });
    expect(await prepare({ ...f, amount: String(order.price - 1) })).toMatchObject({
      error: -2,
      error_note: 'Incorrect parameter amount',
    });
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
  });

  it('Prepare then Complete pays the order; repeats answer as documented (-4 already paid)', async () => {
    const order = await newOrder('click');
    const f = fields(order);
    const prepared = await prepare(f);
    expect(prepared).toEqual({
      click_trans_id: f.click_trans_id,
      merchant_trans_id: f.merchant_trans_id,
      merchant_prepare_id: expect.any(Number),
      error: 0,
      error_note: 'Success',
    });
    // A repeated Prepare gets the same prepare id.
    expect((await prepare(f)).merchant_prepare_id).toBe(prepared.merchant_prepare_id);
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
    // Complete: its signature covers merchant_prepare_id; a wrong one is -1, an unknown prepare id -6.
    expect(await complete(f, Number(prepared.merchant_prepare_id) + 1000)).toMatchObject({ error: -6 });
    const done = await complete(f, prepared.merchant_prepare_id);
    expect(done).toEqual({
      click_trans_id: f.click_trans_id,
      merchant_trans_id: f.merchant_trans_id,
      merchant_confirm_id: prepared.merchant_prepare_id,
      error: 0,
      error_note: 'Success',
    });
    const paid = await orderNow(order.id);
    expect([paid.payment_status, paid.status]).toEqual(['paid', 'assembling']);
    expect(await complete(f, prepared.merchant_prepare_id)).toMatchObject({ error: -4, error_note: 'Already paid' });
    expect(await prepare(fields(order))).toMatchObject({ error: -4 });
  });

  it('a Complete reporting a failed payment (error < 0) is cancelled: -9, the order stays unpaid', async () => {
    const order = await newOrder('click');
    const f = fields(order);
    const prepared = await prepare(f);
    expect(
      await complete(f, prepared.merchant_prepare_id, { error: '-5017', error_note: 'Not enough money' }),
    ).toMatchObject({ error: -9, error_note: 'Transaction cancelled' });
    expect(await complete(f, prepared.merchant_prepare_id)).toMatchObject({ error: -9 });
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
    // A wrong signature on Complete.
    const other = fields(order);
    const next = await prepare(other);
    const c = { ...other, action: '1', merchant_prepare_id: String(next.merchant_prepare_id) };
    expect(await click('complete', c, sign(c, false))).toMatchObject({ error: -1 });
  });

  it('a cancelled order cannot be prepared or completed: -9', async () => {
    const order = await newOrder('click');
    const f = fields(order);
    const prepared = await prepare(f);
    await api.call(`/orders/${order.id}/cancel/`, { method: 'POST', token: await access() });
    expect(await complete(f, prepared.merchant_prepare_id)).toMatchObject({ error: -9 });
    expect(await prepare(fields(order))).toMatchObject({ error: -9 });
    expect((await orderNow(order.id)).payment_status).toBe('unpaid');
  });
});

describe('without keys', () => {
  it('refuses every callback when the keys are not configured', async () => {
    const bare = await startTestApi({ products: 5, server: { merchantKeys: { payme: null, click: null } } });
    try {
      const res = await fetch(`${bare.base}/payments/payme/`, {
        method: 'POST',
        headers: { Authorization: basic('Paycom', '') },
        body: JSON.stringify({ id: 1, method: 'CheckTransaction', params: { id: 'x' } }),
      });
      expect(((await res.json()) as { error: { code: number } }).error.code).toBe(-32504);
    } finally {
      await bare.stop();
    }
  });
});
