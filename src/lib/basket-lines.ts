/**
 * Basket lines as the basket and checkout show them (spec §3 basket item):
 * server items and visitors' local entries resolved to products, features
 * and unit prices. Pure: the stores pass in what they hold.
 *
 * A server item is read leniently (spec §3: `{id, product, quantity, feature,
 * price}`): the product and feature come as objects or as bare ids, numbers
 * as numbers or numeric strings. A line whose product is only an id is shown
 * at once and filled in when the product arrives.
 */
import { unitPrices, type BasketEntry, type BasketLine, type BasketProduct } from './basket.ts';
import { viewLines, type KnownLine, type PendingChange } from './basket-pending.ts';
import { entity, maybeNumber, Malformed } from './backend/read.ts';
import { readFeature, readProductSummary, type Feature } from './backend/shop.ts';
import { firstImage, imageList, type ShownProduct } from './product.ts';
import { toPositiveInt } from './storage.ts';

/** What a server item says of its product, when it says more than the id. */
export type LineProduct = Pick<ShownProduct, 'id' | 'title' | 'price' | 'discount' | 'discount_price' | 'images'>;

/** A server line as the shop keeps it (also in browser storage, to show the basket offline). */
export interface ServerLine extends KnownLine {
  /** The unit price the server states, when it does. */
  price: number | null;
  product_detail: LineProduct | null;
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

/** Lines kept in browser storage → lines (each read again as a server item whose details are objects). */
export function decodeServerLines(stored: unknown): ServerLine[] | null {
  if (!Array.isArray(stored)) return null;
  return readServerBasket(
    stored.map((line) => {
      const kept = entity(line);
      return (
        kept && {
          ...kept,
          product: kept['product_detail'] ?? kept['product'],
          feature: kept['feature_detail'] ?? kept['feature'],
        }
      );
    }),
  );
}

/** The products the shown lines still need fetched (a server line that carries only ids, or no stock). */
export const productsToFetch = (server: readonly ServerLine[], changes: readonly PendingChange[]) => [
  ...server.filter((line) => !line.product_detail || (line.feature === null && !line.feature_detail)),
  ...changes.filter((change) => change.kind === 'add'),
];

/** Shown lines of a visitor's local entries whose product (and feature) could be fetched. */
export function localLines(
  entries: readonly BasketEntry[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  return entries.flatMap((entry) => {
    const product = products[entry.product];
    if (!product) return [];
    const feature = entry.feature === null ? null : (product.features.find((f) => f.id === entry.feature) ?? null);
    if (entry.feature !== null && !feature) return [];
    const at = { source: 'local' as const, id: entry.id, status: 'saved' as const, feature_id: entry.feature };
    return [lineOf(at, product, feature, entry.quantity, product.stock ?? null)];
  });
}

/**
 * A signed-in shopper's lines: the server's lines as last read with the
 * changes not yet taken laid over them, resolved to products (`products`:
 * fetched on this page). A line whose product is not known yet shows with an
 * empty title until it arrives; a product that is gone hides its line.
 */
export function shopperLines(
  server: readonly ServerLine[],
  changes: readonly PendingChange[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  return viewLines(server, changes).flatMap((view) => {
    const serverLine = view.source === 'server' ? server.find((l) => l.id === view.id) : undefined;
    const fetched = products[view.product];
    if (fetched === null && !serverLine?.product_detail) return [];
    const product: LineProduct = serverLine?.product_detail ??
      fetched ?? { id: view.product, title: '', price: 0, discount: null, discount_price: null, images: [] };
    const feature =
      view.feature === null
        ? null
        : (serverLine?.feature_detail ?? fetched?.features.find((f) => f.id === view.feature) ?? null);
    const stock = fetched?.stock ?? null;
    const line = lineOf(
      {
        source: view.source,
        id: view.id,
        status: view.status,
        feature_id: view.feature,
        ...(view.reason ? { reason: view.reason } : {}),
      },
      product,
      feature,
      view.quantity,
      stock,
    );
    // The server's stated unit price decides what is charged.
    const priced = serverLine?.price != null ? { ...line, price: serverLine.price } : line;
    return [serverLine?.product_detail || fetched ? priced : { ...priced, known: false }];
  });
}

function lineOf(
  at: Pick<BasketLine, 'source' | 'id' | 'status' | 'reason' | 'feature_id'>,
  product: LineProduct,
  feature: Feature | null,
  quantity: number,
  productStock: number | null,
): BasketLine {
  const shown: BasketProduct = {
    id: product.id,
    title: product.title,
    price: product.price,
    discount: product.discount,
    discount_price: product.discount_price,
    image: firstImage(feature && imageList(feature.images).length ? feature.images : product.images),
  };
  return {
    key: at.source === 'pending' ? `pending:${product.id}:${at.feature_id ?? ''}` : `${at.source}:${at.id}`,
    ...at,
    product: shown,
    feature,
    quantity,
    stock: feature ? feature.count : productStock,
    ...unitPrices(shown, feature),
  };
}
