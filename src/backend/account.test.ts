/** The readers of the shopper's own answers: orders, the profile and favourites, read into the shop's types. */
import { describe, expect, it } from 'vitest';
import { readOrder } from './orders.ts';
import { readFavourites, readProfile } from './shopper.ts';
import { QARSHI_ADDRESS } from '../../tests/fixtures/address.ts';

const product = {
  id: 7,
  title: '  ',
  price: '12500.00',
  discount: null,
  discount_price: null,
  images: '/a.jpg,/b.jpg',
};
const order = {
  id: 3,
  number: 'BZ-000003',
  status: 'delivered',
  status_label: 'success',
  payment_method: 'cash',
  payment_status: 'paid',
  delivery_type: 'city',
  delivery_date: '2026-11-24',
  customer_name: 'Ali Valiyev',
  customer_phone: '+998901234567',
  address: QARSHI_ADDRESS,
  price: 25_000,
  delivery_fee: 0,
  count: 2,
  items: [{ id: 1, product, quantity: 2, price: 12_500, feature: null }],
  receipt: { sales: 'javascript:alert(1)', return: 'https://ofd.example/r/1' },
  created_at: '2026-11-22T05:00:00.000Z',
};

describe('an order', () => {
  it('is read as the shop shows it: its lines’ products as every product, links only http(s), no derived fields', () => {
    const read = readOrder(order);
    expect(read).not.toHaveProperty('status_label');
    expect(read).not.toHaveProperty('count');
    expect(read.delivery_fee).toBe(0);
    expect(read.items[0]!.product).toMatchObject({
      title: 'Unknown Product',
      price: 12_500,
      images: ['/a.jpg', '/b.jpg'],
    });
    expect(read.receipt).toEqual({ sales: null, return: 'https://ofd.example/r/1' });
  });

  it('is refused without its number, its address or a list of lines', () => {
    expect(() => readOrder({ ...order, number: null })).toThrow(/number/);
    expect(() => readOrder({ ...order, address: null })).toThrow(/address/);
    expect(() => readOrder({ ...order, items: {} })).toThrow(/list/);
  });
});

describe('the profile', () => {
  it('gives a name not given as empty, and a gender only as one of the two', () => {
    const user = { id: 1, phone_number: '+998901234567', first_name: null, gender: 'x', address: QARSHI_ADDRESS };
    expect(readProfile(user)).toEqual({
      id: 1,
      phone_number: '+998901234567',
      first_name: '',
      last_name: '',
      father_name: '',
      gender: null,
      birth_date: null,
      email: null,
      address: QARSHI_ADDRESS,
    });
  });
});

describe('favourites', () => {
  it('are read only from a list, skipping records whose product is no id', () => {
    const report = () => {};
    expect(readFavourites({ results: [] }, report)).toEqual([]);
    expect(
      readFavourites([{ id: 1, product: 2 }, { id: 2, product: 'x' }, null, { id: 3, product: { id: 4 } }], report),
    ).toEqual([
      { id: 1, product: 2 },
      { id: 3, product: 4 },
    ]);
  });
});
