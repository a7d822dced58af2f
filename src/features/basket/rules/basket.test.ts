import { describe, expect, it } from 'vitest';
import {
  countedLines,
  decodeBasket,
  decodeChanges,
  dropChange,
  encodeList,
  lineKey,
  MAX_QUANTITY,
  nextQuantity,
  planReplay,
  recordChange,
  refuseChange,
  retryChange,
  takeChange,
  totals,
  viewLines,
  type BasketChange,
  type BasketEntry,
  type ChangeAsked,
} from './basket.ts';

const line = (id: number, product: number, feature: number | null = null, quantity = 1) => ({
  id,
  product,
  feature,
  quantity,
});
const add = (product: number, quantity = 1, feature: number | null = null) =>
  ({ product, feature, kind: 'add', quantity }) as const;
const remove = (product: number, feature: number | null = null) =>
  ({ product, feature, kind: 'remove', quantity: 0 }) as const;
/** A visitor's add button: the same line again removes it. */
const toggle = (lines: readonly BasketEntry[], product: number, feature: number | null = null) =>
  takeChange(
    lines,
    lines.some((l) => l.product === product && l.feature === feature)
      ? remove(product, feature)
      : add(product, 1, feature),
  );
const takeAll = (lines: readonly BasketEntry[], changes: readonly ChangeAsked[]) =>
  changes.reduce<BasketEntry[]>((kept, change) => takeChange(kept, change), [...lines]);

describe('lineKey', () => {
  it('names a line by its product and feature, and any line of a product', () => {
    expect([lineKey(7, null), lineKey(7, 3), lineKey(7, '*')]).toEqual(['7:', '7:3', '7:*']);
  });
});

