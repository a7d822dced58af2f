import { describe, expect, it } from 'vitest';
import type { Feature, Review } from '../../../backend/shop.ts';
import {
  asLiveProduct,
  asReviews,
  buyView,
  choosableFeatures,
  featureImages,
  featureName,
  firstChoosable,
  freshKept,
  galleryFor,
  LIVE_TTL_MS,
  reviewsShown,
  type LiveProduct,
} from './live-product.ts';

const feature = (id: number, count: number, extra: Partial<Feature> = {}): Feature =>
  ({ id, count, images: null, price: null, attributes: [], ...extra }) as Feature;
const product: LiveProduct = {
  price: 1_000_000,
  discount: 10,
  discount_price: 900_000,
  stock: 4,
  unit: 'pcs',
  features: [feature(1, 0), feature(2, 3, { attributes: [{ key: 'color', name: 'Rang', value: 'Qora' }] })],
};
const review = (id: number): Review => ({
  id,
  product: 5,
  rating: 4,
  author: 'Ali',
  advantage: '',
  shortcoming: '',
  comment: 'Yaxshi',
  created_at: '2026-11-01',
  images: [],
});

describe('the live answer the product page accepts', () => {
  it('keeps the fields the page shows, and refuses wrong types', () => {
    expect(asLiveProduct({ ...product, title: 'x', unit: 'kg' })).toEqual({ ...product, unit: 'kg' });
    expect(asLiveProduct({ ...product, unit: 'litre' })?.unit).toBe('pcs');
    expect(asLiveProduct({ ...product, price: '1000' })).toBeNull();
    expect(asLiveProduct({ ...product, features: null })).toBeNull();
    expect(asLiveProduct({ ...product, features: [feature(3, 1), { id: 'x' }] })?.features).toEqual([feature(3, 1)]);
    expect(asLiveProduct(null)).toBeNull();
  });

  it('keeps the reviews a card can show; a non-list is refused', () => {
    expect(asReviews([review(1), { ...review(2), rating: '5' }, { ...review(3), images: [1] }])).toEqual([review(1)]);
    expect(asReviews({ results: [] })).toBeNull();
    // A backend that sends only the spec's texts.
    const bare = { id: 4, advantage: 'Tez', shortcoming: '', comment: 'Yaxshi', images: [] };
    expect(asReviews([bare])).toEqual([bare]);
  });
});

describe('a kept answer', () => {
  const kept = (at: number) => JSON.stringify({ at, value: product });
  it('is used younger than 5 minutes and not older than the page', () => {
    expect(freshKept(kept(1000), 0, asLiveProduct, 1000 + LIVE_TTL_MS - 1)).toEqual(product);
    expect(freshKept(kept(1000), 0, asLiveProduct, 1000 + LIVE_TTL_MS)).toBeNull();
    expect(freshKept(kept(1000), 1001, asLiveProduct, 2000)).toBeNull();
  });
  it('is ignored when missing or unreadable', () => {
    expect(freshKept(null, 0, asLiveProduct, 0)).toBeNull();
    expect(freshKept('{oops', 0, asLiveProduct, 0)).toBeNull();
    expect(freshKept(JSON.stringify({ at: 'x', value: product }), 0, asLiveProduct, 0)).toBeNull();
  });
});

describe('what the buy block shows', () => {
  it('offers only features in stock, named by their values', () => {
    expect(choosableFeatures(product).map((f) => f.id)).toEqual([2]);
    expect(featureName(product.features[1]!)).toBe('Qora');
    expect(featureName(feature(7, 1))).toBe('#7');
  });
  it("the product's discounted price and stock without a feature; a feature's own price without the discount", () => {
    expect(buyView(product, undefined)).toEqual({
      amount: 900_000,
      discount: { price: 1_000_000, percent: 10 },
      stock: 4,
    });
    expect(buyView(product, feature(2, 3))).toEqual({
      amount: 900_000,
      discount: { price: 1_000_000, percent: 10 },
      stock: 3,
    });
    expect(buyView(product, feature(2, 3, { price: 1_200_000 }))).toEqual({
      amount: 1_200_000,
      discount: null,
      stock: 3,
    });
  });
  it("reads a feature's images", () => {
    expect(featureImages(feature(1, 1, { images: ['c.png'] }))).toEqual(['c.png']);
    expect(featureImages(undefined)).toEqual([]);
  });
  it('chooses the first feature in stock on opening, none when none is', () => {
    expect(firstChoosable(product)?.id).toBe(2);
    expect(firstChoosable({ features: [feature(1, 0), feature(3, 1), feature(4, 5)] })?.id).toBe(3);
    expect(firstChoosable({ features: [feature(1, 0)] })).toBeUndefined();
  });
  it("shows a feature's own images (thumbnails even for one), else the product's (thumbnails from two)", () => {
    expect(galleryFor(['a.png', 'b.png'], feature(1, 1, { images: ['c.png'] }))).toEqual({
      images: ['c.png'],
      own: true,
      thumbnails: true,
    });
    expect(galleryFor(['a.png', 'b.png'], feature(1, 1))).toEqual({
      images: ['a.png', 'b.png'],
      own: false,
      thumbnails: true,
    });
    expect(galleryFor(['a.png'], undefined)).toEqual({ images: ['a.png'], own: false, thumbnails: false });
  });
});

describe('the reviews shown', () => {
  it('change with the count, the latest reviews or their texts, not with what is not shown', () => {
    const built = reviewsShown([review(1), review(2)], 2, 3);
    expect(reviewsShown([review(1), review(2)], 2, 3)).toBe(built);
    expect(reviewsShown([review(1), review(2)], 3, 3)).not.toBe(built);
    expect(reviewsShown([{ ...review(1), comment: 'Zoʻr' }, review(2)], 2, 3)).not.toBe(built);
    expect(reviewsShown([review(1), review(2), review(4)], 3, 2)).toBe(reviewsShown([review(1), review(2)], 3, 2));
    expect(reviewsShown([{ ...review(1), images: ['/media/r.jpg'] }, review(2)], 2, 3)).not.toBe(built);
    expect(reviewsShown([{ ...review(1), rating: 1 }, review(2)], 2, 3)).not.toBe(built);
  });

  it('are a short fingerprint, not a second copy of the texts in the page', () => {
    expect(reviewsShown([review(1), review(2)], 2, 3)).toMatch(/^[0-9a-f]{8}$/);
  });
});
