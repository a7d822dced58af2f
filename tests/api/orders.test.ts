/**
 * My orders against the real reference API: the tabs (`?tab=`) hold the
 * statuses of contract/order-status.ts, cancelling follows its rule for every
 * status, and a payment returns to the storefront page the pay call names
 * (never anywhere else).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { canCancel, ORDER_STATUSES, ORDER_TABS, statusesOfTab, type OrderStatus } from '#contract/order-status.ts';
import { ErrorBody, type Order } from '#contract/schemas.ts';
import type { AppContext } from '../../api/context.ts';
import { paymentUrl } from '../../api/payments.ts';
import { placeOrder, startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ products: 20 });
});
afterAll(() => api.stop());

const SITE = 'http://localhost:4321';

async function orderIn(access: string, status: OrderStatus, payment_method = 'cash'): Promise<Order> {
  const placed = calls.placeOrder.answer.parse((await placeOrder(api, access, { payment_method })).body);
  const moved = await api.call(`/__test__/orders/${placed.id}/status`, { method: 'POST', body: { status } });
  return calls.order.answer.parse(moved.body);
}

const listed = async (access: string, query: string) => {
  const answer = await api.call(`/orders/?${query}`, { token: access });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return calls.orders.answer.parse(answer.body).results.map((o) => o.id);
};

describe('order tabs', () => {
  it('each tab lists exactly the orders whose status it holds, newest first', async () => {
    const { access } = await api.signIn();
    const orders = [];
    for (const status of ORDER_STATUSES) orders.push(await orderIn(access, status));
    const newestFirst = [...orders].reverse();
    for (const tab of ORDER_TABS) {
      const expected = newestFirst.filter((o) => statusesOfTab(tab).includes(o.status)).map((o) => o.id);
      expect(await listed(access, `tab=${tab}`), tab).toEqual(expected);
    }
    // Both filters narrow: the new orders among the active ones, and no delivered order is new.
    const [fresh] = orders;
    expect(await listed(access, 'tab=active&status=new')).toEqual([fresh!.id]);
    expect(await listed(access, 'tab=delivered&status=new')).toEqual([]);
  });

  it('refuses an unknown tab naming the field', async () => {
    const { access } = await api.signIn();
    const answer = await api.call('/orders/?tab=open', { token: access });
    expect(answer.status).toBe(400);
    expect(ErrorBody.parse(answer.body).errors?.['tab']).toBeDefined();
  });
});

describe('cancelling', () => {
  it.each(ORDER_STATUSES)('%s: cancelled only when the shared rule allows it', async (status) => {
    const { access } = await api.signIn();
    const order = await orderIn(access, status);
    const answer = await api.call(`/orders/${order.id}/cancel/`, { method: 'POST', token: access });
    const after = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    if (canCancel(status)) {
      expect(answer.status).toBe(200);
      expect(calls.cancelOrder.answer.parse(answer.body)).toMatchObject({ status: 'cancelled' });
      expect(after.status).toBe('cancelled');
    } else {
      expect(answer.status).toBe(400);
      expect(after.status).toBe(status);
    }
  });

  it('says why it refuses in the shopper’s language, naming the order', async () => {
    const { access } = await api.signIn();
    const order = await orderIn(access, 'delivered');
    const refuse = async (lang: string) =>
      ErrorBody.parse((await api.call(`/orders/${order.id}/cancel/`, { method: 'POST', token: access, lang })).body)
        .detail;
    expect(await refuse('uz')).toBe(`${order.number} raqamli buyurtmani endi bekor qilib boʻlmaydi.`);
    expect(await refuse('ru')).toBe(`Заказ ${order.number} уже нельзя отменить.`);
  });
});

describe('where a payment returns', () => {
  const pay = (access: string, id: number, body: Record<string, unknown>, lang = 'uz') =>
    api.call(`/orders/${id}/pay/`, { method: 'POST', token: access, lang, body });
  const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

  it('the sandbox returns to the order page when the pay call asks for it, paid or failed', async () => {
    const { access } = await api.signIn();
    const order = await orderIn(access, 'awaiting_payment', 'payme');
    const link = async () =>
      calls.payOrder.answer.parse((await pay(access, order.id, { method: 'payme', return_to: 'order' }, 'ru')).body)
        .payment_url;
    const failed = await post(`${await link()}/fail`);
    expect(failed.headers.get('location')).toBe(`${SITE}/ru/profile/order?id=${order.id}&payment=failed`);
    const used = await link();
    const paid = await post(`${used}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE}/ru/profile/order?id=${order.id}`);
    const after = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    expect(after.payment_status).toBe('paid');
    // The link once more: already paid, with the way back to the order page.
    expect(await (await fetch(used)).text()).toContain(`href="${SITE}/ru/profile/order?id=${order.id}"`);
  });

  it('without a return target it returns to the success page, as checkout expects', async () => {
    const { access } = await api.signIn();
    const order = await orderIn(access, 'awaiting_payment', 'click');
    const link = calls.payOrder.answer.parse((await pay(access, order.id, { method: 'click' })).body).payment_url;
    expect((await post(`${link}/pay`)).headers.get('location')).toBe(`${SITE}/uz/orders-success?order=${order.id}`);
  });

  it('refuses a return target that is not one of the shop’s pages', async () => {
    const { access } = await api.signIn();
    const order = await orderIn(access, 'awaiting_payment', 'payme');
    for (const return_to of ['https://evil.example/', '//evil.example', '/uz/profile/order?id=1', 'ORDER']) {
      const answer = await pay(access, order.id, { method: 'payme', return_to });
      expect(answer.status, return_to).toBe(400);
      expect(ErrorBody.parse(answer.body).errors?.['return_to'], return_to).toBeDefined();
    }
  });

  it('live providers get the same return page in their links', () => {
    const ctx = {
      siteUrl: 'https://bozor.uz',
      production: true,
      payme: { merchantId: 'm1' },
      click: { serviceId: 's1', merchantId: 'm2' },
      card: { checkoutUrl: 'https://pay.acquirer.uz/checkout?order={order}&sum={amount}&via={method}&back={return}' },
    } as AppContext;
    const order = { id: 42, price: 1000 } as Order;
    const payme = paymentUrl(ctx, order, 'payme', 'uz', 'order');
    expect(Buffer.from(payme.slice('https://checkout.paycom.uz/'.length), 'base64').toString()).toMatch(
      /;c=https:\/\/bozor\.uz\/uz\/profile\/order\?id=42$/,
    );
    const click = new URL(paymentUrl(ctx, order, 'click', 'ru', 'success'));
    expect(click.searchParams.get('return_url')).toBe('https://bozor.uz/ru/orders-success?order=42');
    const card = new URL(paymentUrl(ctx, order, 'mastercard', 'uz', 'order'));
    expect(Object.fromEntries(card.searchParams)).toEqual({
      order: '42',
      sum: '1000',
      via: 'mastercard',
      back: 'https://bozor.uz/uz/profile/order?id=42',
    });
  });
});
