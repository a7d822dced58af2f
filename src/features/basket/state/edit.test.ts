import { describe, expect, it } from 'vitest';
import type { Feature } from '../../../backend/shop.ts';
import {
  decodeServerLines,
  recordChange,
  refuseChange,
  viewLines,
  type BasketChange,
  type BasketEntry,
} from '../rules/basket.ts';
import { readServerBasket, type ServerLine } from '../../../backend/operations/basket.ts';
import { productsToFetch, shownLines } from './edit.ts';
import { BLACK, item } from '../../../../tests/unit/support/server-basket.ts';
import { DEFAULT_TITLE, PLACEHOLDER_IMAGE, type ShownProduct } from '../../../shared/product.ts';

const BIG: Feature = {
  id: 12,
  count: 2,
  price: 1500,
  images: [],
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

const entry = (id: number, product: number, feature: number | null, quantity = 1): BasketEntry => ({
  id,
  product,
  feature,
  quantity,
});

/** A visitor's lines as the basket shows them. */
const localLines = (entries: readonly BasketEntry[], products: Parameters<typeof shownLines>[2]) =>
  shownLines(
    entries.map((e) => ({ ...e, source: 'local' as const, status: 'saved' as const })),
    [],
    products,
  );
/** A signed-in shopper's lines: the server's with the changes laid over them. */
const shopperLines = (
  server: readonly ServerLine[],
  changes: readonly BasketChange[],
  products: Parameters<typeof shownLines>[2],
) => shownLines(viewLines(server, changes), server, products);

describe('decodeServerLines', () => {
  it('reads back the lines it kept in browser storage, details and all', () => {
    const lines = readServerBasket([item(3, 5, BLACK, 2), item(4, 6, null, 1, '900.00', true)]);
    expect(decodeServerLines(JSON.parse(JSON.stringify(lines)))).toEqual(lines);
    expect(decodeServerLines('nonsense')).toBeNull();
  });
});

describe('localLines', () => {
  it('resolves an entry to its product, shown price and list price (discount applies)', () => {
    expect(localLines([entry(1, 5, null, 3)], { 5: shown(5) })).toEqual([
      {
        key: '5:',
        source: 'local',
        id: 1,
        status: 'saved',
        product: { id: 5, title: 'Phone 5', price: 1000, discount: 10, discount_price: 900, image: '/media/5.svg' },
        feature_id: null,
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
    expect(lines.map((l) => l.key)).toEqual(['5:']);
  });
  it('shows the default title and the placeholder for a product without them', () => {
    const [line] = localLines([entry(1, 5, null)], { 5: shown(5, { title: DEFAULT_TITLE, images: [] }) });
    expect(line?.product.title).toBe(DEFAULT_TITLE);
    expect(line?.product.image).toBe(PLACEHOLDER_IMAGE);
  });
});

describe('shopperLines', () => {
  const server = readServerBasket([item(8, 5, null, 4, 850), item(9, 6, BIG, 1, 1500)]);

  it("shows the server's unit price and quantity, and takes a stock it does not carry from the products fetched", () => {
    const [plain, big] = shopperLines(server, [], { 5: shown(5, { stock: 2 }) });
    expect(plain).toMatchObject({
      key: '5:',
      source: 'server',
      status: 'saved',
      quantity: 4,
      price: 850,
      stock: 2,
    });
    expect(plain?.listPrice).toBe(1000);
    expect(big).toMatchObject({ key: '6:12', feature: BIG, stock: BIG.count, product: { image: '/media/6.svg' } });
  });

  it('lays the waiting changes over the lines: a new quantity, a removal, a new line, a refused one', () => {
    let changes = recordChange([], { product: 5, feature: null, kind: 'set', quantity: 5 });
    changes = recordChange(changes, { product: 6, feature: 12, kind: 'remove', quantity: 0 });
    changes = recordChange(changes, { product: 7, feature: null, kind: 'add', quantity: 1 });
    changes = refuseChange(
      recordChange(changes, { product: 9, feature: null, kind: 'add', quantity: 1 }),
      { product: 9, feature: null },
      'Out of stock.',
    );
    const lines = shopperLines(server, changes, { 7: shown(7), 9: shown(9) });
    expect(lines.map((l) => [l.key, l.status, l.quantity, l.reason ?? null])).toEqual([
      ['5:', 'waiting', 5, null],
      ['7:', 'waiting', 1, null],
      ['9:', 'refused', 1, 'Out of stock.'],
    ]);
  });

  it('a line that carries only ids shows at once, and is filled in when its product comes', () => {
    const bare = readServerBasket([item(10, 5, BLACK, 1, '900.00', true)]);
    expect(productsToFetch(bare, []).map((l) => l.product)).toEqual([5]);
    const [waiting] = shopperLines(bare, [], {});
    expect(waiting).toMatchObject({
      key: '5:11',
      known: false,
      feature_id: 11,
      price: 900,
      product: { id: 5, title: '' },
    });
    const [filled] = shopperLines(bare, [], { 5: shown(5) });
    expect(filled).toMatchObject({ feature: BLACK, product: { title: 'Phone 5', image: '/media/black.svg' } });
    expect(filled?.known).toBeUndefined();
    expect(shopperLines(bare, [], { 5: null })).toEqual([]);
  });
});
