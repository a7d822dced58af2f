/**
 * Basket rules (spec §4, §5, §9), pure: toggle on add (same product and
 * feature), new quantity 1, minimum 1, decreasing at 1 removes, totals with
 * discounts. The basket store applies `basketReducer` to visitors' local
 * entries and to its optimistic view of the server basket.
 */
import type { Feature } from '../../../backend/shop.ts';
import { unitPrices } from '#contract/price.ts';
import type { LineStatus } from './pending.ts';
import { isPositiveInt, parseJson, toPositiveInt } from '../../../shared/storage.ts';

const NEW_QUANTITY = 1;
const MIN_QUANTITY = 1;
export const MAX_QUANTITY = 1000;

/** A visitor's stored basket entry (spec §3): ids only, the rest is refetched. */
export interface BasketEntry {
  id: number;
  product: number;
  feature: number | null;
  quantity: number;
}

/** Product fields a basket line shows. */
export interface BasketProduct {
  id: number;
  title: string;
  price: number;
  discount: number | null;
  discount_price: number | null;
  image: string;
}

/**
 * A line as the basket page shows it, resolved: a server item, a visitor's
 * local entry, or a signed-in shopper's line the server has not taken yet.
 */
export interface BasketLine {
  /** 'server:{id}', 'local:{id}' or 'pending:{product}:{feature}': unique across the sources. */
  key: string;
  source: 'server' | 'local' | 'pending';
  /** Server basket item id, or local entry id (0 for a pending line). */
  id: number;
  /** Saved (on the server, or a visitor's line on this device), waiting to be sent, or refused by the server. */
  status: LineStatus;
  /** The server's reason for refusing the line. */
  reason?: string;
  /** False while the line's product is still being fetched (its price is not known: it is not counted yet). */
  known?: boolean;
  product: BasketProduct;
  /** The chosen variant's id, known before its details are. */
  feature_id: number | null;
  feature: Feature | null;
  quantity: number;
  /** Unit price paid. */
  price: number;
  /** Unit price before discount. */
  listPrice: number;
  /** Units left in stock (of the variant, else of the product), when known: the quantity goes no higher. */
  stock: number | null;
}

export type QuantityAction = 'increase' | 'decrease';

export const sameLine = (
  a: { product: number; feature: number | null },
  b: { product: number; feature: number | null },
) => a.product === b.product && (a.feature ?? null) === (b.feature ?? null);

function decodeEntry(value: unknown): (Omit<BasketEntry, 'id'> & { id: number | null }) | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const product = toPositiveInt(record['product']);
  if (product === null) return null;
  const rawFeature = record['feature'];
  const feature = rawFeature === null || rawFeature === undefined ? null : toPositiveInt(rawFeature);
  if (feature === null && rawFeature !== null && rawFeature !== undefined) return null;
  const quantity = toPositiveInt(record['quantity']);
  return {
    id: toPositiveInt(record['id']),
    product,
    feature,
    quantity: quantity === null ? NEW_QUANTITY : Math.min(quantity, MAX_QUANTITY),
  };
}

/**
 * Stored `basket` → entries. Not JSON or not a list gives an empty basket;
 * entries without a valid product (or with a bad feature) are dropped; a bad
 * quantity becomes 1; missing or repeated entry ids are renumbered; repeated
 * (product, feature) lines keep the first.
 */
export function decodeBasket(raw: string | null | undefined): BasketEntry[] {
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed)) return [];
  const entries: BasketEntry[] = [];
  const usedIds = new Set<number>();
  const pending: Array<Omit<BasketEntry, 'id'>> = [];
  for (const value of parsed) {
    const entry = decodeEntry(value);
    if (!entry || entries.some((kept) => sameLine(kept, entry)) || pending.some((kept) => sameLine(kept, entry)))
      continue;
    if (entry.id !== null && !usedIds.has(entry.id)) {
      usedIds.add(entry.id);
      entries.push({ ...entry, id: entry.id });
    } else {
      pending.push({ product: entry.product, feature: entry.feature, quantity: entry.quantity });
    }
  }
  for (const entry of pending) entries.push({ ...entry, id: nextId(entries) });
  return entries;
}