describe("a visitor's lines take each change at once (spec §4 Basket)", () => {
  it('toggle: adds a new line with quantity 1 and the next id, and removes it on the second add', () => {
    const first = toggle([], 5);
    expect(first).toEqual([line(1, 5)]);
    expect(toggle(first, 5)).toEqual([]);
  });

  it('toggle: another feature of the same product is another line', () => {
    const two = toggle(toggle([], 5, 1), 5, 2);
    expect(two).toEqual([line(1, 5, 1), line(2, 5, 2)]);
    expect(toggle(two, 5, 1)).toEqual([line(2, 5, 2)]);
  });

  it('a new line takes the id after the highest one there', () => {
    expect(takeChange([line(7, 1)], add(2))).toEqual([line(7, 1), line(8, 2)]);
  });

  it('add never toggles off, and keeps the existing quantity', () => {
    const once = takeChange([], add(3, 4));
    expect(once).toEqual([line(1, 3, null, 4)]);
    expect(takeChange(once, add(3))).toEqual(once);
  });

  it('add keeps quantities within 1..1000', () => {
    expect(takeChange([], add(3, 0))[0]!.quantity).toBe(1);
    expect(takeChange([], add(3, 5000))[0]!.quantity).toBe(MAX_QUANTITY);
  });

  it('increase adds one up to the maximum; decrease at 1 removes the line (minimum 1)', () => {
    const lines = [line(1, 5, null, 1), line(2, 6, null, MAX_QUANTITY)];
    const step = (l: BasketEntry, action: 'increase' | 'decrease') => {
      const quantity = nextQuantity(l.quantity, action);
      return takeChange(lines, { product: l.product, feature: l.feature, kind: quantity ? 'set' : 'remove', quantity });
    };
    expect(step(lines[0]!, 'increase')[0]!.quantity).toBe(2);
    expect(step(lines[1]!, 'increase')[1]!.quantity).toBe(MAX_QUANTITY);
    expect(step(lines[0]!, 'decrease')).toEqual([line(2, 6, null, MAX_QUANTITY)]);
    expect(step(lines[1]!, 'decrease')[1]!.quantity).toBe(MAX_QUANTITY - 1);
    expect(takeChange(lines, { product: 9, feature: null, kind: 'set', quantity: 2 })).toEqual(lines);
  });

  it('remove drops the named lines only', () => {
    const lines = [1, 2, 3].map((id) => line(id, id * 10));
    expect(takeAll(lines, [remove(10), remove(30)])).toEqual([line(2, 20)]);
    expect(takeAll(lines, [])).toEqual(lines);
  });

  it('adds of lines from elsewhere keep the larger quantity of a line on both sides and add the rest', () => {
    const server = [line(11, 5, null, 2), line(12, 6, 3, 1)];
    const merged = takeAll(server, [add(5, 1), add(6, 4, 3), add(7, 2)]);
    expect(merged).toEqual([line(11, 5, null, 2), line(12, 6, 3, 4), line(13, 7, null, 2)]);
  });

  it('keeps extra fields of the lines it is given (the server view carries its item)', () => {
    const withItem = [{ ...line(4, 5), item: 'kept' }];
    expect(takeChange(withItem, { product: 5, feature: null, kind: 'set', quantity: 2 })).toEqual([
      { ...line(4, 5, null, 2), item: 'kept' },
    ]);
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

/** A server line: its item id, product, quantity and feature. */
const serverLine = (id: number, product: number, quantity = 1, feature: number | null = null) =>
  line(id, product, feature, quantity);

describe('recordChange', () => {
  it('keeps changes in the order they were made, one per line', () => {
    let changes: BasketChange[] = [];
    changes = recordChange(changes, add(1));
    changes = recordChange(changes, add(2, 1, 7));
    changes = recordChange(changes, { product: 1, feature: null, kind: 'set', quantity: 3 });
    expect(changes.map((c) => [c.product, c.kind, c.quantity])).toEqual([
      [1, 'add', 3],
      [2, 'add', 1],
    ]);
  });

  it('a removal replaces an add (whose answer may have been lost), and a refusal is cleared by a new change', () => {
    let changes = recordChange([], add(1));
    changes = refuseChange(changes, { product: 1, feature: null }, 'Out of stock.');
    expect(changes[0]).toMatchObject({ state: 'refused', reason: 'Out of stock.' });
    changes = recordChange(changes, { product: 1, feature: null, kind: 'remove', quantity: 5 });
    expect(changes).toEqual([{ product: 1, feature: null, kind: 'remove', quantity: 0, state: 'waiting' }]);
  });

  it('retry sends a refused change again without its reason; drop takes it out', () => {
    const refused = refuseChange(recordChange([], add(4)), { product: 4, feature: null }, 'No.');
    expect(retryChange(refused, { product: 4, feature: null })).toEqual([
      { product: 4, feature: null, kind: 'add', quantity: 1, state: 'waiting' },
    ]);
    expect(dropChange(refused, { product: 4, feature: null })).toEqual([]);
  });
});

describe('decodeChanges', () => {
  it('reads what encodePending wrote, and drops what it cannot read', () => {
    const changes = refuseChange(recordChange(recordChange([], add(1, 2)), add(3, 1, 9)), add(3, 1, 9), 'Gone.');
    expect(decodeChanges(encodeList(changes))).toEqual(changes);
    expect(
      decodeChanges(
        JSON.stringify([
          { product: 'x', kind: 'add', quantity: 1 },
          { product: 2, kind: 'explode', quantity: 1 },
          { product: 2, feature: 'y', kind: 'add', quantity: 1 },
          { product: 2, kind: 'add', quantity: 0 },
          { product: 5, kind: 'remove' },
          { product: 5, kind: 'add', quantity: 1 },
        ]),
      ),
    ).toEqual([{ product: 5, feature: null, kind: 'remove', quantity: 0, state: 'waiting' }]);
    expect(decodeChanges('not json')).toEqual([]);
    expect(encodeList([])).toBeUndefined();
  });
});

describe('planReplay', () => {
  it('an add whose line the server already has sends nothing: replaying never duplicates a line', () => {
    const changes = recordChange([], add(1));
    expect(planReplay(changes, [])).toEqual([
      { changes, calls: [{ call: 'add', product: 1, feature: null, quantity: 1 }] },
    ]);
    expect(planReplay(changes, [serverLine(10, 1)])).toEqual([{ changes, calls: [] }]);
  });

  it('an add of more than the server has closes the gap with increases (sign-in keeps the larger quantity)', () => {
    const changes = recordChange([], add(1, 3));
    expect(planReplay(changes, [serverLine(10, 1)])[0]!.calls).toEqual([
      { call: 'quantity', item: 10, action: 'increase' },
      { call: 'quantity', item: 10, action: 'increase' },
    ]);
    expect(planReplay(changes, [serverLine(10, 1, 5)])[0]!.calls).toEqual([]);
  });

  it('a quantity is set with increases or decreases, and left alone when the line has gone', () => {
    const set = (quantity: number) => recordChange([], { product: 1, feature: null, kind: 'set', quantity });
    expect(planReplay(set(1), [serverLine(10, 1, 3)])[0]!.calls).toEqual([
      { call: 'quantity', item: 10, action: 'decrease' },
      { call: 'quantity', item: 10, action: 'decrease' },
    ]);
    expect(planReplay(set(4), [])[0]!.calls).toEqual([]);
  });

  it('removals go last, together in one delete when there are several; refused changes wait', () => {
    let changes = recordChange([], { product: 1, feature: null, kind: 'remove', quantity: 0 });
    changes = recordChange(changes, { product: 2, feature: null, kind: 'remove', quantity: 0 });
    changes = recordChange(changes, { product: 3, feature: null, kind: 'remove', quantity: 0 });
    changes = recordChange(changes, add(4));
    changes = refuseChange(recordChange(changes, add(5)), { product: 5, feature: null }, null);
    const plan = planReplay(changes, [serverLine(10, 1), serverLine(20, 2)]);
    expect(plan.map((p) => [p.changes.map((c) => c.product), p.calls])).toEqual([
      [[4], [{ call: 'add', product: 4, feature: null, quantity: 1 }]],
      [[3], []],
      [[1, 2], [{ call: 'delete', items: [10, 20] }]],
    ]);
    expect(planReplay(changes.slice(0, 1), [serverLine(10, 1)])[0]!.calls).toEqual([{ call: 'delete', items: [10] }]);
  });
});

describe('viewLines', () => {
  it("lays the changes over the server's lines; a refused line is shown but not counted", () => {
    let changes = recordChange([], { product: 1, feature: null, kind: 'set', quantity: 4 });
    changes = recordChange(changes, { product: 2, feature: null, kind: 'remove', quantity: 0 });
    changes = recordChange(changes, add(3, 1, 8));
    changes = refuseChange(recordChange(changes, add(5)), { product: 5, feature: null }, 'Out of stock.');
    const view = viewLines([serverLine(10, 1, 2), serverLine(20, 2), serverLine(30, 6)], changes);
    expect(view.map((l) => [l.product, l.quantity, l.source, l.status, l.reason ?? null])).toEqual([
      [1, 4, 'server', 'waiting', null],
      [6, 1, 'server', 'saved', null],
      [3, 1, 'pending', 'waiting', null],
      [5, 1, 'pending', 'refused', 'Out of stock.'],
    ]);
    expect(countedLines(view).map((l) => l.product)).toEqual([1, 6, 3]);
  });
});
