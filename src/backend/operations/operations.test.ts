/**
 * The operations against the real reference API (in-process), faults injected at the network: each sends its call
 * with the body it builds, answers the shop's types, and a fallback for what a backend lacks stays inside it.
 */
import { describe, expect, it } from 'vitest';
import { address, checkout, favourites, orders, reviews, search } from '../index.ts';
import { QARSHI_ADDRESS } from '../../../tests/api/helpers.ts';
import { useShop } from '../../../tests/unit/support/shop.ts';

const shop = useShop();

describe('search', () => {
  it('a failed suggestions call gives three empty lists', async () => {
    shop.fail({ method: 'GET', path: /^\/products\/search\/$/, answer: 'abort' });
    await expect(search.suggestions('telefon')).resolves.toEqual({ products: [], categories: [], stores: [] });
  });
});

describe('favourites', () => {
  it('an add the backend has no favourites for (404) keeps the id locally, then fails; a refused one (400) not', async () => {
    await shop.signIn();
    const kept: number[] = [];
    shop.fail({ method: 'POST', path: /^\/favorite\/$/, answer: 404 });
    await expect(favourites.add(5, (id) => kept.push(id))).rejects.toMatchObject({ status: 404 });
    expect(kept).toEqual([5]);
    shop.heal();
    shop.fail({ method: 'POST', path: /^\/favorite\/$/, answer: 400 });
    await expect(favourites.add(6, (id) => kept.push(id))).rejects.toMatchObject({ status: 400 });
    expect(kept).toEqual([5]);
  });

  it('answers the records: the record id removes one', async () => {
    await shop.signIn();
    const added = await favourites.add(3);
    expect(added).toEqual({ id: expect.any(Number), product: 3 });
    expect(await favourites.list()).toEqual([added]);
    await favourites.remove(added.id);
    expect(await favourites.list()).toEqual([]);
  });
});

describe('the address in the profile', () => {
  it('is none at first, then read back as the profile keeps it', async () => {
    await shop.signIn();
    expect(await address.read()).toBeNull();
    expect(await address.save({ ...QARSHI_ADDRESS, entrance: '2' })).toEqual({ ...QARSHI_ADDRESS, entrance: '2' });
    expect(await address.read()).toEqual({ ...QARSHI_ADDRESS, entrance: '2' });
  });
});

describe('orders and reviews', () => {
  it('an order placed from the shop’s words is listed as the shop reads it', async () => {
    const { access } = await shop.signIn();
    const product = await shop.product((p) => p.features.length === 0 && p.stock > 0);
    const line = await shop.api.call('/orders/add-basket/', {
      method: 'POST',
      token: access,
      body: { product: product.id, quantity: 1 },
    });
    const placed = await checkout.place({
      items: [(line.body as { id: number }).id],
      address: QARSHI_ADDRESS,
      payment: 'cash',
      name: 'Ali Valiyev',
      phone: '+998901234567',
    });
    expect(placed).toMatchObject({ customer_name: 'Ali Valiyev', payment_method: 'cash', address: QARSHI_ADDRESS });
    expect(placed).not.toHaveProperty('status_label');
    expect(placed.items.map((item) => item.product.id)).toEqual([product.id]);
    expect((await orders.list('all', 1)).results).toEqual([placed]);
  });

  it('a review is sent as multipart form data, the product with a new one only', async () => {
    await shop.signIn();
    await expect(reviews.write(1, { rating: 5, texts: { comment: 'Yaxshi' }, images: [] })).rejects.toMatchObject({
      status: 400,
    });
    expect(shop.requests).toEqual(['POST /comments/']);
  });
});
