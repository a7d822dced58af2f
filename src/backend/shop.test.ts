import { describe, expect, it } from 'vitest';
import {
  readBanners,
  readCategory,
  readEveryAnswer,
  readPage,
  readReview,
  readStore,
  readVerifyAnswer,
} from './answers.ts';
import { Malformed } from './read.ts';
import { DEFAULT_TITLE } from './shop.ts';
import { readProduct, readProductSummary } from './shop.ts';

const plain = {
  id: 3,
  title: 'iPhone 15',
  description: 'Yangi',
  price: 12_500_000,
  discount: 5,
  discount_price: 11_875_000,
  images: ['a.png', 'b.png'],
  category: { id: 1, name: 'Telefonlar' },
  store: { id: 2, name: 'Texno', address: 'texno', logo: null },
  features: [
    { id: 301, count: 5, images: ['f.png'], attributes: [{ name: 'Rang', value: 'Qora' }] },
    { id: 303, count: 0, images: [], attributes: [] },
  ],
};

/** Each way a lenient field may come, and what the shop reads from it. */
const VARIANTS: [string, Record<string, unknown>, (p: ReturnType<typeof readProduct>) => void][] = [
  [
    'prices as decimal strings',
    { price: '12500000.00', discount_price: '11875000.00' },
    (p) => {
      expect(p.price).toBe(12_500_000);
      expect(p.discount_price).toBe(11_875_000);
    },
  ],
  [
    'images as a comma-separated string',
    { images: 'a.png, b.png ,' },
    (p) => expect(p.images).toEqual(['a.png', 'b.png']),
  ],
  ['images as an empty string', { images: '' }, (p) => expect(p.images).toEqual([])],
  ['images as null', { images: null }, (p) => expect(p.images).toEqual([])],
  ['a null title', { title: null }, (p) => expect(p.title).toBe(DEFAULT_TITLE)],
  ['a blank title', { title: '  ' }, (p) => expect(p.title).toBe(DEFAULT_TITLE)],
  ['the category as a bare id', { category: 1 }, (p) => expect(p.category).toEqual({ id: 1 })],
  ['the category as an id string', { category: '1' }, (p) => expect(p.category).toEqual({ id: 1 })],
  ['no category', { category: undefined }, (p) => expect(p.category).toBeUndefined()],
  ['the store as a bare id', { store: 2 }, (p) => expect(p.store).toBeUndefined()],
  [
    'unknown fields',
    { is_active: true, sort_order: 3, created_at: 'x' },
    (p) => expect(p).not.toHaveProperty('is_active'),
  ],
  ['the stock as count, a decimal string', { count: '10.000' }, (p) => expect(p.stock).toBe(10)],
  ['no stock', {}, (p) => expect(p.stock).toBeUndefined()],
  [
    'no rating, unit, warranty or update time',
    {},
    (p) => {
      expect(p.rating).toBeUndefined();
      expect(p.reviews_count).toBeUndefined();
      expect(p.unit).toBeUndefined();
      expect(p.warranty_years).toBeUndefined();
      expect(p.updated_at).toBeUndefined();
    },
  ],
  [
    'feature counts as strings',
    { features: [{ id: 1, count: '2', images: 'f.png', attributes: [] }] },
    (p) => expect(p.features).toEqual([{ id: 1, count: 2, price: null, images: ['f.png'], attributes: [] }]),
  ],
  ['no features', { features: null }, (p) => expect(p.features).toEqual([])],
];

describe('reading a product', () => {
  it('reads the plain form, keeping only features with count > 0 and naming attributes by key or name', () => {
    const product = readProduct(plain);
    expect(product).toMatchObject({ id: 3, title: 'iPhone 15', price: 12_500_000, images: ['a.png', 'b.png'] });
    expect(product.features.map((f) => f.id)).toEqual([301]);
    expect(product.features[0]?.attributes).toEqual([{ key: 'Rang', name: 'Rang', value: 'Qora' }]);
    expect(product.store).toEqual({ id: 2, name: 'Texno', address: 'texno', logo: null });
  });

  for (const [name, change, expectation] of VARIANTS) {
    it(`reads ${name}`, () => expectation(readProduct({ ...plain, ...change })));
  }

  it('refuses a product without a usable price or id', () => {
    expect(() => readProduct({ ...plain, price: 'free' })).toThrow(Malformed);
    expect(() => readProduct({ ...plain, id: null })).toThrow(Malformed);
  });

  it('skips a malformed feature and reports it with its id', () => {
    const problems: string[] = [];
    const product = readProduct({ ...plain, features: [{ id: 9, count: 'many' }, plain.features[0]] }, (p) =>
      problems.push(p),
    );
    expect(product.features.map((f) => f.id)).toEqual([301]);
    expect(product.feature_count).toBe(1);
    expect(problems).toEqual([expect.stringContaining('feature 9 skipped')]);
  });

  it('keeps what the reference dialect adds', () => {
    const product = readProduct({ ...plain, rating: 4.5, reviews_count: 2, unit: 'kg', warranty_years: 2 });
    expect(product).toMatchObject({ rating: 4.5, reviews_count: 2, unit: 'kg', warranty_years: 2 });
  });
});

