/**
 * The basket's rules (spec §3, §4, §5, §9), pure. A basket is its lines and one change (intent) per line: a
 * visitor's lines are kept on this device and a change is taken at once, never sent; a signed-in shopper's lines
 * are the server's as last read, and a change waits until the server took it. Sending one again never duplicates
 * a line: only the spec's calls that close the gap to the server's lines are made. `add`: the line is there with
 * at least `quantity` units; `set`: exactly `quantity` (a line no longer there is left alone); `remove`: it is not
 * there. New lines get quantity 1, quantities stay within 1..1000, decreasing at 1 removes the line.
 */
import type { Feature } from '../../../backend/shop.ts';
import type { ServerLine } from '../../../backend/operations/basket.ts';
import type { ShownProduct } from '../../../shared/product.ts';
import { parseJson, toPositiveInt } from '../../../shared/storage.ts';

const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1000;

/** What names a line: its product and the chosen feature (variant), if any. */
export interface LineOf {
  product: number;
  feature: number | null;
}

/** The one key of a line: `7:` (product 7), `7:3` (its feature 3); `7:*`: any line of product 7 (cards). */
export const lineKey = (product: number, feature: number | null | '*') => `${product}:${feature ?? ''}`;

export const sameLine = (a: LineOf, b: LineOf) =>
  a.product === b.product && (a.feature ?? null) === (b.feature ?? null);

/** A line as kept: a visitor's stored entry (spec §3, ids only), or a server item's ids (`id`: the item's). */
export interface BasketEntry extends LineOf {
  id: number;
  quantity: number;
}

/** A change of one line: waiting to be sent, or refused by the server (`reason`; not counted until retried). */
export interface BasketChange extends LineOf {
  kind: 'add' | 'set' | 'remove';
  quantity: number;
  state: 'waiting' | 'refused';
  reason?: string;
}

/** A change as an action asks for it. */
export type ChangeAsked = Pick<BasketChange, 'product' | 'feature' | 'kind' | 'quantity'>;

/** How a line stands: saved (on the server, or a visitor's on this device), waiting to be sent, or refused. */
export type LineStatus = 'saved' | 'waiting' | 'refused';

/** A line as shown, before its product is resolved: the server's, one only this device has, or a visitor's. */
export interface ViewLine extends BasketEntry {
  source: 'server' | 'pending' | 'local';
  status: LineStatus;
  reason?: string;
}

/** Product fields a basket line shows. */
export type BasketProduct = Pick<ShownProduct, 'id' | 'title' | 'price' | 'discount' | 'discount_price'> & {
  image: string;
};

/** A line as the basket and checkout pages show it, resolved to its product, feature and prices. */
export interface BasketLine extends Pick<ViewLine, 'source' | 'id' | 'status' | 'reason' | 'quantity'> {
  /** `lineKey` of its product and feature. */
  key: string;
  /** False while its product is being fetched (its price is not known: it is not counted yet). */
  known?: boolean;
  product: BasketProduct;
  /** The chosen variant's id, known before its details are. */
  feature_id: number | null;
  feature: Feature | null;
  /** Unit price paid, and before discount. */
  price: number;
  listPrice: number;
  /** Units left (of the variant, else of the product) when known: the quantity goes no higher. */
  stock: number | null;
}

export type QuantityAction = 'increase' | 'decrease';

const withinLimits = (quantity: number) => Math.min(Math.max(quantity, MIN_QUANTITY), MAX_QUANTITY);

/** The quantity after an action; 0 means the line is removed (decrease at 1). */
export function nextQuantity(quantity: number, action: QuantityAction): number {
  if (action === 'increase') return Math.min(quantity + 1, MAX_QUANTITY);
  return quantity <= MIN_QUANTITY ? 0 : quantity - 1;
}

/** A list kept in browser storage: nothing stored when it is empty. */
export const encodeList = (list: readonly unknown[]) =>
  list.length ? JSON.stringify(list) : (undefined as unknown as string);

