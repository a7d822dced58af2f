import { describe, expect, it } from 'vitest';
import { catalogueProduct } from '../../../../tests/fixtures/catalogue-product.ts';
import type { CatalogueProduct, Feature } from '../../../backend/shop.ts';
import { listingRanks, productFacets } from './facets.ts';

type Named = { name: string; value: string };
/** Variant 7, in stock: its colour and memory as the page's language names them. */
const navy = (color: Named, memory: Named): Feature => ({
  id: 7,
  count: 2,
  price: null,
  images: [],
  attributes: [
    { key: 'color', ...color },
    { key: 'memory', ...memory },
  ],
});

const product = (over: Partial<CatalogueProduct> = {}): CatalogueProduct =>
  catalogueProduct({
    images: ['/a.svg'],
    rating: 4.5,
    reviews_count: 3,
    description: null,
    stock: 0,
    features: [
      navy({ name: 'Rang', value: 'Toʻq koʻk' }, { name: 'Xotira', value: '128 GB' }),
      { id: 8, count: 0, price: null, images: [], attributes: [{ key: 'color', name: 'Rang', value: 'Oq' }] },
    ],
    ...over,
  });

const ranks = listingRanks({ products: [{ id: 1 }, { id: 42 }], topProducts: [{ id: 42 }] });

describe('a product page’s facets', () => {
  it('filters: category, store, brand, stock, top, features in stock, price scales', () => {
    const { filters } = productFacets(product(), { lang: 'uz', rank: ranks(42), plan: null });
    expect(filters).toEqual([
      ['ct', '3|Smartfonlar'],
      ['st', 'texno-olam|Texno Olam'],
      ['br', 'Samsung|Samsung'],
      ['stk', 'yes'],
      ['top', 'yes'],
      ['ft', 'color|Rang|toq-kok|Toʻq koʻk'],
      ['ft', 'memory|Xotira|128-gb|128 GB'],
      ['p0', '3600'],
      ['p1', '36'],
      ['p2', '0'],
      ['p3', '0'],
    ]);
  });

  it('a Russian page names feature values by their Uzbek spelling, labels them in Russian', () => {
    const ru = product({
      title: 'Смартфон Samsung Galaxy A55',
      features: [navy({ name: 'Цвет', value: 'Тёмно-синий' }, { name: 'Память', value: '128 ГБ' })],
    });
    const { filters } = productFacets(ru, { lang: 'ru', rank: ranks(42), twin: product(), plan: null });
    expect(filters.filter(([key]) => key === 'ft')).toEqual([
      ['ft', 'color|Цвет|toq-kok|Тёмно-синий'],
      ['ft', 'memory|Память|128-gb|128 ГБ'],
    ]);
  });

  it('sorts: the API’s order, price paid, newest by id, rating, discount, top rank', () => {
    expect(productFacets(product(), { lang: 'uz', rank: ranks(42), plan: null }).sorts).toEqual({
      popular: 2,
      price: 3_600_000,
      new: 42,
      rating: 4.5,
      discount: 10,
      top: 1,
      // No plan: sorted after every product with a monthly price.
      monthly: Number.MAX_SAFE_INTEGER,
    });
    const plain = productFacets(product({ id: 9, rating: null, discount: null, discount_price: null }), {
      lang: 'uz',
      rank: ranks(9),
      plan: null,
    });
    expect(plain.sorts).toMatchObject({ rating: 0, discount: 0, price: 4_000_000 });
    expect(plain.sorts).not.toHaveProperty('top');
  });

  it('out of stock: no stock value, the card sold out', () => {
    const sold = productFacets(product({ features: [] }), { lang: 'uz', rank: ranks(42), plan: null });
    expect(sold.filters.some(([key]) => key === 'stk')).toBe(false);
    expect(sold.card.soldOut).toBe(true);
  });

  it('the card’s texts are the page language’s', () => {
    const { card } = productFacets(product(), { lang: 'ru', rank: ranks(42), plan: { months: 12, markup_percent: 0 } });
    expect(card).toEqual({
      id: 42,
      title: 'Smartfon Samsung Galaxy A55',
      image: '/a.svg',
      price: '3\u00a0600\u00a0000\u00a0сум',
      old: '4\u00a0000\u00a0000\u00a0сум',
      badge: '−10%',
      monthly: expect.stringContaining('300\u00a0000'),
      rating: { value: '4.5', reviews: '(3)', label: '4.5 / 5 · отзывов: 3' },
      soldOut: false,
      variants: true,
      order: [2, 3_600_000, 42, 4.5, 10, 1, 300_000],
    });
  });

  it('the monthly sort and steps follow the offer the card shows; none without a plan', () => {
    const plain = productFacets(product(), { lang: 'uz', rank: ranks(42), plan: null });
    expect(plain.filters.some(([key]) => key === 'mo')).toBe(false);
    expect(plain.card.monthly).toBeNull();
    // The configured plan: 3 600 000 over 12 months at no markup is 300 000 a month.
    const configured = productFacets(product(), {
      lang: 'uz',
      rank: ranks(42),
      plan: { months: 12, markup_percent: 0 },
    });
    expect(configured.sorts.monthly).toBe(300_000);
    expect(configured.filters.filter(([key]) => key === 'mo').map(([, value]) => value)).toEqual([
      '300000',
      '500000',
      '1000000',
      '2000000',
    ]);
    expect(configured.card.monthly).toContain('300\u00a0000');
    // The API's plan wins over the configured one, even its "none".
    const api = productFacets(product({ installment: { months: 6, markup_percent: 10 } }), {
      lang: 'uz',
      rank: ranks(42),
      plan: { months: 12, markup_percent: 0 },
    });
    expect(api.sorts.monthly).toBe(660_000);
    expect(api.filters.filter(([key]) => key === 'mo').map(([, value]) => value)).toEqual(['1000000', '2000000']);
    const none = productFacets(product({ installment: null }), {
      lang: 'uz',
      rank: ranks(42),
      plan: { months: 12, markup_percent: 0 },
    });
    expect(none.sorts.monthly).toBe(Number.MAX_SAFE_INTEGER);
    expect(none.filters.some(([key]) => key === 'mo')).toBe(false);
  });
});
