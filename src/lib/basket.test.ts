import { describe, expect, it } from 'vitest';
import {
  changeEntryQuantity,
  decodeBasket,
  ensureEntry,
  lineCount,
  nextQuantity,
  removeEntries,
  toggleEntry,
  totals,
} from './basket.ts';

describe('toggleEntry', () => {
  it('adds a new line with quantity 1, then removes it on the second add', () => {
    const first = toggleEntry([], 5, null);
    expect(first).toEqual({ added: true, entries: [{ id: 1, product: 5, feature: null, quantity: 1 }] });
    expect(toggleEntry(first.entries, 5, null)).toEqual({ added: false, entries: [] });
  });
  it('treats another feature of the same product as another line', () => {
    const { entries } = toggleEntry(toggleEntry([], 5, 1).entries, 5, 2);
    expect(entries.map((e) => [e.product, e.feature])).toEqual([
      [5, 1],
      [5, 2],
    ]);
    expect(toggleEntry(entries, 5, 1).entries.map((e) => e.feature)).toEqual([2]);
  });
  it('ensureEntry never toggles off', () => {
    const once = ensureEntry([], 3, null);
    expect(ensureEntry(once, 3, null)).toEqual(once);
  });
});

describe('quantities', () => {
  it('minimum 1: decreasing at 1 removes the line', () => {
    expect(nextQuantity(1, 'decrease')).toBe(0);
    expect(nextQuantity(2, 'decrease')).toBe(1);
    expect(nextQuantity(1, 'increase')).toBe(2);
    const entries = [{ id: 1, product: 5, feature: null, quantity: 1 }];
    expect(changeEntryQuantity(entries, 1, 'increase')[0]!.quantity).toBe(2);
    expect(changeEntryQuantity(entries, 1, 'decrease')).toEqual([]);
    expect(changeEntryQuantity(entries, 9, 'decrease')).toEqual(entries);
  });
  it('removes several entries', () => {
    const entries = [1, 2, 3].map((id) => ({ id, product: id * 10, feature: null, quantity: 1 }));
    expect(removeEntries(entries, [1, 3]).map((e) => e.id)).toEqual([2]);
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
  it('counts distinct lines across server items and local entries', () => {
    expect(
      lineCount(
        [{ product: 1, feature: null }],
        [
          { id: 1, product: 1, feature: null, quantity: 1 },
          { id: 2, product: 2, feature: null, quantity: 1 },
        ],
      ),
    ).toBe(2);
    expect(lineCount(null, [])).toBe(0);
  });
});