/** Stored values → the items `decode` reads (anything unreadable dropped), one per line: the first. */
function decodeLines<T extends LineOf>(
  raw: string | null | undefined,
  decode: (value: Record<string, unknown>) => T | null,
) {
  const parsed = parseJson(raw);
  const kept: T[] = [];
  for (const value of Array.isArray(parsed) ? parsed : []) {
    const item = typeof value === 'object' && value !== null ? decode(value as Record<string, unknown>) : null;
    if (item && !kept.some((other) => sameLine(other, item))) kept.push(item);
  }
  return kept;
}

/** A stored line's product and feature; null when either cannot be read. */
function decodeLineOf(record: Record<string, unknown>): LineOf | null {
  const product = toPositiveInt(record['product']);
  const raw = record['feature'];
  const feature = raw === null || raw === undefined ? null : toPositiveInt(raw);
  return product === null || (feature === null && raw != null) ? null : { product, feature };
}

/** Stored `basket` → entries: unreadable ones dropped, a bad quantity 1, missing or repeated ids renumbered. */
export function decodeBasket(raw: string | null | undefined): BasketEntry[] {
  const read = decodeLines(raw, (record) => {
    const line = decodeLineOf(record);
    const quantity = toPositiveInt(record['quantity']);
    return line && { ...line, id: toPositiveInt(record['id']), quantity: Math.min(quantity ?? 1, MAX_QUANTITY) };
  });
  const entries: BasketEntry[] = [];
  for (const entry of read)
    if (entry.id !== null && !entries.some((kept) => kept.id === entry.id)) entries.push({ ...entry, id: entry.id });
  for (const entry of read)
    if (!entries.some((kept) => sameLine(kept, entry))) entries.push({ ...entry, id: nextId(entries) });
  return entries;
}

/** Stored changes → changes; anything unreadable is dropped, one change per line (the first). */
export const decodeChanges = (raw: string | null | undefined): BasketChange[] =>
  decodeLines(raw, (record) => {
    const line = decodeLineOf(record);
    const kind = (['add', 'set', 'remove'] as const).find((k) => k === record['kind']);
    const quantity = kind === 'remove' ? 0 : toPositiveInt(record['quantity']);
    if (!line || !kind || quantity === null) return null;
    const state = record['state'] === 'refused' ? 'refused' : 'waiting';
    const reason = state === 'refused' && typeof record['reason'] === 'string' ? record['reason'] : '';
    return { ...line, kind, quantity: Math.min(quantity, MAX_QUANTITY), state, ...(reason ? { reason } : {}) };
  });

/** The server's lines kept in browser storage (read when kept: only their form is checked) → lines. */
export function decodeServerLines(stored: unknown): ServerLine[] | null {
  if (!Array.isArray(stored)) return null;
  const isId = (value: unknown) => toPositiveInt(value) === value;
  const isDetail = (value: unknown, fields: readonly string[]) =>
    value === null || (typeof value === 'object' && fields.every((field) => field in (value as object)));
  return stored.filter(
    (line): line is ServerLine =>
      typeof line === 'object' &&
      line !== null &&
      isId(line.id) &&
      isId(line.product) &&
      isId(line.quantity) &&
      (line.feature === null || isId(line.feature)) &&
      (line.price === null || typeof line.price === 'number') &&
      isDetail(line.product_detail, ['id', 'title', 'price', 'images']) &&
      isDetail(line.feature_detail, ['id', 'count', 'images', 'attributes']),
  );
}

const nextId = (entries: readonly BasketEntry[]) => entries.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;

/**
 * Record a change of one line, folded into its earlier change (which keeps its place): a removal replaces anything
 * (an add whose answer was lost may have reached the server); a new quantity of a line still to add changes the add.
 */
export function recordChange(changes: readonly BasketChange[], change: ChangeAsked): BasketChange[] {
  const earlier = changes.find((c) => sameLine(c, change));
  const kind = change.kind === 'set' && earlier?.kind === 'add' ? 'add' : change.kind;
  const quantity = kind === 'remove' ? 0 : withinLimits(change.quantity);
  const next: BasketChange = { product: change.product, feature: change.feature, kind, quantity, state: 'waiting' };
  return earlier ? changes.map((c) => (c === earlier ? next : c)) : [...changes, next];
}

