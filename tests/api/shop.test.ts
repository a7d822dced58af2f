import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import type { CatalogueProduct } from '#contract/schemas.ts';
import { expectFieldError, startTestApi, type TestApi, QARSHI_ADDRESS } from './helpers.ts';

let api: TestApi;
let products: CatalogueProduct[];
beforeAll(async () => {
  // Live payment providers: their real checkout link formats (the sandbox is tested in payments.test.ts).
  api = await startTestApi({
    products: 40,
    server: { payme: { merchantId: 'merchant-1' }, click: { serviceId: '12345', merchantId: '67890' } },
  });
  products = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body).results;
});
afterAll(() => api.stop());

const address = QARSHI_ADDRESS;
const plainProduct = () => {
  const p = products.find((p) => p.features.length === 0 && p.stock >= 3);
  if (!p) throw new Error('seed has no plain product in stock');
  return p;
};
const featured = () => {
  const p = products.find((p) => p.features.some((f) => f.count >= 2) && p.features.length > 1);
  if (!p) throw new Error('seed has no product with variants');
  return p;
};

describe('profile', () => {
  it('reads and updates the profile; the phone is not changeable', async () => {
    const { access } = await api.signIn('+998970000001');
    const patch = await api.call('/users/profile/', {
      method: 'PATCH',
      token: access,
      body: {
        first_name: 'Dilnoza',
        gender: 'female',
        birth_date: '1995-04-12',
        email: 'dilnoza@example.uz',
        address,
        phone_number: '+998990000000',
      },
    });
    expect(patch.status).toBe(200);
    const user = calls.updateProfile.answer.parse(patch.body);
    expect(user).toMatchObject({
      first_name: 'Dilnoza',
      gender: 'female',
      birth_date: '1995-04-12',
      phone_number: '+998970000001',
      address,
    });
    const cleared = calls.updateProfile.answer.parse(
      (await api.call('/users/profile/', { method: 'PATCH', token: access, body: { email: null } })).body,
    );
    expect(cleared.email).toBeNull();
    expect(cleared.first_name).toBe('Dilnoza');
    expectFieldError(
      await api.call('/users/profile/', { method: 'PATCH', token: access, body: { email: 'not-an-email' } }),
      'email',
    );
    expectFieldError(
      await api.call('/users/profile/', { method: 'PATCH', token: access, body: { birth_date: '12.04.1995' } }),
      'birth_date',
    );
    expectFieldError(
      await api.call('/users/profile/', {
        method: 'PATCH',
        token: access,
        body: { address: { ...address, delivery_type: 'moon' } },
      }),
      'address.delivery_type',
    );
  });
});

