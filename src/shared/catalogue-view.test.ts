import { describe, expect, it } from 'vitest';
import type { CatalogueProduct } from '../backend/shop.ts';
import { catalogueView, hasCommentsPage, toSummary, type Catalogue } from './catalogue-view.ts';

const STORE = { id: 7, name: 'Texnomart', address: 'texnomart-qarshi', logo: null, location: 'Qarshi' };

function product(id: number, category: number | null, store: number | null): CatalogueProduct {
  return {
    id,
    title: `Product ${id}`,
    price: 100 * id,
    discount: null,
    discount_price: null,
    images: [`/media/products/${id}-1.svg`],
    rating: 4.5,
    reviews_count: id,
    description: 'long text the cards do not need',
    stock: 3,
    unit: 'pcs',
    warranty_years: 1,
    category: category === null ? null : { id: category, name: `Category ${category}` },
    store: store === null ? null : { ...STORE, id: store },
    features: [],
    updated_at: '2025-01-01T00:00:00Z',
    latest_reviews: [],
  };
}

const catalogue = (products: CatalogueProduct[]): Catalogue => ({
  lang: 'uz',
  categories: [],
  products,
  stores: [],
  groups: [],
  top: [],
  topProducts: [],
  banners: { phone: { b: [], t: [] }, laptop: { b: [], t: [] } },
  categoryBanners: new Map(),
});

describe('hasCommentsPage', () => {
  it('is true for a product with at least one review only', () => {
    expect(hasCommentsPage({ reviews_count: 0 })).toBe(false);
    expect(hasCommentsPage({ reviews_count: 1 })).toBe(true);
    expect(hasCommentsPage({ reviews_count: 12 })).toBe(true);
  });
});

describe('toSummary', () => {
  it('counts a product sold by variants as in stock while any variant is', () => {
    const variant = (id: number, count: number) => ({ id, count, price: null, images: null, attributes: [] });
    const sold = { ...product(4, 1, 7), stock: 0, features: [variant(1, 0), variant(2, 2)] };
    expect(toSummary(sold).stock).toBe(2);
    expect(toSummary({ ...sold, features: [variant(1, 0)] }).stock).toBe(0);
    // Its variants ride along: its card leads to the choice.
    expect(toSummary(sold).features).toBe(sold.features);
  });

  it("keeps exactly a card's fields", () => {
    expect(toSummary(product(2, 1, 7))).toEqual({
      id: 2,
      title: 'Product 2',
      price: 200,
      discount: null,
      discount_price: null,
      images: ['/media/products/2-1.svg'],
      rating: 4.5,
      reviews_count: 2,
      stock: 3,
    });
  });
});

describe('catalogueView', () => {
  const products = [product(1, 10, 7), product(2, 20, 7), product(3, 10, 8), product(4, null, null)];
  const view = catalogueView(catalogue(products));

  it('finds every product by id, in full', () => {
    expect([...view.byId.keys()]).toEqual([1, 2, 3, 4]);
    expect(view.byId.get(3)).toBe(products[2]);
  });
  it("lists each category's and each store's products as summaries, in catalogue order", () => {
    expect([...view.byCategory.keys()]).toEqual([10, 20]);
    expect(view.byCategory.get(10)).toEqual([toSummary(products[0]!), toSummary(products[2]!)]);
    expect(view.byCategory.get(20)?.map((p) => p.id)).toEqual([2]);
    expect([...view.byStore.keys()]).toEqual([7, 8]);
    expect(view.byStore.get(7)?.map((p) => p.id)).toEqual([1, 2]);
    expect(view.byStore.get(8)?.map((p) => p.id)).toEqual([3]);
  });
  it('leaves a product without category or store out of those lists', () => {
    const listed = [...view.byCategory.values(), ...view.byStore.values()].flat().map((p) => p.id);
    expect(listed).not.toContain(4);
  });
  it('is built once per catalogue object', () => {
    const shared = catalogue(products);
    expect(catalogueView(shared)).toBe(catalogueView(shared));
    expect(catalogueView(catalogue(products))).not.toBe(catalogueView(shared));
  });
  it('is empty for an empty catalogue', () => {
    const empty = catalogueView(catalogue([]));
    expect([empty.byId.size, empty.byCategory.size, empty.byStore.size]).toEqual([0, 0, 0]);
  });
});
