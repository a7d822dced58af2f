/**
 * The server's basket read into lines (spec §3 server basket item: `{id,
 * product, quantity, feature, price}`), leniently: the product and feature
 * come as objects or as bare ids, numbers as numbers or numeric strings,
 * unknown fields are ignored, an item that names no product is skipped.
 * Apart from basket-lines.ts, so that only a signed-in shopper's pages load
 * the backend's readers for it.
 */
import { entity, maybeNumber, Malformed } from '../../../backend/read.ts';
import { readFeature, readProductSummary } from '../../../backend/shop.ts';
import type { ServerLine } from './lines.ts';
import { toPositiveInt } from '../../../shared/storage.ts';

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
  const id = toPositiveInt(raw?.['id']);
  const product = toPositiveInt(entity(raw?.['product'])?.['id']);
  if (!raw || id === null || product === null) return null;
  const feature = raw['feature'] == null ? null : toPositiveInt(entity(raw['feature'])?.['id']);
  return {
    id,
    product,
    feature,
    quantity: toPositiveInt(raw['quantity']) ?? 1,
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
