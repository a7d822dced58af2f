/**
 * Basket rules (spec §4, §5, §9), pure: toggle on add (same product and
 * feature), new quantity 1, minimum 1, decreasing at 1 removes, totals with
 * discounts. Used by the basket store for visitors' local entries and for the
 * optimistic view of the server basket.
 */
import type { Feature } from '#contract/schemas.ts';
import { unitPrices } from '#contract/price.ts';
import { isPositiveInt, parseJson, toPositiveInt } from './storage.ts';

export const NEW_QUANTITY = 1;
export const MIN_QUANTITY = 1;
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

/** A line as the basket page shows it: a server item or a local entry, resolved. */
export interface BasketLine {
  /** 'server:{id}' or 'local:{id}': unique across both sources. */
  key: string;
  source: 'server' | 'local';
  /** Server basket item id, or local entry id. */
  id: number;
  product: BasketProduct;
  feature: Feature | null;
  quantity: number;
  /** Unit price paid. */
  price: number;
  /** Unit price before discount. */
  listPrice: number;
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

export function nextId(entries: readonly BasketEntry[]): number {
  return entries.reduce((max, entry) => Math.max(max, entry.id), 0) + 1;
}

export function findEntry(
  entries: readonly BasketEntry[],
  product: number,
  feature: number | null,
): BasketEntry | undefined {
  return entries.find((entry) => sameLine(entry, { product, feature }));
}

/** Add with toggle semantics: an existing (product, feature) line is removed instead. */
export function toggleEntry(
  entries: readonly BasketEntry[],
  product: number,
  feature: number | null,
): { entries: BasketEntry[]; added: boolean } {
  const existing = findEntry(entries, product, feature);
  if (existing) return { entries: entries.filter((entry) => entry !== existing), added: false };
  return { entries: [...entries, { id: nextId(entries), product, feature, quantity: NEW_QUANTITY }], added: true };
}

/** Put a line in (no toggle), keeping an existing one: used by fallbacks that must not lose an add. */
export function ensureEntry(
  entries: readonly BasketEntry[],
  product: number,
  feature: number | null,
  quantity = NEW_QUANTITY,
): BasketEntry[] {
  if (findEntry(entries, product, feature)) return [...entries];
  return [...entries, { id: nextId(entries), product, feature, quantity }];
}

/** The quantity after an action; 0 means the line is removed (decrease at 1). */
export function nextQuantity(quantity: number, action: QuantityAction): number {
  if (action === 'increase') return Math.min(quantity + 1, MAX_QUANTITY);
  return quantity <= MIN_QUANTITY ? 0 : quantity - 1;
}

export function changeEntryQuantity(
  entries: readonly BasketEntry[],
  id: number,
  action: QuantityAction,
): BasketEntry[] {
  return entries.flatMap((entry) => {
    if (entry.id !== id) return [entry];
    const quantity = nextQuantity(entry.quantity, action);
    return quantity === 0 ? [] : [{ ...entry, quantity }];
  });
}

export function removeEntries(entries: readonly BasketEntry[], ids: readonly number[]): BasketEntry[] {
  return entries.filter((entry) => !ids.includes(entry.id));
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

export function totals(lines: readonly Pick<BasketLine, 'quantity' | 'price' | 'listPrice'>[]): BasketTotals {
  let count = 0;
  let subtotal = 0;
  let total = 0;
  for (const line of lines) {
    count += line.quantity;
    subtotal += line.listPrice * line.quantity;
    total += line.price * line.quantity;
  }
  return { count, subtotal, discount: subtotal - total, total };
}

/**
 * The lines shown to a signed-in shopper: the server's, then local entries
 * kept by a failed server call that the server does not have.
 */
export function mergeLines(server: readonly BasketLine[], local: readonly BasketLine[]): BasketLine[] {
  const extra = local.filter((line) => !server.some((item) => sameLine(keyOf(item), keyOf(line))));
  return [...server, ...extra];
}

const keyOf = (line: BasketLine) => ({ product: line.product.id, feature: line.feature?.id ?? null });

/** Count for the badge: distinct (product, feature) lines across server items and local entries. */
export function lineCount(
  server: readonly { product: number; feature: number | null }[] | null,
  local: readonly BasketEntry[],
): number {
  const lines = [...(server ?? [])];
  for (const entry of local) if (!lines.some((line) => sameLine(line, entry))) lines.push(entry);
  return lines.length;
}

export const isValidProductId = isPositiveInt;
