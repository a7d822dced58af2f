import { describe, expect, it } from 'vitest';
import type { Product } from '../backend/shop.ts';
import {
  availableFeatures,
  DEFAULT_TITLE,
  featureText,
  firstImage,
  imageList,
  normaliseProduct,
  PLACEHOLDER_IMAGE,
  productTitle,
} from './product.ts';

const feature = (id: number, count: number) => ({ id, count, price: null, images: [], attributes: [] });
const product: Product = {
  id: 1,
  title: '  ',
  description: null,
  price: 100,
  discount: null,
  discount_price: null,
  images: ['a.svg', ' b.svg ', ''],
  rating: null,
  reviews_count: 0,
  stock: 3,
  unit: 'pcs',
  warranty_years: 1,
  category: null,
  store: null,
  features: [feature(1, 0), feature(2, 4)],
  updated_at: '2026-01-01T00:00:00Z',
};

describe('product normalising', () => {
  it('reads images from an array, a comma string or nothing', () => {
    expect(imageList(['x.svg', ' '])).toEqual(['x.svg']);
    expect(imageList('a.svg, b.svg ,')).toEqual(['a.svg', 'b.svg']);
    expect(imageList(null)).toEqual([]);
    expect(firstImage(null)).toBe(PLACEHOLDER_IMAGE);
    expect(firstImage('')).toBe(PLACEHOLDER_IMAGE);
    expect(firstImage(['c.svg', 'd.svg'])).toBe('c.svg');
  });

  it("titles a product without one 'Unknown Product'", () => {
    expect(productTitle({ title: null })).toBe(DEFAULT_TITLE);
    expect(productTitle({ title: ' Redmi ' })).toBe('Redmi');
  });

  it('keeps only features with count > 0', () => {
    expect(availableFeatures(product.features).map((f) => f.id)).toEqual([2]);
  });

  it('normalises a whole product', () => {
    const shown = normaliseProduct(product);
    expect(shown.title).toBe(DEFAULT_TITLE);
    expect(shown.images).toEqual(['a.svg', 'b.svg']);
    expect(shown.features).toHaveLength(1);
    expect(normaliseProduct({ ...product, images: [] }).images).toEqual([PLACEHOLDER_IMAGE]);
  });
});

describe('featureText', () => {
  it('names each attribute of a chosen feature', () => {
    const attributes = [
      { key: 'color', name: 'Rang', value: 'Qora' },
      { key: 'memory', name: 'Xotira', value: '128 GB' },
    ];
    expect(featureText({ attributes })).toBe('Rang: Qora, Xotira: 128 GB');
    expect(featureText({ attributes: [] })).toBe('');
  });
});
