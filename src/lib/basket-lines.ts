/**
 * Basket lines as the basket and checkout show them (spec §3 basket item):
 * server items and visitors' local entries resolved to products, features
 * and unit prices. Pure: the stores pass in what they hold.
 */
import type { BasketItem, Feature, Product } from '#contract/schemas.ts';
import { mergeLines, unitPrices, type BasketEntry, type BasketLine, type BasketProduct } from './basket.ts';
import { firstImage, productTitle, type ShownProduct } from './product.ts';

/** A server line as this page knows it; `item` is missing while an add is in flight. */
export interface ServerLine extends BasketEntry {
  item?: BasketItem;
}

export const toServerLine = (item: BasketItem): ServerLine => ({
  id: item.id,
  product: item.product.id,
  feature: item.feature?.id ?? null,
  quantity: item.quantity,
  item,
});

/** Shown lines of local entries whose product (and feature) could be fetched. */
export function localLines(
  entries: readonly BasketEntry[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  return entries.flatMap((entry) => {
    const product = products[entry.product];
    if (!product) return [];
    const feature = entry.feature === null ? null : (product.features.find((f) => f.id === entry.feature) ?? null);
    if (entry.feature !== null && !feature) return [];
    return [lineOf('local', entry.id, product, feature, entry.quantity, product.stock)];
  });
}

/** `products`: products fetched on this page, for the stock of lines without a variant (a summary has none). */
export function serverLines(
  lines: readonly ServerLine[],
  products: Record<number, ShownProduct | null> = {},
): BasketLine[] {
  return lines.flatMap((line) => {
    if (!line.item) return [];
    const { item } = line;
    const stock = products[item.product.id]?.stock ?? null;
    return [{ ...lineOf('server', item.id, item.product, item.feature, line.quantity, stock), price: item.price }];
  });
}

/** Every shown line: server lines (signed in) then local ones. */
export function shownLines(
  signedIn: boolean,
  server: readonly ServerLine[] | null,
  entries: readonly BasketEntry[],
  products: Record<number, ShownProduct | null>,
): BasketLine[] {
  const local = localLines(entries, products);
  return signedIn ? mergeLines(serverLines(server ?? [], products), local) : local;
}

function lineOf(
  source: BasketLine['source'],
  id: number,
  product: Pick<Product, 'id' | 'title' | 'price' | 'discount' | 'discount_price' | 'images'> | ShownProduct,
  feature: Feature | null,
  quantity: number,
  productStock: number | null,
): BasketLine {
  const shown: BasketProduct = {
    id: product.id,
    title: productTitle(product),
    price: product.price,
    discount: product.discount,
    discount_price: product.discount_price,
    image: firstImage(feature && firstImage(feature.images) !== firstImage(null) ? feature.images : product.images),
  };
  const stock = feature ? feature.count : productStock;
  return {
    key: `${source}:${id}`,
    source,
    id,
    product: shown,
    feature,
    quantity,
    stock,
    ...unitPrices(shown, feature),
  };
}
