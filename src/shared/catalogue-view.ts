/**
 * Lookups over a loaded catalogue (by id, by category, by store), built once
 * per catalogue object and shared by every route's getStaticPaths.
 */
import type { Lang } from '#contract/schemas.ts';
import type { Banners, CatalogueProduct, Category, MainProductsGroup, ProductSummary, Store } from '../backend/shop.ts';

/** Reviews the product page shows; the comments page has them all. */
export const LATEST_REVIEWS = 3;

/** Everything the prerendered pages of one language are built from (loaded by src/data/catalogue.ts). */
export interface Catalogue {
  lang: Lang;
  categories: Category[];
  products: CatalogueProduct[];
  stores: Store[];
  groups: (MainProductsGroup & { products: CardProduct[] })[];
  top: CardProduct[];
  topProducts: CardProduct[];
  banners: { phone: Banners; laptop: Banners };
  /** Each category's own banners (GET /products/banners/{id}/), shown on its first page. */
  categoryBanners: Map<number, Banners>;
}

/** Every reviewed product has a comments page; the product page links to it. */
export function hasCommentsPage(product: Pick<CatalogueProduct, 'reviews_count'>): boolean {
  return (product.reviews_count ?? 0) > 0;
}

export interface CatalogueView {
  byId: Map<number, CatalogueProduct>;
  byCategory: Map<number, CardProduct[]>;
  byStore: Map<number, CardProduct[]>;
}

const views = new WeakMap<Catalogue, CatalogueView>();

/** Only the fields a product card needs, so page props stay small. */
export function toSummary(
  product: ProductSummary & { stock?: number; features?: readonly { count: number }[] },
): CardProduct {
  const { id, title, price, discount, discount_price, images, rating, reviews_count, stock } = product;
  const summary = {
    id,
    title,
    price,
    discount,
    discount_price,
    images,
    rating,
    reviews_count,
    // The installment plan when the API sends one (null included): the card's monthly price.
    ...(product.installment === undefined ? {} : { installment: product.installment }),
    // Its variants: the card leads to the choice.
    ...(product.features?.length ? { features: product.features } : {}),
  };
  // Whether any is left, for the card's button (a product sold by variants counts its variants).
  return stock === undefined ? summary : { ...summary, stock: inStock(product) };
}

/** A card's product: the summary, with the units left and the variants when the page knows them. */
export type CardProduct = ProductSummary & { stock?: number; features?: readonly { count: number }[] };

const inStock = (product: { stock?: number; features?: readonly { count: number }[] }) =>
  Math.max(product.stock ?? 0, ...(product.features ?? []).map((feature) => feature.count));

export function catalogueView(catalogue: Catalogue): CatalogueView {
  let view = views.get(catalogue);
  if (view) return view;
  view = { byId: new Map(), byCategory: new Map(), byStore: new Map() };
  for (const product of catalogue.products) {
    view.byId.set(product.id, product);
    const summary = toSummary(product);
    if (product.category) push(view.byCategory, product.category.id, summary);
    if (product.store) push(view.byStore, product.store.id, summary);
  }
  views.set(catalogue, view);
  return view;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
