/**
 * Changing and sending the waiting basket changes (basket-pending.ts holds
 * what they are): a change folded into its line's earlier one, and the plan of
 * the spec's calls that brings the server's basket to what they say. Pure; only
 * the pages that change a signed-in shopper's basket load it.
 */
import { MAX_QUANTITY, sameLine } from './basket.ts';
import type { KnownLine, PendingChange } from './pending.ts';

/**
 * Record a change of one line, folded into the line's earlier change (which
 * keeps its place in the order): a removal replaces anything (an add whose
 * answer was lost may have reached the server, so it is removed there too); a
 * new quantity for a line still to be added changes that add.
 */
export function recordChange(
  changes: readonly PendingChange[],
  change: Pick<PendingChange, 'product' | 'feature' | 'kind' | 'quantity'>,
): PendingChange[] {
  const earlier = changes.find((c) => sameLine(c, change));
  const kind = change.kind === 'set' && earlier?.kind === 'add' ? 'add' : change.kind;
  const next: PendingChange = {
    product: change.product,
    feature: change.feature,
    kind,
    quantity: kind === 'remove' ? 0 : Math.min(Math.max(change.quantity, 1), MAX_QUANTITY),
    state: 'waiting',
  };
  return earlier ? changes.map((c) => (c === earlier ? next : c)) : [...changes, next];
}

/** Drop the change of one line (sent, or a refused add the shopper takes out). */
export const dropChange = (changes: readonly PendingChange[], line: { product: number; feature: number | null }) =>
  changes.filter((c) => !sameLine(c, line));

/** Mark a line's change refused, with the server's reason. */
export const refuseChange = (
  changes: readonly PendingChange[],
  line: { product: number; feature: number | null },
  reason: string | null,
) =>
  changes.map((c): PendingChange =>
    sameLine(c, line) ? { ...c, state: 'refused', ...(reason ? { reason } : {}) } : c,
  );

/** Send a refused change again. */
export const retryChange = (changes: readonly PendingChange[], line: { product: number; feature: number | null }) =>
  changes.map((c): PendingChange => {
    if (!sameLine(c, line)) return c;
    const { reason: _reason, ...rest } = c;
    return { ...rest, state: 'waiting' };
  });

/** One of the spec's basket calls (§7). */
export type BasketCall =
  | { call: 'add'; product: number; feature: number | null; quantity: number }
  | { call: 'quantity'; item: number; action: 'increase' | 'decrease' }
  | { call: 'delete'; items: number[] };

/** The calls that bring changes about, given the server's lines (none: nothing to send). */
export interface PlannedChange {
  /** One line's change, or the removals one delete sends together. */
  changes: PendingChange[];
  calls: BasketCall[];
}

/**
 * The calls that make the server's basket what the waiting changes say, in
 * their order; removals are sent together at the end (one delete for many, as
 * the spec allows). Refused changes wait for the shopper.
 */
export function planReplay(changes: readonly PendingChange[], server: readonly KnownLine[]): PlannedChange[] {
  const planned: PlannedChange[] = [];
  const removals: { change: PendingChange; item: number | null }[] = [];
  for (const change of changes) {
    if (change.state !== 'waiting') continue;
    const line = server.find((l) => sameLine(l, change));
    if (change.kind === 'remove') {
      removals.push({ change, item: line?.id ?? null });
      continue;
    }
    if (!line) {
      const add = { call: 'add' as const, product: change.product, feature: change.feature, quantity: change.quantity };
      planned.push({ changes: [change], calls: change.kind === 'add' ? [add] : [] });
      continue;
    }
    const gap = change.quantity - line.quantity;
    const steps = change.kind === 'add' ? Math.max(gap, 0) : Math.abs(gap);
    const action = gap > 0 ? 'increase' : 'decrease';
    planned.push({
      changes: [change],
      calls: Array.from({ length: steps }, () => ({ call: 'quantity', item: line.id, action })),
    });
  }
  // A removal of a line the server no longer has is done already.
  const done = removals.filter((r) => r.item === null).map((r) => ({ changes: [r.change], calls: [] }));
  const sent = removals.filter((r) => r.item !== null);
  const items = sent.map((r) => r.item!);
  const together = items.length
    ? [{ changes: sent.map((r) => r.change), calls: [{ call: 'delete' as const, items }] }]
    : [];
  return [...planned, ...done, ...together];
}
