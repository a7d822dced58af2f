/**
 * The basket's calls (spec §7), each with its route, its body and the reading of its answer: the server's
 * basket read into lines (spec §3 server basket item: `{id, product, quantity, feature, price}`), leniently:
 * the product and feature come as objects or as bare ids, numbers as numbers or numeric strings, unknown fields
 * are ignored, an item that names no product is skipped. The other calls' answers are not looked at: the
 * basket is read again after them. A failed call throws the client's error (its `status`, the server's words).
 */
import { call } from '../api.ts';
import { entity, Malformed, maybeNumber, optionalId } from '../read.ts';
import { readFeature, readProductSummary, type Feature, type ProductSummary } from '../shop.ts';

/** A server basket item as the shop keeps it (also in browser storage, to show the basket offline). */
export interface ServerLine {
  /** The server's item id. */
  id: number;
  product: number;
  feature: number | null;
  quantity: number;
  /** The unit price the server states, when it does. */
  price: number | null;
  /** What the item says of its product, when it says more than the id. */
  product_detail: Pick<ProductSummary, 'id' | 'title' | 'price' | 'discount' | 'discount_price' | 'images'> | null;
  feature_detail: Feature | null;
}

/** An entity's details when an object carries them; null for a bare id or an unreadable object. */
function detail<T>(value: unknown, read: (raw: unknown) => T): T | null {
  if (typeof value !== 'object' || value === null) return null;
  try {
    return read(value);
  } catch (error) {
    if (error instanceof Malformed) return null;
    throw error;
  }
}

/** A server basket item → a line, or null when it names no product (it is skipped). */
export function readServerLine(value: unknown): ServerLine | null {
  const raw = entity(value);
  const id = optionalId(raw?.['id']);
  const product = optionalId(entity(raw?.['product'])?.['id']);
  if (!raw || id === null || product === null) return null;
  return {
    id,
    product,
    feature: raw['feature'] == null ? null : optionalId(entity(raw['feature'])?.['id']),
    quantity: optionalId(raw['quantity']) ?? 1,
    price: maybeNumber(raw['price']) ?? null,
    product_detail: detail(raw['product'], readProductSummary),
    feature_detail: detail(raw['feature'], readFeature),
  };
}

/** A basket answer → lines: a list, or a paged list's `results`; anything else is an empty basket. */
export function readServerBasket(answer: unknown): ServerLine[] {
  const list = Array.isArray(answer) ? answer : entity(answer)?.['results'];
  if (!Array.isArray(list)) return [];
  return list.flatMap((item) => readServerLine(item) ?? []);
}

/** GET the signed-in shopper's basket. Used as `basket.read()`. */
export const read = async (): Promise<ServerLine[]> => readServerBasket(await call('basket'));

/** Put a product (and feature) in the basket with a quantity. */
export async function add(line: { product: number; feature: number | null; quantity: number }): Promise<void> {
  const feature = line.feature === null ? {} : { feature: line.feature };
  await call('addToBasket', { body: { product: line.product, quantity: line.quantity, ...feature } });
}

/** One more, or one fewer, of a basket item. */
export async function changeQuantity(item: number, action: 'increase' | 'decrease'): Promise<void> {
  await call('basketQuantity', { body: { item, action } });
}

/** Take items out: one by its query, several with one body. */
export async function remove(items: readonly number[]): Promise<void> {
  if (items.length === 1) await call('deleteFromBasket', { query: { item: String(items[0]) } });
  else await call('deleteFromBasket', { body: { items: [...items] } });
}
