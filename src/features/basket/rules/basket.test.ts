import { describe, expect, it } from 'vitest';
import { basketReducer, decodeBasket, MAX_QUANTITY, nextQuantity, totals } from './basket.ts';

const line = (id: number, product: number, feature: number | null = null, quantity = 1) => ({
  id,
  product,
  feature,
  quantity,
});

describe('basketReducer (spec §4 Basket)', () => {
  it('toggle: adds a new line with quantity 1 and the next id, and removes it on the second add', () => {
    const first = basketReducer([], { type: 'toggle', product: 5, feature: null });
    expect(first).toEqual([line(1, 5)]);
    expect(basketReducer(first, { type: 'toggle', product: 5, feature: null })).toEqual([]);
  });

  it('toggle: another feature of the same product is another line', () => {
    const two = basketReducer(basketReducer([], { type: 'toggle', product: 5, feature: 1 }), {
      type: 'toggle',
      product: 5,
      feature: 2,
    });
    expect(two).toEqual([line(1, 5, 1), line(2, 5, 2)]);
    expect(basketReducer(two, { type: 'toggle', product: 5, feature: 1 })).toEqual([line(2, 5, 2)]);
  });

  it('toggle and add take a given id (a temporary one while the server answers)', () => {
    expect(basketReducer([line(7, 1)], { type: 'toggle', product: 2, feature: null, id: -1 })).toEqual([
      line(7, 1),
      line(-1, 2),
    ]);
  });

  it('add never toggles off, and keeps the existing quantity', () => {
    const once = basketReducer([], { type: 'add', product: 3, feature: null, quantity: 4 });
    expect(once).toEqual([line(1, 3, null, 4)]);
    expect(basketReducer(once, { type: 'add', product: 3, feature: null })).toEqual(once);
  });

  it('add keeps quantities within 1..1000', () => {
    expect(basketReducer([], { type: 'add', product: 3, feature: null, quantity: 0 })[0]!.quantity).toBe(1);
    expect(basketReducer([], { type: 'add', product: 3, feature: null, quantity: 5000 })[0]!.quantity).toBe(
      MAX_QUANTITY,
    );
  });

  it('increase adds one up to the maximum; decrease at 1 removes the line (minimum 1)', () => {
    const lines = [line(1, 5, null, 1), line(2, 6, null, MAX_QUANTITY)];
    expect(basketReducer(lines, { type: 'increase', id: 1 })[0]!.quantity).toBe(2);
    expect(basketReducer(lines, { type: 'increase', id: 2 })[1]!.quantity).toBe(MAX_QUANTITY);
    expect(basketReducer(lines, { type: 'decrease', id: 1 })).toEqual([line(2, 6, null, MAX_QUANTITY)]);
    expect(basketReducer(lines, { type: 'decrease', id: 2 })[1]!.quantity).toBe(MAX_QUANTITY - 1);
    expect(basketReducer(lines, { type: 'decrease', id: 9 })).toEqual(lines);
  });

  it('remove drops the named lines only', () => {
    const lines = [1, 2, 3].map((id) => line(id, id * 10));
    expect(basketReducer(lines, { type: 'remove', ids: [1, 3] })).toEqual([line(2, 20)]);
    expect(basketReducer(lines, { type: 'remove', ids: [] })).toEqual(lines);
  });

  it('merge keeps the larger quantity of a line on both sides and adds the rest', () => {
    const server = [line(11, 5, null, 2), line(12, 6, 3, 1)];
    const merged = basketReducer(server, {
      type: 'merge',
      lines: [
        { product: 5, feature: null, quantity: 1 },
        { product: 6, feature: 3, quantity: 4 },
        { product: 7, feature: null, quantity: 2 },
      ],
    });
    expect(merged).toEqual([line(11, 5, null, 2), line(12, 6, 3, 4), line(13, 7, null, 2)]);
  });

  it('keeps extra fields of the lines it is given (the server view carries its item)', () => {
    const withItem = [{ ...line(4, 5), item: 'kept' }];
    expect(basketReducer(withItem, { type: 'increase', id: 4 })).toEqual([{ ...line(4, 5, null, 2), item: 'kept' }]);
  });
});

describe('quantities', () => {
  it('nextQuantity: 0 means removed', () => {
    expect(nextQuantity(1, 'decrease')).toBe(0);
    expect(nextQuantity(2, 'decrease')).toBe(1);
    expect(nextQuantity(1, 'increase')).toBe(2);
  });
});

describe('decodeBasket repairs corrupted storage', () => {
  it.each([
    ['not JSON', '{oops'],
    ['an object', '{"a":1}'],
    ['a number', '42'],
    ['null', 'null'],
    ['empty', ''],
  ])('%s gives an empty basket', (_, raw) => {
    expect(decodeBasket(raw)).toEqual([]);
  });
  it('drops bad entries, fixes quantities and ids, merges duplicates', () => {
    const raw = JSON.stringify([
      { id: 1, product: 5, feature: null, quantity: 2 },
      { id: 1, product: 6, feature: 3, quantity: 'x' },
      { id: 2, product: 'abc', feature: null, quantity: 1 },
      { id: 3, product: '7', feature: null, quantity: 1 },
      { id: 4, product: 5, feature: null, quantity: 9 },
      { id: 5, product: 8, feature: 'zz', quantity: 1 },
      'junk',
      null,
    ]);
    expect(decodeBasket(raw)).toEqual([
      { id: 1, product: 5, feature: null, quantity: 2 },
      { id: 3, product: 7, feature: null, quantity: 1 },
      { id: 4, product: 6, feature: 3, quantity: 1 },
    ]);
  });
});

describe('prices and totals', () => {
  it('sums quantities, list prices and discounts', () => {
    expect(
      totals([
        { quantity: 2, price: 90, listPrice: 100 },
        { quantity: 1, price: 50, listPrice: 50 },
      ]),
    ).toEqual({ count: 3, subtotal: 250, discount: 20, total: 230 });
  });
  it('leaves a line the server refused out of the totals', () => {
    expect(
      totals([
        { quantity: 1, price: 90, listPrice: 100, status: 'saved' },
        { quantity: 3, price: 50, listPrice: 50, status: 'refused' },
      ]),
    ).toEqual({ count: 1, subtotal: 100, discount: 10, total: 90 });
  });
});
