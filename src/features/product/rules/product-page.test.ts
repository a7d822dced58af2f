import { describe, expect, it } from 'vitest';
import { catalogueProduct } from '../../../../tests/fixtures/catalogue-product.ts';
import type { CatalogueProduct, Feature } from '../../../backend/shop.ts';
import { formatPrice } from '../../../shared/price.ts';
import { productPageView, type ProductPageInput } from './product-page.ts';

const variant = (id: number, count: number, over: Partial<Feature> = {}): Feature => ({
  id,
  count,
  price: null,
  images: [],
  attributes: [
    { key: 'color', name: 'Rang', value: id === 7 ? 'Pushti' : 'Oq' },
    { key: 'memory', name: 'Xotira', value: '64 GB' },
  ],
  ...over,
});

const product = (over: Partial<CatalogueProduct> = {}): CatalogueProduct =>
  catalogueProduct({
    images: ['/a.svg', '/b.svg'],
    rating: 4.6,
    reviews_count: 12,
    description: '<p>Yaxshi telefon.</p><script>alert(1)</script>',
    stock: 5,
    features: [variant(6, 0), variant(7, 3, { price: 4_200_000, images: ['/pink.svg'] }), variant(8, 2)],
    ...over,
  });

const input = (over: Partial<CatalogueProduct> = {}, more: Partial<ProductPageInput> = {}): ProductPageInput => ({
  lang: 'uz',
  product: product(over),
  rank: { popular: 1, top: undefined },
  twin: undefined,
  site: 'https://bozor.uz',
  plan: null,
  ...more,
});

describe('the variant a product page opens with', () => {
  it('is the first in stock, and the buy block shows its price and stock', () => {
    const view = productPageView(input());
    expect(view.chosen?.id).toBe(7);
    // A variant with its own price is sold at it, without the product's discount.
    expect(view.buy).toEqual({ amount: 4_200_000, discount: null, stock: 3 });
    expect(view.soldOut).toBe(false);
    // Only variants in stock are offered.
    expect(view.live.features.map((f) => f.id)).toEqual([7, 8]);
  });

  it('a variant at the product price keeps its discount', () => {
    const view = productPageView(input({ features: [variant(8, 2)] }));
    expect(view.chosen?.id).toBe(8);
    expect(view.buy).toEqual({ amount: 3_600_000, discount: { price: 4_000_000, percent: 10 }, stock: 2 });
  });

  it('is none without variants in stock; then the product is sold out only when its own stock is none', () => {
    const none = productPageView(input({ features: [variant(6, 0)] }));
    expect(none.chosen).toBeUndefined();
    expect(none.buy.stock).toBe(5);
    expect(none.soldOut).toBe(false);
    expect(productPageView(input({ features: [variant(6, 0)], stock: 0 })).soldOut).toBe(true);
    // No stock figure: the add is offered and the server decides.
    const { stock: _unknown, ...unknown } = product({ features: [] });
    expect(productPageView({ ...input(), product: unknown as CatalogueProduct }).soldOut).toBe(false);
  });
});

describe('what the page tells search engines', () => {
  it('the shown price in the meta description and the offer, the listing price for search results', () => {
    const view = productPageView(input());
    expect(view.metaDescription).toMatch(/^Smartfon Samsung Galaxy A55 — .* Yaxshi telefon\.$/);
    expect(view.metaDescription).toContain(formatPrice(4_200_000, 'uz'));
    expect(view.metaDescription.length).toBeLessThanOrEqual(160);
    expect(view.listingPrice).toBe(3_600_000);
    const [ld, crumbs] = view.jsonLd;
    expect(ld).toMatchObject({
      '@type': 'Product',
      url: 'https://bozor.uz/uz/product/42',
      image: ['https://bozor.uz/a.svg', 'https://bozor.uz/b.svg'],
      offers: { price: 4_200_000, availability: 'https://schema.org/InStock' },
      aggregateRating: { ratingValue: 4.6, reviewCount: 12 },
      brand: { name: 'Texno Olam' },
    });
    expect(crumbs).toMatchObject({
      itemListElement: [
        { name: 'Bosh sahifa', item: 'https://bozor.uz/uz' },
        { name: 'Smartfonlar', item: 'https://bozor.uz/uz/category/3' },
        { name: 'Smartfon Samsung Galaxy A55', item: 'https://bozor.uz/uz/product/42' },
      ],
    });
    expect(view.keywords.startsWith('Smartfon Samsung Galaxy A55, Smartfonlar, Texno Olam, ')).toBe(true);
  });

  it('the crumbs link home and to the category; the page itself is the last, unlinked', () => {
    expect(productPageView(input({}, { lang: 'ru' })).crumbs).toEqual([
      { name: 'Главная', href: '/ru' },
      { name: 'Smartfonlar', href: '/ru/category/3' },
      { name: 'Smartfon Samsung Galaxy A55' },
    ]);
    expect(productPageView(input({ category: null })).crumbs).toHaveLength(2);
  });
});

describe('the rest of the page', () => {
  it('the rating under the title, in words; none when nobody rated the product', () => {
    expect(productPageView(input()).rating).toEqual({ value: '4.6', reviews: '(12)', label: '4.6 / 5 · 12 ta sharh' });
    expect(productPageView(input({ rating: null, reviews_count: 0 })).rating).toBeNull();
  });

  it('the description sanitised, the default title and the placeholder image', () => {
    const view = productPageView(input({ title: ' ', images: null as unknown as string[] }));
    expect(view.description).toBe('<p>Yaxshi telefon.</p>');
    expect(view.product.title).toBe('Unknown Product');
    expect(view.product.images).toEqual(['/placeholder.svg']);
    expect(productPageView(input({ description: null })).description).toBe('');
  });

  it('the API’s installment plan, else the configured one', () => {
    const configured = { months: 12, markup_percent: 20 };
    expect(productPageView(input({}, { plan: configured })).installment).toEqual(configured);
    expect(productPageView(input({ installment: null }, { plan: configured })).installment).toBeNull();
    expect(productPageView(input({ installment: { months: 6, markup_percent: 0 } })).installment).toEqual({
      months: 6,
      markup_percent: 0,
    });
  });
});