describe('basket', () => {
  it('adds, sets quantity idempotently, bounds quantity, and deletes', async () => {
    const { access } = await api.signIn('+998970000002');
    const plain = plainProduct();
    const add = await api.call('/orders/add-basket/', {
      method: 'POST',
      token: access,
      body: { product: plain.id, quantity: 1 },
    });
    expect(add.status).toBe(201);
    const line = calls.addToBasket.answer.parse(add.body);
    expect(line.price).toBe(plain.discount_price ?? plain.price);
    const again = calls.addToBasket.answer.parse(
      (
        await api.call('/orders/add-basket/', {
          method: 'POST',
          token: access,
          body: { product: plain.id, quantity: 2 },
        })
      ).body,
    );
    expect(again.id).toBe(line.id);
    expect(again.quantity).toBe(2);
    const basket = calls.basket.answer.parse((await api.call('/orders/basket/', { token: access })).body);
    expect(basket).toHaveLength(1);

    const down = await api.call('/orders/basket/quantity/', {
      method: 'POST',
      token: access,
      body: { item: line.id, action: 'decrease' },
    });
    expect(calls.basketQuantity.answer.parse(down.body).quantity).toBe(1);
    expectFieldError(
      await api.call('/orders/basket/quantity/', {
        method: 'POST',
        token: access,
        body: { item: line.id, action: 'decrease' },
      }),
      'action',
    );
    const up = await api.call('/orders/basket/quantity/', {
      method: 'POST',
      token: access,
      body: { item: line.id, action: 'increase' },
    });
    expect(up.body.quantity).toBe(2);
    expectFieldError(
      await api.call('/orders/add-basket/', {
        method: 'POST',
        token: access,
        body: { product: plain.id, quantity: plain.stock + 1 },
      }),
      'quantity',
    );

    // Another shopper sees and changes nothing of it.
    const other = await api.signIn('+998970000003');
    expect((await api.call('/orders/basket/', { token: other.access })).body).toEqual([]);
    expect(
      (
        await api.call('/orders/basket/quantity/', {
          method: 'POST',
          token: other.access,
          body: { item: line.id, action: 'increase' },
        })
      ).status,
    ).toBe(404);
    expect(
      (await api.call(`/orders/basket/delete/?item=${line.id}`, { method: 'DELETE', token: other.access })).status,
    ).toBe(404);

    const del = await api.call(`/orders/basket/delete/?item=${line.id}`, { method: 'DELETE', token: access });
    expect(calls.deleteFromBasket.answer.parse(del.body)).toEqual({ deleted: 1 });
    expect((await api.call(`/orders/basket/delete/?item=${line.id}`, { method: 'DELETE', token: access })).status).toBe(
      404,
    );
    expectFieldError(await api.call('/orders/basket/delete/?item=abc', { method: 'DELETE', token: access }), 'item');
  });

  it('handles variants and deletes many', async () => {
    const { access } = await api.signIn('+998970000004');
    const product = featured();
    const [f1, f2] = product.features.filter((f) => f.count >= 1);
    expectFieldError(
      await api.call('/orders/add-basket/', {
        method: 'POST',
        token: access,
        body: { product: product.id, quantity: 1 },
      }),
      'feature',
    );
    const foreign = products.find((p) => p.id !== product.id && p.features.length > 0)?.features[0];
    expectFieldError(
      await api.call('/orders/add-basket/', {
        method: 'POST',
        token: access,
        body: { product: product.id, quantity: 1, feature: foreign?.id },
      }),
      'feature',
    );
    expectFieldError(
      await api.call('/orders/add-basket/', { method: 'POST', token: access, body: { product: 99999, quantity: 1 } }),
      'product',
    );
    expectFieldError(
      await api.call('/orders/add-basket/', { method: 'POST', token: access, body: { product: 'x', quantity: 0 } }),
      'quantity',
    );
    expectFieldError(
      await api.call('/orders/add-basket/', { method: 'POST', token: access, body: { product: 'x', quantity: 1 } }),
      'product',
    );

    const a = calls.addToBasket.answer.parse(
      (
        await api.call('/orders/add-basket/', {
          method: 'POST',
          token: access,
          body: { product: product.id, quantity: 1, feature: f1?.id },
        })
      ).body,
    );
    expect(a.feature?.id).toBe(f1?.id);
    expect(a.price).toBe(f1?.price ?? product.discount_price ?? product.price);
    const ids = [a.id];
    if (f2) {
      const b = calls.addToBasket.answer.parse(
        (
          await api.call('/orders/add-basket/', {
            method: 'POST',
            token: access,
            body: { product: product.id, quantity: 1, feature: f2.id },
          })
        ).body,
      );
      expect(b.id).not.toBe(a.id);
      ids.push(b.id);
    }
    const many = await api.call('/orders/basket/delete/', {
      method: 'DELETE',
      token: access,
      body: { items: [...ids, 99999] },
    });
    expect(calls.deleteFromBasket.answer.parse(many.body)).toEqual({ deleted: ids.length });
    expect(
      (await api.call('/orders/basket/delete/', { method: 'DELETE', token: access, body: { items: ids } })).body,
    ).toEqual({ deleted: 0 });
    expectFieldError(
      await api.call('/orders/basket/delete/', { method: 'DELETE', token: access, body: { items: [] } }),
      'items',
    );
  });
});

describe('favourites', () => {
  it('adds idempotently, lists and removes', async () => {
    const { access } = await api.signIn('+998970000005');
    const first = await api.call('/favorite/', { method: 'POST', token: access, body: { product: 3 } });
    expect(first.status).toBe(201);
    const fav = calls.addFavourite.answer.parse(first.body);
    const again = await api.call('/favorite/', { method: 'POST', token: access, body: { product: 3 } });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(fav);
    expect(calls.favourites.answer.parse((await api.call('/favorite/', { token: access })).body)).toEqual([fav]);
    expectFieldError(
      await api.call('/favorite/', { method: 'POST', token: access, body: { product: 99999 } }),
      'product',
    );
    const other = await api.signIn('+998970000006');
    expect((await api.call(`/favorite/${fav.id}/`, { method: 'DELETE', token: other.access })).status).toBe(404);
    const del = await api.call(`/favorite/${fav.id}/`, { method: 'DELETE', token: access });
    expect(del.status).toBe(204);
    expect((await api.call(`/favorite/${fav.id}/`, { method: 'DELETE', token: access })).status).toBe(404);
    expect((await api.call('/favorite/', { token: access })).body).toEqual([]);
  });
});

