/**
 * Property-based tests of the one boundary: answers generated within the spec's shapes (§3, both dialects' forms)
 * and beyond them (hostile values, wrong types, anything at all) are read without an error other than `Malformed`,
 * and what is read never holds a price at or below 0 or past the ceiling, an unsafe id, a bidi or zero-width
 * character, a link or image with another scheme than http(s), an unsafe store key or an id twice in a list.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CallName } from '#contract/routes.ts';
import { readEveryAnswer } from './answers.ts';
import { Malformed } from './read.ts';
import { HIDDEN_CHARACTER, PRICE_CEILING, STORE_KEY } from './rules.ts';

const BIDI_AND_ZERO_WIDTH = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200E',
  '\u200F',
  '\u061C',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
];

/** Text a seller may write: ordinary words, hidden characters anywhere, very long words, markup, odd URLs. */
const sellerText = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc
    .array(fc.oneof(fc.string({ maxLength: 8 }), fc.constantFrom(...BIDI_AND_ZERO_WIDTH, ' ', '\n', '\t', '\u0000')))
    .map((parts) => parts.join('')),
  fc.integer({ min: 200, max: 6000 }).map((length) => 'W'.repeat(length)),
  fc.constantFrom(
    'javascript:alert(1)',
    ' JaVaScRiPt:alert(1)',
    'java\tscript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    '//evil.example/x',
    '/\\evil.example',
    '../../../x',
    'Qarshi sh., Mustaqillik 3/2 "A" <b>',
    '<script>alert(1)</script>',
    '\u202Etxt.exe',
    '',
    '   ',
  ),
);

/** Numbers as a backend may send them: numbers, decimal strings, and values no price can be. */
const sellerNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.integer({ min: 1, max: 50_000_000 }),
  fc.double({ min: 0, max: 1e12, noNaN: true }).map((n) => n.toFixed(2)),
  fc.constantFrom(-5, 0, 1e30, -0, Number.MAX_SAFE_INTEGER + 2, 2 ** 53, 'NaN', 'Infinity', '1e30', '-5', '12abc', ''),
);

const anyValue = fc.oneof(sellerText, sellerNumber, fc.constant(null), fc.anything());
/** A field within the spec's shape most of the time, and anything some of the time. */
const field = <T>(shaped: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 3, arbitrary: shaped }, { weight: 1, arbitrary: anyValue });

const idValue = field(fc.oneof(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 1, max: 60 }).map(String)));
const imagesValue = field(
  fc.oneof(
    fc.array(fc.oneof(fc.webUrl(), sellerText)),
    fc.array(fc.webUrl()).map((urls) => urls.join(',')),
    fc.constant(''),
  ),
);
const attributes = field(fc.array(fc.record({ name: field(sellerText), value: field(sellerText) })));
const feature = field(
  fc.record(
    { id: idValue, count: field(sellerNumber), price: field(sellerNumber), images: imagesValue, attributes },
    { requiredKeys: [] },
  ),
);
const store = fc.record(
  {
    id: idValue,
    name: field(sellerText),
    address: field(fc.oneof(fc.stringMatching(/^[a-z][a-z0-9-]{0,20}$/), sellerText)),
    logo: imagesValue,
    banner: imagesValue,
    location: field(sellerText),
    legal_name: field(sellerText),
    orders_count: field(sellerNumber),
  },
  { requiredKeys: [] },
);
const category = fc.record({ id: idValue, name: field(sellerText), image: imagesValue }, { requiredKeys: [] });
const product = fc.record(
  {
    id: idValue,
    title: field(sellerText),
    description: field(sellerText),
    price: field(sellerNumber),
    discount: field(sellerNumber),
    discount_price: field(sellerNumber),
    images: imagesValue,
    count: field(sellerNumber),
    rating: field(sellerNumber),
    reviews_count: field(sellerNumber),
    feature_count: field(sellerNumber),
    attributes,
    features: field(fc.array(feature, { maxLength: 4 })),
    category: field(fc.oneof(idValue, category)),
    store: field(fc.oneof(idValue, store)),
    installment: field(fc.record({ months: field(sellerNumber), markup_percent: field(sellerNumber) })),
  },
  { requiredKeys: [] },
);
const review = fc.record(
  {
    id: idValue,
    author: field(sellerText),
    rating: field(sellerNumber),
    advantage: field(sellerText),
    shortcoming: field(sellerText),
    comment: field(sellerText),
    product: field(idValue),
    images: imagesValue,
  },
  { requiredKeys: [] },
);
const banner = fc.record(
  {
    id: idValue,
    image: imagesValue,
    title: field(sellerText),
    alt: field(sellerText),
    link: field(sellerText),
    url: field(fc.oneof(fc.webUrl(), fc.constantFrom('/product/3', '/category/1'), sellerText)),
    product: field(fc.oneof(idValue, fc.record({ id: idValue }))),
    category: field(fc.oneof(idValue, fc.record({ id: idValue }))),
  },
  { requiredKeys: [] },
);
/** A list as sent, some items repeated (a product listed twice). */
const listOf = <T>(item: fc.Arbitrary<T>) =>
  fc.array(item, { maxLength: 6 }).chain((items) => fc.subarray(items).map((again) => [...items, ...again]));