/** Drop the change of one line (sent, or a refused add the shopper takes out). */
export const dropChange = (changes: readonly BasketChange[], line: LineOf) => changes.filter((c) => !sameLine(c, line));

/** Mark a line's change refused, with the server's reason. */
export const refuseChange = (changes: readonly BasketChange[], line: LineOf, reason: string | null) =>
  changes.map((c): BasketChange => (sameLine(c, line) ? { ...c, state: 'refused', ...(reason ? { reason } : {}) } : c));

/** Send a refused change again. */
export const retryChange = (changes: readonly BasketChange[], line: LineOf) =>
  changes.map((c): BasketChange => {
    if (!sameLine(c, line)) return c;
    const { reason: _reason, ...rest } = c;
    return { ...rest, state: 'waiting' };
  });

/** A visitor's lines after a change, taken at once as the server takes it (a new line gets the next id). */
export const takeChange = (lines: readonly BasketEntry[], asked: ChangeAsked): BasketEntry[] =>
  viewLines(lines, recordChange([], asked)).map(({ source: _source, status: _status, ...line }) => ({
    ...line,
    id: line.id || nextId(lines),
  }));

/** The server's lines as last read with the changes not yet taken laid over them (a new line has id 0). */
export function viewLines(server: readonly BasketEntry[], changes: readonly BasketChange[]): ViewLine[] {
  const lines: ViewLine[] = [];
  for (const line of server) {
    const change = changes.find((c) => sameLine(c, line));
    if (!change || change.state === 'refused') {
      lines.push({ ...line, source: 'server', status: 'saved' });
      continue;
    }
    if (change.kind === 'remove') continue;
    const quantity = change.kind === 'add' ? Math.max(line.quantity, change.quantity) : change.quantity;
    lines.push({ ...line, quantity, source: 'server', status: quantity === line.quantity ? 'saved' : 'waiting' });
  }
  for (const change of changes) {
    if (change.kind !== 'add' || server.some((l) => sameLine(l, change))) continue;
    const { product, feature, quantity, state, reason } = change;
    lines.push({ id: 0, product, feature, quantity, source: 'pending', status: state, ...(reason ? { reason } : {}) });
  }
  return lines;
}

/** Lines counted in the badge and totals: a refused line is not. */
export const countedLines = <L extends { status: LineStatus }>(lines: readonly L[]) =>
  lines.filter((l) => l.status !== 'refused');

/** One of the spec's basket calls (§7). */
export type BasketCall =
  | { call: 'add'; product: number; feature: number | null; quantity: number }
  | { call: 'quantity'; item: number; action: QuantityAction }
  | { call: 'delete'; items: number[] };

/** The calls that bring about one line's change, or the removals one delete sends (none: nothing to send). */
export interface PlannedChange {
  changes: BasketChange[];
  calls: BasketCall[];
}

/** The calls that make the server's basket what the waiting changes say; removals go last, in one delete. */
export function planReplay(changes: readonly BasketChange[], server: readonly BasketEntry[]): PlannedChange[] {
  const planned: PlannedChange[] = [];
  const removals: { change: BasketChange; item: number | null }[] = [];
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

/** Units, the sum before discounts, the discount and what is paid. */
export interface BasketTotals {
  count: number;
  subtotal: number;
  discount: number;
  total: number;
}

/** Totals of the lines; a line the server refused, or one whose price is not known yet, is not counted. */
export function totals(
  lines: readonly (Pick<BasketLine, 'quantity' | 'price' | 'listPrice' | 'known'> & { status?: LineStatus })[],
): BasketTotals {
  const counted = lines.filter((line) => line.status !== 'refused' && line.known !== false);
  const sum = (price: 'price' | 'listPrice' | null) =>
    counted.reduce((sum, line) => sum + (price ? line[price] : 1) * line.quantity, 0);
  const [count, subtotal, total] = [sum(null), sum('listPrice'), sum('price')];
  return { count, subtotal, discount: subtotal - total, total };
}