describe('a listed product’s variants', () => {
  const listed = { id: 3, title: 'iPhone 15', price: 12_500_000, discount: null, discount_price: null, images: [] };
  it('are counted from feature_count, or from the features sent with it (those in stock), or left unknown', () => {
    expect(readProductSummary({ ...listed, feature_count: 2 }).feature_count).toBe(2);
    const features = [{ id: 1, count: 4 }, { id: 2, count: 0 }, 7, { id: 3, count: '2' }];
    expect(readProductSummary({ ...listed, features }).feature_count).toBe(2);
    expect(readProductSummary({ ...listed, features: [] }).feature_count).toBe(0);
    expect(readProductSummary(listed)).not.toHaveProperty('feature_count');
  });
});

describe('reading lists', () => {
  it('skips a malformed item of a list and reports it with its id', () => {
    const problems: string[] = [];
    const answer = readEveryAnswer('top', [plain, { id: 17, price: 'n/a' }, { ...plain, id: 4 }], (p) =>
      problems.push(p),
    );
    expect((answer as { id: number }[]).map((p) => p.id)).toEqual([3, 4]);
    expect(problems).toEqual([expect.stringMatching(/^product 17 skipped: price is not a number/)]);
  });

  it('fails a whole answer that is not a list', () => {
    expect(() => readEveryAnswer('categories', { detail: 'oops' }, () => {})).toThrow(Malformed);
  });

  it('reads a Django REST page', () => {
    const page = readPage(
      { count: 41, next: 'http://x/api/v1/products/all-products/?page=3', previous: null, results: [plain] },
      'product',
      readProductSummary,
      () => {},
    );
    expect(page).toMatchObject({ count: 41, results: [{ id: 3 }] });
    expect(page.next).toBe('http://x/api/v1/products/all-products/?page=3');
  });

  it('reads a category image as a value or a list, and a store without a URL key by its id', () => {
    expect(readCategory({ id: 1, name: 'A', image: ['c.png', 'd.png'] }).image).toBe('c.png');
    expect(readCategory({ id: 1, name: 'A', image: 'c.png' }).image).toBe('c.png');
    expect(readCategory({ id: 1, name: 'A', image: null }).image).toBeNull();
    expect(readStore({ id: 5, name: 'S', logo: 'l.png' })).toEqual({
      id: 5,
      name: 'S',
      address: '5',
      logo: 'l.png',
      banner: null,
    });
  });

  it('reads banners as {b, t}, each with its own link and alt text, or a plain list', () => {
    const banners = readBanners(
      {
        b: [{ id: 6, image: 'p.png', url: '/product/3', alt: 'iPhone' }],
        t: [{ id: 8, image: ['t.png'], link: null }],
      },
      () => {},
    );
    expect(banners).toEqual({
      b: [{ id: 6, title: 'iPhone', image: 'p.png', link: '/product/3' }],
      t: [{ id: 8, title: null, image: 't.png', link: null }],
    });
    expect(readBanners([{ image: 'x.png' }], () => {}).b).toHaveLength(1);
  });

  it('reads reviews with only the spec texts, and tokens', () => {
    expect(readReview({ id: 1, advantage: 'Tez', shortcoming: null, comment: 'Yaxshi' })).toEqual({
      id: 1,
      advantage: 'Tez',
      shortcoming: '',
      comment: 'Yaxshi',
      images: [],
    });
    expect(readVerifyAnswer({ data: { access: 'a', refresh: 'r' } })).toEqual({ data: { access: 'a', refresh: 'r' } });
  });
});
