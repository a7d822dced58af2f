import { describe, expect, it } from 'vitest';
import { countedLines, decodePending, encodePending, viewLines, type PendingChange } from './pending.ts';
import { dropChange, planReplay, recordChange, refuseChange, retryChange } from './replay.ts';

const add = (product: number, quantity = 1, feature: number | null = null) =>
  ({ product, feature, kind: 'add', quantity }) as const;
const line = (id: number, product: number, quantity = 1, feature: number | null = null) => ({
  id,
  product,
  feature,
  quantity,
});

describe('recordChange', () => {
  it('keeps changes in the order they were made, one per line', () => {
    let changes: PendingChange[] = [];
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

describe('decodePending', () => {
  it('reads what encodePending wrote, and drops what it cannot read', () => {
    const changes = refuseChange(recordChange(recordChange([], add(1, 2)), add(3, 1, 9)), add(3, 1, 9), 'Gone.');
    expect(decodePending(encodePending(changes))).toEqual(changes);
    expect(
      decodePending(
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
    expect(decodePending('not json')).toEqual([]);
    expect(encodePending([])).toBeUndefined();
  });
});

describe('planReplay', () => {
  it('an add whose line the server already has sends nothing: replaying never duplicates a line', () => {
    const changes = recordChange([], add(1));
    expect(planReplay(changes, [])).toEqual([
      { changes, calls: [{ call: 'add', product: 1, feature: null, quantity: 1 }] },
    ]);
    expect(planReplay(changes, [line(10, 1)])).toEqual([{ changes, calls: [] }]);
  });

  it('an add of more than the server has closes the gap with increases (sign-in keeps the larger quantity)', () => {
    const changes = recordChange([], add(1, 3));
    expect(planReplay(changes, [line(10, 1)])[0]!.calls).toEqual([
      { call: 'quantity', item: 10, action: 'increase' },
      { call: 'quantity', item: 10, action: 'increase' },
    ]);
    expect(planReplay(changes, [line(10, 1, 5)])[0]!.calls).toEqual([]);
  });

  it('a quantity is set with increases or decreases, and left alone when the line has gone', () => {
    const set = (quantity: number) => recordChange([], { product: 1, feature: null, kind: 'set', quantity });
    expect(planReplay(set(1), [line(10, 1, 3)])[0]!.calls).toEqual([
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
    const plan = planReplay(changes, [line(10, 1), line(20, 2)]);
    expect(plan.map((p) => [p.changes.map((c) => c.product), p.calls])).toEqual([
      [[4], [{ call: 'add', product: 4, feature: null, quantity: 1 }]],
      [[3], []],
      [[1, 2], [{ call: 'delete', items: [10, 20] }]],
    ]);
    expect(planReplay(changes.slice(0, 1), [line(10, 1)])[0]!.calls).toEqual([{ call: 'delete', items: [10] }]);
  });
});

describe('viewLines', () => {
  it("lays the changes over the server's lines; a refused line is shown but not counted", () => {
    let changes = recordChange([], { product: 1, feature: null, kind: 'set', quantity: 4 });
    changes = recordChange(changes, { product: 2, feature: null, kind: 'remove', quantity: 0 });
    changes = recordChange(changes, add(3, 1, 8));
    changes = refuseChange(recordChange(changes, add(5)), { product: 5, feature: null }, 'Out of stock.');
    const view = viewLines([line(10, 1, 2), line(20, 2), line(30, 6)], changes);
    expect(view.map((l) => [l.product, l.quantity, l.source, l.status, l.reason ?? null])).toEqual([
      [1, 4, 'server', 'waiting', null],
      [6, 1, 'server', 'saved', null],
      [3, 1, 'pending', 'waiting', null],
      [5, 1, 'pending', 'refused', 'Out of stock.'],
    ]);
    expect(countedLines(view).map((l) => l.product)).toEqual([1, 6, 3]);
  });
});
