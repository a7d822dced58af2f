import { describe, expect, it } from 'vitest';
import type { BasketItem, Feature, ProductSummary } from '#contract/schemas.ts';
import type { BasketEntry } from './basket.ts';
import { localLines, serverLines, shownLines, toServerLine } from './basket-lines.ts';
import { DEFAULT_TITLE, PLACEHOLDER_IMAGE, type ShownProduct } from './product.ts';

const BLACK: Feature = {
  id: 11,
  count: 4,
  price: null,
  images: ['/media/black.svg'],
  attributes: [{ key: 'color', name: 'Rang', value: 'Qora' }],
};
const BIG: Feature = {
  id: 12,
  count: 2,
  price: 1500,
  images: null,
  attributes: [{ key: 'memory', name: 'Xotira', value: '256 GB' }],
};

function shown(id: number, extra: Partial<ShownProduct> = {}): ShownProduct {
  return {
    id,
    title: `Phone ${id}`,
    price: 1000,
    discount: 10,
    discount_price: 900,
    images: [`/media/${id}.svg`],
    rating: null,
    reviews_count: 0,
    description: null,
    stock: 5,
    unit: 'pcs',
    warranty_years: 1,
    category: null,
    store: null,
    features: [BLACK, BIG],
    updated_at: '2025-01-01T00:00:00Z',
    ...extra,
  };
}

const summary = (id: number, extra: Partial<ProductSummary> = {}): ProductSummary => ({
  id,
  title: `Phone ${id}`,
  price: 1000,
  discount: 10,
  discount_price: 900,
  images: `/media/${id}.svg,/media/${id}-2.svg`,
  rating: null,
  reviews_count: 0,
  ...extra,
});

const item = (id: number, product: ProductSummary, feature: Feature | null, quantity = 1, price = 900): BasketItem => ({
  id,
  product,
  feature,
  quantity,
  price,
});

const entry = (id: number, product: number, feature: number | null, quantity = 1): BasketEntry => ({
  id,
  product,
  feature,
  quantity,
});

describe('toServerLine', () => {
  it('keeps the ids, the quantity and the item', () => {
    const it3 = item(3, summary(5), BLACK, 2);
    expect(toServerLine(it3)).toEqual({ id: 3, product: 5, feature: 11, quantity: 2, item: it3 });
    expect(toServerLine(item(4, summary(5), null)).feature).toBeNull();
  });
});

describe('localLines', () => {
  it('resolves an entry to its product, shown price and list price (discount applies)', () => {
    expect(localLines([entry(1, 5, null, 3)], { 5: shown(5) })).toEqual([
      {
        key: 'local:1',
        source: 'local',
        id: 1,
        product: { id: 5, title: 'Phone 5', price: 1000, discount: 10, discount_price: 900, image: '/media/5.svg' },
        feature: null,
        quantity: 3,
        stock: 5,
        price: 900,
        listPrice: 1000,
      },
    ]);
  });
  it("knows the stock left: the variant's count, else the product's", () => {
    const [plain, big] = localLines([entry(1, 5, null), entry(2, 5, 12)], { 5: shown(5) });
    expect(plain?.stock).toBe(5);
    expect(big?.stock).toBe(BIG.count);
  });
  it("a variant's own price wins over the discount, and its image over the product's", () => {
    const [big, black] = localLines([entry(1, 5, 12), entry(2, 5, 11)], { 5: shown(5) });
    expect(big).toMatchObject({ feature: BIG, price: 1500, listPrice: 1500, product: { image: '/media/5.svg' } });
    expect(black).toMatchObject({
      feature: BLACK,
      price: 900,
      listPrice: 1000,
      product: { image: '/media/black.svg' },
    });
  });
  it('leaves out entries whose product could not be fetched, or whose feature it no longer has', () => {
    const lines = localLines([entry(1, 5, null), entry(2, 6, null), entry(3, 7, null), entry(4, 5, 99)], {
      5: shown(5),
      6: null,
    });
    expect(lines.map((l) => l.key)).toEqual(['local:1']);
  });
  it('shows the default title and the placeholder for a product without them', () => {
    const [line] = localLines([entry(1, 5, null)], { 5: shown(5, { title: '  ', images: [] }) });
    expect(line?.product.title).toBe(DEFAULT_TITLE);
    expect(line?.product.image).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('serverLines', () => {
  it("shows the server's unit price and this page's quantity", () => {
    const line = { ...toServerLine(item(8, summary(5), null, 1, 850)), quantity: 4 };
    expect(serverLines([line])).toEqual([
      {
        key: 'server:8',
        source: 'server',
        id: 8,
        product: { id: 5, title: 'Phone 5', price: 1000, discount: 10, discount_price: 900, image: '/media/5.svg' },
        feature: null,
        quantity: 4,
        stock: null,
        price: 850,
        listPrice: 1000,
      },
    ]);
  });
  it('takes the stock of a line without a variant from the products fetched on the page', () => {
    const line = toServerLine(item(8, summary(5), null));
    expect(serverLines([line], { 5: shown(5, { stock: 2 }) })[0]?.stock).toBe(2);
  });
  it('leaves out a line whose add is still in flight (no item yet)', () => {
    const lines = serverLines([
      { id: -1, product: 5, feature: null, quantity: 1 },
      toServerLine(item(9, summary(6), null)),
    ]);
    expect(lines.map((l) => l.key)).toEqual(['server:9']);
  });
  it("takes a variant's image only when it has one", () => {
    const [black, big] = serverLines([
      toServerLine(item(1, summary(5), BLACK)),
      toServerLine(item(2, summary(5), BIG, 1, 1500)),
    ]);
    expect(black?.product.image).toBe('/media/black.svg');
    expect(big?.product.image).toBe('/media/5.svg');
  });
});

describe('shownLines', () => {
  const products = { 5: shown(5), 6: shown(6) };
  const entries = [entry(1, 5, null), entry(2, 6, null), entry(3, 5, 11)];
  const server = [toServerLine(item(20, summary(5), null, 2))];

  it('a visitor sees the local entries only', () => {
    expect(shownLines(false, server, entries, products).map((l) => l.key)).toEqual(['local:1', 'local:2', 'local:3']);
  });
  it('signed in: server lines first, then local ones the server does not hold (same product and feature)', () => {
    expect(shownLines(true, server, entries, products).map((l) => l.key)).toEqual(['server:20', 'local:2', 'local:3']);
  });
  it('signed in before the server basket is loaded: the local lines', () => {
    expect(shownLines(true, null, entries, products).map((l) => l.key)).toEqual(['local:1', 'local:2', 'local:3']);
  });
});
