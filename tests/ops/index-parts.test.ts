/** Which part of the search index a page is in, which parts a shard indexes, and which a night indexes again. */
import { describe, expect, it } from 'vitest';
import { shardOf } from '../../integrations/page-selection.ts';
import {
  changedParts,
  INDEXED_PAGE,
  partOf,
  partsCount,
  productParts,
  shardParts,
} from '../../scripts/rebuild/index-parts.ts';

const PARTS = 8;

const products = Array.from({ length: 400 }, (_, i) => [`uz/product/${i + 1}.html`, `ru/product/${i + 1}.html`]).flat();

describe('search index parts', () => {
  it('puts every product page in one part, and the category and store pages in the shared one', () => {
    const sizes = new Array<number>(PARTS).fill(0);
    for (const file of products) sizes[partOf(file, PARTS)! - 1]!++;
    // Roughly even: no part holds more than 1.3 times its share.
    expect(Math.max(...sizes)).toBeLessThan((products.length / PARTS) * 1.3);
    // Both languages of a product in the same part: a changed product makes one part to index again.
    expect(partOf('ru/product/7.html', PARTS)).toBe(partOf('uz/product/7.html', PARTS));
    expect(partOf('uz/category/3.html', PARTS)).toBeNull();
    expect(partOf('ru/store/texnomart-qarshi.html', PARTS)).toBeNull();
  });

  it('reads their number from BUILD_INDEX_PARTS: a power of two up to 64, one by default', () => {
    expect(partsCount({})).toBe(1);
    expect(partsCount({ BUILD_INDEX_PARTS: '8' })).toBe(8);
    for (const wrong of ['3', '0', '128', 'many'])
      expect(() => partsCount({ BUILD_INDEX_PARTS: wrong })).toThrow(/BUILD_INDEX_PARTS/);
  });

  it('gives a shard whole parts when its count divides theirs, and none otherwise', () => {
    for (const count of [1, 2, 4, 8]) {
      const owned = Array.from({ length: count }, (_, i) => shardParts(i + 1, count, PARTS));
      expect(owned.flat().sort((a, b) => a - b)).toEqual(productParts(PARTS));
      for (const file of products)
        expect(owned[shardOf(`/${file.replace(/\.html$/, '')}`, count) - 1]).toContain(partOf(file, PARTS));
    }
    expect(shardParts(1, 3, PARTS)).toEqual([]);
  });

  it('indexes a listing’s first page, whose body is searched, and not the pages after it', () => {
    for (const file of ['uz/product/5.html', 'ru/category/3.html', 'uz/store/texnomart-qarshi.html'])
      expect(INDEXED_PAGE.test(file), file).toBe(true);
    for (const file of ['uz/category/3/page/2.html', 'ru/store/texnomart-qarshi/page/4.html', 'uz/comments/5.html'])
      expect(INDEXED_PAGE.test(file), file).toBe(false);
  });

  it('indexes again only the parts whose indexed pages were added, changed or removed', () => {
    const before = {
      'uz/product/1.html': 'a',
      'ru/product/1.html': 'b',
      'uz/product/2.html': 'c',
      'uz/category/1.html': 'd',
      'uz/category/1/page/2.html': 'f',
    };
    expect(changedParts(before, { ...before, 'uz/category/1.html': 'e' }, PARTS)).toEqual(['shared']);
    expect(changedParts(before, { ...before, 'uz/category/1/page/2.html': 'g' }, PARTS)).toEqual([]);
    expect(changedParts(before, { ...before, 'uz/category/1.html': 'e', 'uz/product/2.html': 'x' }, PARTS)).toEqual([
      partOf('uz/product/2.html', PARTS),
      'shared',
    ]);
    expect(changedParts(before, { ...before, 'ru/product/1.html': 'x' }, PARTS)).toEqual([
      partOf('ru/product/1.html', PARTS),
    ]);
    const { ['uz/product/2.html']: _gone, ...without } = before;
    expect(changedParts(before, without, PARTS)).toEqual([partOf('uz/product/2.html', PARTS)]);
    expect(changedParts(without, before, PARTS)).toEqual([partOf('uz/product/2.html', PARTS)]);
  });
});