describe('orders', () => {
  it('places, lists by status, shows, pays and cancels orders', async () => {
    const { access } = await api.signIn('+998970000007');
    const plain = plainProduct();
    const line = calls.addToBasket.answer.parse(
      (
        await api.call('/orders/add-basket/', {
          method: 'POST',
          token: access,
          body: { product: plain.id, quantity: 2 },
        })
      ).body,
    );
    const order = { address, payment_method: 'payme', customer_name: 'Dilnoza R.', customer_phone: '+998970000007' };
    expectFieldError(
      await api.call('/orders/', { method: 'POST', token: access, body: { ...order, items: [99999] } }),
      'items',
    );
    expectFieldError(
      await api.call('/orders/', {
        method: 'POST',
        token: access,
        body: { ...order, items: [line.id], customer_phone: '123' },
      }),
      'customer_phone',
    );
    expectFieldError(
      await api.call('/orders/', {
        method: 'POST',
        token: access,
        body: { ...order, items: [line.id], address: { ...address, delivery_type: 'region' } },
      }),
      'address.delivery_type',
    );

    const placed = await api.call('/orders/', { method: 'POST', token: access, body: { ...order, items: [line.id] } });
    expect(placed.status).toBe(201);
    const online = calls.placeOrder.answer.parse(placed.body);
    expect(online).toMatchObject({
      status: 'awaiting_payment',
      status_label: 'new',
      payment_status: 'unpaid',
      delivery_type: 'city',
      count: 2,
      price: line.price * 2,
    });
    expect(online.number).toMatch(/^BZ-\d{6}$/);
    expect(online.delivery_date).toBe(new Date(api.clock.now + 2 * 86_400_000).toISOString().slice(0, 10));
    expect((await api.call('/orders/basket/', { token: access })).body).toEqual([]);

    const line2 = calls.addToBasket.answer.parse(
      (
        await api.call('/orders/add-basket/', {
          method: 'POST',
          token: access,
          body: { product: plain.id, quantity: 1 },
        })
      ).body,
    );
    const cash = calls.placeOrder.answer.parse(
      (
        await api.call('/orders/', {
          method: 'POST',
          token: access,
          body: { ...order, payment_method: 'cash', items: [line2.id] },
        })
      ).body,
    );
    expect(cash).toMatchObject({ status: 'assembling', status_label: 'in_progress' });

    const all = calls.orders.answer.parse((await api.call('/orders/', { token: access })).body);
    expect(all.results.map((o) => o.id)).toEqual([cash.id, online.id]);
    const fresh = calls.orders.answer.parse((await api.call('/orders/?status=new', { token: access })).body);
    expect(fresh.results.map((o) => o.id)).toEqual([online.id]);
    expect((await api.call('/orders/?status=in_progress', { token: access })).body.count).toBe(1);
    expect((await api.call('/orders/?status=success', { token: access })).body.count).toBe(0);
    expectFieldError(await api.call('/orders/?status=lost', { token: access }), 'status');
    expect((await api.call('/orders/?page=2', { token: access })).status).toBe(404);

    expect(calls.order.answer.parse((await api.call(`/orders/${online.id}/`, { token: access })).body).id).toBe(
      online.id,
    );
    const stranger = await api.signIn('+998970000008');
    expect((await api.call(`/orders/${online.id}/`, { token: stranger.access })).status).toBe(404);
    expect((await api.call('/orders/99999/', { token: access })).status).toBe(404);

    const payme = calls.payOrder.answer.parse(
      (await api.call(`/orders/${online.id}/pay/`, { method: 'POST', token: access, body: { method: 'payme' } })).body,
    );
    expect(payme.payment_url).toMatch(/^https:\/\/checkout\.paycom\.uz\/[A-Za-z0-9+/=]+$/);
    const decoded = Buffer.from(payme.payment_url.slice('https://checkout.paycom.uz/'.length), 'base64').toString();
    expect(decoded).toMatch(new RegExp(`^m=[^;]+;ac\\.order_id=${online.id};a=${online.price * 100};c=http`));
    const click = new URL(
      calls.payOrder.answer.parse(
        (await api.call(`/orders/${online.id}/pay/`, { method: 'POST', token: access, body: { method: 'click' } }))
          .body,
      ).payment_url,
    );
    expect(click.origin + click.pathname).toBe('https://my.click.uz/services/pay');
    expect(click.searchParams.get('amount')).toBe(String(online.price));
    expect(click.searchParams.get('transaction_param')).toBe(String(online.id));
    expect(click.searchParams.get('service_id')).toBeTruthy();
    expect(click.searchParams.get('merchant_id')).toBeTruthy();
    expect(click.searchParams.get('return_url')).toMatch(/^http/);
    expectFieldError(
      await api.call(`/orders/${online.id}/pay/`, { method: 'POST', token: access, body: { method: 'cash' } }),
      'method',
    );

    const cancelled = calls.cancelOrder.answer.parse(
      (await api.call(`/orders/${online.id}/cancel/`, { method: 'POST', token: access })).body,
    );
    expect(cancelled).toMatchObject({ status: 'cancelled', status_label: 'cancelled' });
    expect((await api.call(`/orders/${online.id}/cancel/`, { method: 'POST', token: access })).status).toBe(400);
    expect(
      (await api.call(`/orders/${online.id}/pay/`, { method: 'POST', token: access, body: { method: 'payme' } }))
        .status,
    ).toBe(400);
  });
});
