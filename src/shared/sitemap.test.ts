import { describe, expect, it } from 'vitest';
import type { Catalogue } from './catalogue-view.ts';
import { chunk, sitemapIndexXml, sitemapPaths, sitemapXml } from './sitemap.ts';

const product = (id: number, category: number, reviews = 0) =>
  ({
    id,
    reviews_count: reviews,
    latest_reviews: [],
    category: { id: category, name: 'c' },
    store: null,
  }) as unknown as Catalogue['products'][number];

const catalogue = {
  lang: 'uz',
  categories: [{ id: 1, name: 'A', image: null }],
  stores: [],
  products: [...Array.from({ length: 30 }, (_, i) => product(i + 1, 1)), product(31, 2, 4)],
} as unknown as Catalogue;

describe('sitemaps', () => {
  it('lists indexable pages only, with listing pages and comments', () => {
    const paths = sitemapPaths(catalogue);
    expect(paths).toContain('/category/1');
    expect(paths).toContain('/category/1/page/2');
    expect(paths).toContain('/product/31');
    expect(paths).toContain('/comments/31');
    expect(paths).not.toContain('/comments/1'); // no reviews, no comments page
    expect(paths.some((p) => /basket|profile|search|orders|error|forbidden/.test(p))).toBe(false);
  });

  it('writes hreflang alternates and escapes URLs', () => {
    const xml = sitemapXml('https://bozor.uz', 'ru', ['/product/1']);
    expect(xml).toContain('<loc>https://bozor.uz/ru/product/1</loc>');
    expect(xml).toContain('hreflang="uz" href="https://bozor.uz/uz/product/1"');
    expect(xml).toContain('hreflang="x-default" href="https://bozor.uz/uz/product/1"');
    expect(sitemapIndexXml(['https://x/a?b&c'])).toContain('https://x/a?b&amp;c');
  });

  it('splits long lists into chunks', () => {
    expect(chunk([1, 2, 3], 2)).toEqual([[1, 2], [3]]);
    expect(chunk([], 2)).toEqual([[]]);
  });
});