function nextId(entries: readonly LineState[]): number {
  return entries.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
}

export function findEntry<L extends { product: number; feature: number | null }>(
  entries: readonly L[],
  product: number,
  feature: number | null,
): L | undefined {
  return entries.find((entry) => sameLine(entry, { product, feature }));
}

/** A line of basket state: a visitor's entry, or this page's view of a server line. */
export type LineState = BasketEntry;

/** Every change of basket lines (spec §4), for local entries and the optimistic server view alike. */
export type BasketAction =
  /** Add, or remove when the same (product, feature) line is there (the add buttons). */
  | { type: 'toggle'; product: number; feature: number | null; id?: number }
  /** Put a line in without toggling: fallbacks that must not lose an add. */
  | { type: 'add'; product: number; feature: number | null; quantity?: number; id?: number }
  | { type: 'increase' | 'decrease'; id: number }
  | { type: 'remove'; ids: readonly number[] }
  /** Lines from elsewhere (the other side at sign-in): a line on both sides keeps the larger quantity. */
  | { type: 'merge'; lines: readonly Omit<BasketEntry, 'id'>[] };

/**
 * The basket rules as one reducer: new lines get quantity 1 and the next id
 * (or the `id` given, e.g. a temporary one while the server answers);
 * decreasing at 1 removes the line; quantities stay within 1..1000.
 */
export function basketReducer<L extends LineState>(lines: readonly L[], action: BasketAction): (L | BasketEntry)[] {
  switch (action.type) {
    case 'toggle': {
      const existing = findEntry(lines, action.product, action.feature);
      if (existing) return lines.filter((line) => line !== existing);
      return [...lines, newLine(lines, action.product, action.feature, NEW_QUANTITY, action.id)];
    }
    case 'add':
      if (findEntry(lines, action.product, action.feature)) return [...lines];
      return [...lines, newLine(lines, action.product, action.feature, action.quantity ?? NEW_QUANTITY, action.id)];
    case 'increase':
    case 'decrease':
      return lines.flatMap((line) => {
        if (line.id !== action.id) return [line];
        const quantity = nextQuantity(line.quantity, action.type);
        return quantity === 0 ? [] : [{ ...line, quantity }];
      });
    case 'remove':
      return lines.filter((line) => !action.ids.includes(line.id));
    case 'merge': {
      let merged: (L | BasketEntry)[] = [...lines];
      for (const incoming of action.lines) {
        const existing = findEntry(merged, incoming.product, incoming.feature);
        merged = existing
          ? merged.map((line) =>
              line === existing ? { ...line, quantity: Math.max(line.quantity, incoming.quantity) } : line,
            )
          : [...merged, newLine(merged, incoming.product, incoming.feature, incoming.quantity)];
      }
      return merged;
    }
  }
}

function newLine(
  lines: readonly LineState[],
  product: number,
  feature: number | null,
  quantity: number,
  id = nextId(lines),
): BasketEntry {
  return { id, product, feature, quantity: Math.min(Math.max(quantity, MIN_QUANTITY), MAX_QUANTITY) };
}

/** The quantity after an action; 0 means the line is removed (decrease at 1). */
export function nextQuantity(quantity: number, action: QuantityAction): number {
  if (action === 'increase') return Math.min(quantity + 1, MAX_QUANTITY);
  return quantity <= MIN_QUANTITY ? 0 : quantity - 1;
}

export { unitPrices };

export interface BasketTotals {
  /** Number of units. */
  count: number;
  /** Sum before discounts. */
  subtotal: number;
  discount: number;
  total: number;
}

/** Totals of the lines; a line the server refused, or one whose price is not known yet, is not counted. */
export function totals(
  lines: readonly (Pick<BasketLine, 'quantity' | 'price' | 'listPrice' | 'known'> & { status?: LineStatus })[],
): BasketTotals {
  let count = 0;
  let subtotal = 0;
  let total = 0;
  for (const line of lines) {
    if (line.status === 'refused' || line.known === false) continue;
    count += line.quantity;
    subtotal += line.listPrice * line.quantity;
    total += line.price * line.quantity;
  }
  return { count, subtotal, discount: subtotal - total, total };
}

export const isValidProductId = isPositiveInt;
