import { describe, expect, it } from 'vitest';
import { readBanners, readEveryAnswer, readReview, readStore } from './answers.ts';
import { cutAtWord, PRICE_CEILING, safeImage, safeLink, shownLine, STORE_KEY } from './rules.ts';
import { readProduct, readProductSummary } from './shop.ts';

const product = { id: 7, title: 'Nokia 105', price: 289_000, discount: null, discount_price: null, images: [] };

describe('seller text', () => {
  it('loses bidi controls, zero-width characters and controls, and is trimmed to one line', () => {
    expect(shownLine('\u202EiPhone\u200B 16\u2066 Pro\u2069\u200F\n\tMax\u0000 ', 200)).toBe('iPhone 16 Pro Max');
    expect(shownLine('\u202E\u200B ', 200)).toBeNull();
  });

  it('is cut on a word with an ellipsis, or inside a word that has no space', () => {
    expect(cutAtWord('Samsung Galaxy A15 qora 128 GB', 20)).toBe('Samsung Galaxy A15…');
    expect(cutAtWord('W'.repeat(300), 10)).toBe(`${'W'.repeat(9)}…`);
    expect(cutAtWord('short', 10)).toBe('short');
    // A pair of surrogates is never split.
    expect(Array.from(cutAtWord('😀'.repeat(30), 10))).toHaveLength(10);
  });

  it('a product title of 5,000 characters is cut to the title length; a blank one is Unknown Product', () => {
    const long = readProductSummary({ ...product, title: 'uzun '.repeat(1000) });
    expect(long.title.length).toBeLessThanOrEqual(200);
    expect(long.title.endsWith('…')).toBe(true);
    expect(readProductSummary({ ...product, title: '\u202E\u200B' }).title).toBe('Unknown Product');
  });

  it('a review author is a short line; review texts keep their lines without controls', () => {
    const review = readReview({ id: 1, author: 'A'.repeat(300), comment: 'Yaxshi\u202E\nrahmat' });
    expect(review.author).toHaveLength(60);
    expect(review.comment).toBe('Yaxshi\nrahmat');
  });
});

describe('prices', () => {
  it.each([
    [-5, 'price is below 1: -5'],
    [0, 'price is below 1: 0'],
    [1e30, `price is not below ${PRICE_CEILING}: 1e+30`],
    ['NaN', 'price is not a number: "NaN"'],
  ])('a product priced %s is skipped and named', (price, problem) => {
    const reported: string[] = [];
    expect(readEveryAnswer('relatedProducts', [{ ...product, price }], (p) => reported.push(p))).toEqual([]);
    expect(reported).toEqual([`product 7 skipped: ${problem}`]);
  });

  it('a discount price that is not a price, or not below the price, is no discount', () => {
    expect(readProductSummary({ ...product, discount_price: -1 }).discount_price).toBeNull();
    expect(readProductSummary({ ...product, discount_price: 300_000 }).discount_price).toBeNull();
    expect(readProductSummary({ ...product, discount_price: '250000.00' }).discount_price).toBe(250_000);
  });

  it('a variant priced past the ceiling sells at the product price; a negative stock is unknown', () => {
    const read = readProduct({
      ...product,
      count: -3,
      features: [{ id: 701, count: 2, price: 1e30, images: [], attributes: [] }],
    });
    expect(read.features[0]?.price).toBeNull();
    expect(read).not.toHaveProperty('stock');
  });
});

describe('ids', () => {
  it('an id past the safe integers skips the item; a product listed twice is read once and named', () => {
    const reported: string[] = [];
    const read = readEveryAnswer(
      'relatedProducts',
      [product, { ...product, id: 2 ** 53 + 2 }, { ...product, title: 'again' }],
      (p) => reported.push(p),
    );
    expect(read).toEqual([expect.objectContaining({ id: 7, title: 'Nokia 105' })]);
    expect(reported).toEqual([
      'product 9007199254740994 skipped: id is not an id: 9007199254740994',
      'product 7 listed more than once: shown once',
    ]);
  });
});

describe('store keys', () => {
  it.each(['texno-qarshi', 'moda_uyi', 'a', 'texno.qarshi', 'Store2'])('%s is a page key', (key) => {
    expect(key).toMatch(STORE_KEY);
  });

  it.each(['../../../x', 'a/b', 'Qarshi sh., Mustaqillik 3/2 "A" <b>', '.hidden', 'a..b', 'x.', 'oʻzbek', ''])(
    '%s is no page key: the store’s page is its id',
    (key) => {
      const reported: string[] = [];
      const store = readStore({ id: 4, name: 'Dokon', address: key }, (p) => reported.push(p));
      expect(store.address).toBe('4');
      if (key !== '') expect(reported).toEqual([expect.stringMatching(/^store 4: address .* its page is \/store\/4$/)]);
    },
  );

  it('two stores with one key: the second is skipped and named', () => {
    const reported: string[] = [];
    const stores = readEveryAnswer(
      'stores',
      [
        { id: 1, name: 'A', address: 'bozor' },
        { id: 2, name: 'B', address: 'bozor' },
      ],
      (p) => reported.push(p),
    );
    expect(stores).toEqual([expect.objectContaining({ id: 1 })]);
    expect(reported).toEqual(['store bozor listed more than once: shown once']);
  });
});

describe('links and images', () => {
  it.each(['https://bozor.uz/aksiya', 'http://x.uz', '/product/3', '/category/1?sort=price'])('%s is a link', (url) =>
    expect(safeLink(url)).toBe(url),
  );

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,x',
    '//evil.example/x',
    '/\\evil.example',
    'product/3',
    'https://',
    'mailto:a@b.uz',
  ])('%s is no link', (url) => expect(safeLink(url)).toBeNull());

  it.each(['javascript:alert(1)', 'data:image/svg+xml,<svg/>', 'https:evil', 'vbscript:x'])('%s is no image', (url) =>
    expect(safeImage(url)).toBeNull(),
  );

  it('a product’s images keep only those a page may load', () => {
    expect(
      readProductSummary({ ...product, images: ['javascript:x', 'https://cdn.uz/a.png', 'a.png'] }).images,
    ).toEqual(['https://cdn.uz/a.png', 'a.png']);
  });

  it('a banner leads by its link, else by the product or category it names by id; a refused link is named', () => {
    const reported: string[] = [];
    const image = 'https://cdn.uz/b.png';
    const { b } = readBanners(
      [
        { id: 1, image, link: 'javascript:alert(1)' },
        { id: 2, image, product: 102 },
        { id: 3, image, category: { id: 3 } },
        { id: 4, image, url: '/top-product', product: 5 },
        { id: 5, image, product: -1 },
      ],
      (p) => reported.push(p),
    );
    expect(b.map((banner) => banner.link)).toEqual([null, '/product/102', '/category/3', '/top-product', null]);
    expect(reported).toEqual(['banner 1: link "javascript:alert(1)" refused, it leads nowhere']);
  });
});
