/**
 * The delivery-area rule on saved addresses, the offline geocoder, the payment
 * sandbox and the order-status test route, against the real reference API.
 */
import { execFile } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryType } from '#contract/delivery.ts';
import { calls } from '#contract/calls.ts';
import { ErrorBody, type Address, type Order } from '#contract/schemas.ts';
import type { AppContext } from '../../api/context.ts';
import { DELIVERY_FEES } from '../../api/orders.ts';
import { paymentUrl } from '../../api/payments.ts';
import { loadGazetteer, reverseGeocode } from '../../api/geocoder.ts';
import { createApp } from '../../api/server.ts';
import { openDb } from '../../api/db.ts';
import { QARSHI_ADDRESS, QARSHI_DISTRICT_ADDRESS } from '../fixtures/address.ts';
import { placeOrder, startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
let origin: string;
beforeAll(async () => {
  api = await startTestApi({ products: 20 });
  origin = new URL(api.base).origin;
});
afterAll(() => api.stop());

const OUTSIDE = {
  uz: 'Faqat Qarshi shahri yoki Qarshi tumani ichida manzil tanlang!',
  ru: 'Выберите адрес только в пределах города Карши или Каршинского района!',
};
const city = QARSHI_ADDRESS;
const district = QARSHI_DISTRICT_ADDRESS;
const tashkent: Address = { ...city, city: 'Tashkent', latitude: 0, longitude: 0 };

const fieldErrors = (res: { status: number; body: unknown }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(400);
  return ErrorBody.parse(res.body).errors ?? {};
};

const place = (access: string, payment_method = 'payme', address = city, lang = 'uz') =>
  placeOrder(api, access, { payment_method, address, lang });

describe('delivery area on saved addresses', () => {
  it('refuses an order outside Qarshi (lat 0, lng 0, "Tashkent", city) in the shopper language', async () => {
    const { access } = await api.signIn();
    const uz = fieldErrors(await place(access, 'cash', tashkent));
    expect(uz['address']).toEqual([OUTSIDE.uz]);
    const res = await place(access, 'cash', tashkent, 'ru');
    expect(fieldErrors(res)['address']).toEqual([OUTSIDE.ru]);
    // Nothing left the basket.
    expect((await api.call('/orders/basket/', { token: access })).body).toHaveLength(1);
  });

  it('refuses a delivery type that disagrees with the place, and accepts city and district', async () => {
    const { access } = await api.signIn();
    const wrong = fieldErrors(await place(access, 'cash', { ...city, delivery_type: 'district' }));
    expect(wrong['address.delivery_type']).toEqual([OUTSIDE.uz]);
    expect((await place(access, 'cash', city)).status).toBe(201);
    const placed = await place(access, 'cash', district);
    expect(placed.status).toBe(201);
    expect(calls.placeOrder.answer.parse(placed.body).delivery_type).toBe('district');
  });

  it('lets the point decide the fee: a district point named "Qarshi" is no city delivery', async () => {
    const { access } = await api.signIn();
    const disguised = { ...city, latitude: district.latitude, longitude: district.longitude };
    expect(fieldErrors(await place(access, 'cash', disguised))['address.delivery_type']).toEqual([OUTSIDE.uz]);
    // After a first order (free delivery), the district fee.
    expect((await place(access, 'cash', city)).status).toBe(201);
    const placed = calls.placeOrder.answer.parse((await place(access, 'cash', district)).body);
    expect(placed.delivery_fee).toBe(DELIVERY_FEES.district);
  });

  it('applies the same rule to the profile address', async () => {
    const { access } = await api.signIn();
    const patch = (address: Address | null, lang = 'uz') =>
      api.call('/users/profile/', { method: 'PATCH', token: access, lang, body: { address } });
    expect(fieldErrors(await patch(tashkent, 'ru'))['address']).toEqual([OUTSIDE.ru]);
    expect(fieldErrors(await patch({ ...district, delivery_type: 'city' }))['address.delivery_type']).toEqual([
      OUTSIDE.uz,
    ]);
    expect(calls.updateProfile.answer.parse((await patch(district)).body).address).toEqual(district);
    expect(calls.updateProfile.answer.parse((await patch(null)).body).address).toBeNull();
  });
});

describe('geocoder', () => {
  const gazetteer = loadGazetteer();

  it('states its source, licence and accuracy truthfully', () => {
    expect(gazetteer.source).toMatch(/not extracted/i);
    expect(gazetteer.accuracy).toMatch(/approximate/i);
    expect(gazetteer.licence).toBeTruthy();
  });

  it('finds the street, neighbourhood and city of a city point in both languages', () => {
    const uz = reverseGeocode(gazetteer, { lat: 38.8606, lng: 65.795 }, 'uz');
    expect(uz.address).toMatchObject({
      road: 'Islom Karimov koʻchasi',
      neighbourhood: 'Markaz mahallasi',
      city: 'Qarshi',
      state: 'Qashqadaryo viloyati',
      country_code: 'uz',
    });
    expect(uz.display_name).toBe('Islom Karimov koʻchasi, Markaz mahallasi, Qarshi, Qashqadaryo viloyati, Oʻzbekiston');
    const ru = reverseGeocode(gazetteer, { lat: 38.8606, lng: 65.795 }, 'ru');
    expect(ru.address).toMatchObject({ road: 'улица Ислама Каримова', city: 'Карши', country: 'Узбекистан' });
    expect(deliveryType(uz, { lat: 38.8606, lng: 65.795 })).toBe('city');
    expect(deliveryType(ru)).toBe('city');
  });

  it('names the village and county in the district, and nothing where no street is near', () => {
    const beshkent = reverseGeocode(gazetteer, { lat: 38.8167, lng: 65.65 }, 'ru');
    expect(beshkent.address).toMatchObject({ town: 'Бешкент', county: 'Каршинский район' });
    expect(deliveryType(beshkent)).toBe('district');
    const fields = reverseGeocode(gazetteer, { lat: 38.97, lng: 65.9 }, 'uz');
    expect(fields.address).toEqual({
      county: 'Qarshi tumani',
      state: 'Qashqadaryo viloyati',
      country: 'Oʻzbekiston',
      country_code: 'uz',
    });
    expect(deliveryType(fields)).toBe('district');
  });

  it('answers Nominatim’s error outside the Qarshi area', () => {
    expect(reverseGeocode(gazetteer, { lat: 41.31, lng: 69.28 }, 'uz')).toEqual({ error: 'Unable to geocode' });
  });

  it('serves /geocoder/reverse with accept-language, and 400 on bad coordinates', async () => {
    const ru = await api.call(`${origin}/geocoder/reverse?lat=38.8606&lon=65.79&format=json&accept-language=ru`, {
      headers: { Origin: 'http://localhost:4321' },
    });
    expect(ru.status).toBe(200);
    expect(ru.body.address.city).toBe('Карши');
    // The address picker on the site reads it.
    expect(ru.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    const uz = await api.call(`${origin}/geocoder/reverse?lat=38.8606&lon=65.79`, { lang: 'uz-UZ' });
    expect(uz.body.address.city).toBe('Qarshi');
    expect((await api.call(`${origin}/geocoder/reverse?lat=0&lon=0`)).body).toEqual({ error: 'Unable to geocode' });
    expect((await api.call(`${origin}/geocoder/reverse?lat=north&lon=65`)).status).toBe(400);
    expect((await api.call(`${origin}/geocoder/reverse?lat=38.86&lon=65.79&format=xml`)).status).toBe(400);
  });
});

describe('payment sandbox', () => {
  const pay = (access: string, id: number, method = 'payme', lang = 'uz') =>
    api.call(`/orders/${id}/pay/`, { method: 'POST', token: access, lang, body: { method } });

  async function sandboxLink(access: string, method = 'payme', lang = 'uz') {
    const order = calls.placeOrder.answer.parse((await place(access, method)).body);
    const link = calls.payOrder.answer.parse((await pay(access, order.id, method, lang)).body).payment_url;
    return { order, link };
  }
  const post = (url: string) => fetch(url, { method: 'POST', redirect: 'manual' });

  it('links unconfigured providers to a sandbox page with its own strict CSP', async () => {
    const { access } = await api.signIn();
    const { order, link } = await sandboxLink(access, 'click', 'ru');
    // Media and sandbox links name the API by its public URL.
    expect(link).toMatch(new RegExp(`^http://localhost:${api.server.port}/sandbox/pay/[\\w-]+\\.[\\w-]+$`));
    const page = await fetch(link);
    expect(page.status).toBe(200);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'none'");
    expect(csp).toMatch(/style-src 'sha256-[^']+'/);
    expect(csp).toContain("form-action 'self' http://localhost:4321");
    expect(page.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await page.text();
    expect(html).toContain('<html lang="ru">');
    expect(html).toContain(order.number);
    expect(html).toContain('Оплатить');
    expect(html).toContain('Click');
    expect(html).toContain(`${String(order.price).replace(/\B(?=(\d{3})+(?!\d))/g, ' ')} сум`);
  });

  it('paying marks the order paid, moves it to assembling and returns to the success page', async () => {
    const { access } = await api.signIn();
    const { order, link } = await sandboxLink(access);
    expect(order.status).toBe('awaiting_payment');
    const paid = await post(`${link}/pay`);
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`http://localhost:4321/uz/orders-success?order=${order.id}`);
    const after = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    expect(after).toMatchObject({ payment_status: 'paid', status: 'assembling' });
    expect(await (await fetch(link)).text()).toContain('allaqachon toʻlangan');
    expect((await pay(access, order.id)).status).toBe(400);
  });

  it('failing returns with payment=failed and the order stays unpaid and payable', async () => {
    const { access } = await api.signIn();
    const { order, link } = await sandboxLink(access);
    const failed = await post(`${link}/fail`);
    expect(failed.status).toBe(303);
    expect(failed.headers.get('location')).toBe(
      `http://localhost:4321/uz/orders-success?order=${order.id}&payment=failed`,
    );
    const after = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    expect(after).toMatchObject({ payment_status: 'unpaid', status: 'awaiting_payment' });
    expect((await pay(access, order.id)).status).toBe(200);
  });

  it('refuses forged, tampered and expired links', async () => {
    const { access } = await api.signIn();
    const { order, link } = await sandboxLink(access);
    const [payload, mac] = link.slice(link.lastIndexOf('/') + 1).split('.');
    const claim = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { o: number };
    const other = Buffer.from(JSON.stringify({ ...claim, o: order.id - 1 })).toString('base64url');
    const base = link.slice(0, link.lastIndexOf('/'));
    for (const bad of [`${base}/${other}.${mac}`, `${link}x`, `${base}/${payload}`]) {
      expect((await fetch(bad)).status).toBe(404);
      expect((await post(`${bad}/pay`)).status).toBe(404);
    }
    api.clock.now += 2 * 60 * 60 * 1000;
    expect((await post(`${link}/pay`)).status).toBe(404);
    api.clock.now -= 2 * 60 * 60 * 1000;
    const after = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    expect(after.payment_status).toBe('unpaid');
  });

  it('does not exist in production: unconfigured providers answer 503', async () => {
    const db = openDb(':memory:');
    const app = createApp({
      db,
      dataDir: ':memory:',
      publicUrl: 'http://api.test',
      production: true,
      exposeCodes: false,
    });
    expect((await app.request('/sandbox/pay/x.y')).status).toBe(404);
    const ctx = {
      siteUrl: 'https://bozor.uz',
      publicUrl: 'https://api.bozor.uz',
      payme: null,
      click: null,
      card: null,
    };
    const order = { id: 1, price: 1000 } as Order;
    for (const [method, name] of [
      ['payme', 'Payme'],
      ['mastercard', 'MasterCard'],
    ] as const) {
      expect(() => paymentUrl({ ...ctx, production: true } as AppContext, order, method, 'uz', 'success')).toThrow(
        expect.objectContaining({ status: 503, message: `${name} payments are not configured.` }),
      );
    }
    expect(() =>
      createApp({ db, dataDir: ':memory:', publicUrl: 'http://api.test', production: true, exposeCodes: true }),
    ).toThrow(/refused in production/);
    db.close();
  });
});

describe('the payment methods taken', () => {
  it('are every method while the sandbox stands in for the providers', async () => {
    const offered = calls.paymentMethods.answer.parse((await api.call('/orders/payment-methods/')).body);
    expect(offered.methods).toEqual(['payme', 'click', 'mastercard', 'card', 'cash', 'installment']);
  });
});

describe('the payment sandbox beside live providers', () => {
  it('is never mounted while a merchant key is set; only configured providers are offered', async () => {
    for (const server of [
      { payme: { merchantId: 'live-merchant' }, merchantKeys: { payme: 'live-key' } },
      { merchantKeys: { click: 'click-secret' } },
    ]) {
      const live = await startTestApi({ products: 10, server });
      try {
        // Checkout asks which methods are taken, and is told only these.
        const offered = calls.paymentMethods.answer.parse((await live.call('/orders/payment-methods/')).body);
        expect(offered.methods).toEqual(server.payme ? ['payme', 'cash', 'installment'] : ['cash', 'installment']);
        const { access } = await live.signIn();
        // A method without its provider is not offered: neither ordered with nor paid with.
        const refused = await placeOrder(live, access, { payment_method: 'card' });
        expect(fieldErrors(refused)['payment_method']).toHaveLength(1);
        const cash = calls.placeOrder.answer.parse((await placeOrder(live, access, { payment_method: 'cash' })).body);
        expect(cash.payment_method).toBe('cash');
        if (server.payme) {
          const order = calls.placeOrder.answer.parse((await placeOrder(live, access)).body);
          const pay = (method: string) =>
            live.call(`/orders/${order.id}/pay/`, { method: 'POST', token: access, body: { method } });
          const link = calls.payOrder.answer.parse((await pay('payme')).body).payment_url;
          expect(link).toMatch(/^https:\/\/checkout\.paycom\.uz\//);
          expect(fieldErrors(await pay('card'))['method']).toHaveLength(1);
        }
        const sandbox = await fetch(`${new URL(live.base).origin}/sandbox/pay/x.y`);
        expect(sandbox.status).toBe(404);
        expect(await sandbox.text()).not.toContain('<!doctype html>');
      } finally {
        await live.stop();
      }
    }
  });
});

describe('order status test route', () => {
  it('moves an order along its status flow (tests only)', async () => {
    const { access } = await api.signIn();
    const order = calls.placeOrder.answer.parse((await place(access, 'cash')).body);
    const move = (body: unknown) =>
      api.call(`/__test__/orders/${order.id}/status`, { method: 'POST', lang: 'ru', body });
    for (const status of ['delivering', 'delivered'] as const) {
      const moved = await move({ status, ...(status === 'delivered' ? { payment_status: 'paid' } : {}) });
      expect(moved.status).toBe(200);
      expect(calls.order.answer.parse(moved.body).status).toBe(status);
    }
    const seen = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    expect(seen).toMatchObject({ status: 'delivered', status_label: 'success', payment_status: 'paid' });
    expect((await move({ status: 'lost' })).status).toBe(400);
    expect(
      (await api.call('/__test__/orders/99999/status', { method: 'POST', body: { status: 'delivered' } })).status,
    ).toBe(404);
  });

  it('is not served without API_EXPOSE_CODES', async () => {
    const db = openDb(':memory:');
    const app = createApp({ db, dataDir: ':memory:', publicUrl: 'http://api.test', exposeCodes: false });
    const res = await app.request('/api/v1/__test__/orders/1/status', {
      method: 'POST',
      body: JSON.stringify({ status: 'delivered' }),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(404);
    db.close();
  });

  it('npm run order-status moves an order by its number in the data directory, beside the running API', async () => {
    const { access } = await api.signIn();
    const order = calls.placeOrder.answer.parse((await place(access, 'cash')).body);
    const run = (...args: string[]) =>
      new Promise<{ code: number | null; out: string }>((done) => {
        execFile(process.execPath, ['api/order-status-cli.ts', ...args, '--data-dir', api.dataDir], (error, stdout) =>
          done({ code: error ? (error.code as number) : 0, out: stdout }),
        );
      });
    const moved = await run(order.number, 'delivered', '--paid');
    expect(moved).toEqual({ code: 0, out: `Order ${order.number} is now delivered, paid.\n` });
    const seen = calls.order.answer.parse((await api.call(`/orders/${order.id}/`, { token: access })).body);
    expect(seen).toMatchObject({ status: 'delivered', payment_status: 'paid' });
    expect((await run(order.number, 'lost')).code).toBe(2);
    expect(await run('BZ-999999', 'delivered')).toMatchObject({ code: 1 });
  });
});