const drfPage = <T>(item: fc.Arbitrary<T>) =>
  fc.oneof(
    listOf(item),
    fc.record({ count: field(sellerNumber), next: field(sellerText), previous: anyValue, results: listOf(item) }),
  );
const withCatalogueReviews = product.chain((p) => listOf(review).map((latest_reviews) => ({ ...p, latest_reviews })));

/** Each call the boundary reads, with answers of its shape (and anything, now and then). */
const ANSWERS: [CallName, fc.Arbitrary<unknown>][] = [
  ['product', field(product)],
  ['allProducts', field(drfPage(product))],
  ['catalogue', field(drfPage(withCatalogueReviews))],
  ['categoryProducts', field(drfPage(product))],
  ['searchProducts', field(drfPage(product))],
  ['relatedProducts', field(listOf(product))],
  ['top', field(listOf(product))],
  ['topProducts', field(listOf(product))],
  ['mainProducts', field(listOf(fc.record({ id: idValue, title: field(sellerText), products: listOf(product) })))],
  ['categories', field(listOf(category))],
  ['stores', field(listOf(store))],
  ['store', field(store)],
  ['productComments', field(listOf(review))],
  ['banners', field(fc.oneof(listOf(banner), fc.record({ b: listOf(banner), t: listOf(banner) })))],
  ['categoryBanners', field(listOf(banner))],
  [
    'searchSuggestions',
    field(fc.record({ products: listOf(product), categories: listOf(category), stores: listOf(store) })),
  ],
];

const UNSAFE_URL = /^\s*(?:javascript|data|vbscript)\s*:/i;
const URL_FIELDS = new Set(['link', 'image', 'images', 'logo', 'banner', 'next']);

/** Every rule the shop's types promise, checked over a read answer; `at` names where a failure was. */
function checkRead(value: unknown, at: string, key = ''): void {
  if (typeof value === 'string') {
    expect(value, at).not.toMatch(HIDDEN_CHARACTER);
    if (URL_FIELDS.has(key)) expect(value, at).not.toMatch(UNSAFE_URL);
    if (URL_FIELDS.has(key)) expect(value, at).toMatch(/^(?:https?:\/\/[^/\s]|\/|(?![A-Za-z][A-Za-z0-9+.-]*:))/i);
    if (key === 'address') expect(value, at).toMatch(STORE_KEY);
    return;
  }
  if (typeof value === 'number') {
    if (key === 'id') expect(Number.isSafeInteger(value) && value > 0, `${at}: ${value}`).toBe(true);
    if (key === 'price' || key === 'discount_price') {
      expect(value, at).toBeGreaterThanOrEqual(1);
      expect(value, at).toBeLessThan(PRICE_CEILING);
    }
    expect(Number.isFinite(value), at).toBe(true);
    return;
  }
  if (Array.isArray(value)) {
    const ids = value.flatMap((item) =>
      typeof item === 'object' && item !== null && typeof (item as { id?: unknown }).id === 'number'
        ? [(item as { id: number }).id]
        : [],
    );
    expect(new Set(ids).size, `${at}: ids once each`).toBe(ids.length);
    value.forEach((item, index) => checkRead(item, `${at}[${index}]`, key));
    return;
  }
  if (typeof value === 'object' && value !== null) {
    for (const [name, inner] of Object.entries(value)) checkRead(inner, `${at}.${name}`, name);
    if ('price' in value && 'discount_price' in value) {
      const { price, discount_price } = value as { price: number; discount_price: number | null };
      if (discount_price !== null) expect(discount_price, at).toBeLessThan(price);
    }
  }
}

describe('the boundary reads any answer into the shop’s rules', () => {
  for (const [name, answer] of ANSWERS) {
    it(`${name}: never an error but a malformed answer, never a value the rules refuse`, () => {
      fc.assert(
        fc.property(answer, (raw) => {
          const reported: string[] = [];
          let read: unknown;
          try {
            read = readEveryAnswer(name, raw, (problem) => reported.push(problem));
          } catch (error) {
            expect(error).toBeInstanceOf(Malformed);
            return;
          }
          checkRead(read, name);
          for (const problem of reported) expect(problem).not.toMatch(HIDDEN_CHARACTER);
        }),
        { numRuns: 300 },
      );
    });
  }

  it('a list of items is read whatever its items are: the bad ones are skipped and named, never the list', () => {
    fc.assert(
      fc.property(fc.array(fc.oneof(product, anyValue), { maxLength: 8 }), (items) => {
        const reported: string[] = [];
        const read = readEveryAnswer('relatedProducts', items, (problem) => reported.push(problem)) as unknown[];
        expect(read.length + reported.length).toBeGreaterThanOrEqual(items.length);
        checkRead(read, 'relatedProducts');
      }),
      { numRuns: 300 },
    );
  });
});
