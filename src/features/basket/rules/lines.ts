/**
 * Basket lines as the basket and checkout show them (spec §3 basket item):
 * server items and visitors' local entries resolved to products, features
 * and unit prices. Pure: the stores pass in what they hold.
 * A line whose server item carries only ids is shown at once and filled in
 * when the product arrives (src/features/basket/rules/server.ts reads the items).
 */
import { unitPrices, type BasketEntry, type BasketLine, type BasketProduct } from './basket.ts';
import { viewLines, type KnownLine, type PendingChange } from './pending.ts';
import type { Feature } from '../../../backend/shop.ts';
import { firstImage, imageList, type ShownProduct } from '../../../shared/product.ts';

/** What a server item says of its product, when it says more than the id. */
type LineProduct = Pick<ShownProduct, 'id' | 'title' | 'price' | 'discount' | 'discount_price' | 'images'>;

/** A server line as the shop keeps it (also in browser storage, to show the basket offline). */
export interface ServerLine extends KnownLine {
  /** The unit price the server states, when it does. */
  price: number | null;
  product_detail: LineProduct | null;
  feature_detail: Feature | null;
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
