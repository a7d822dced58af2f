import { describe, expect, it } from 'vitest';
import { listingPagePath, pageCount, pageItems, pageLinks } from './paging.ts';

describe('listing pagination', () => {
  it('counts pages, at least one', () => {
    expect(pageCount(0)).toBe(1);
    expect(pageCount(24)).toBe(1);
    expect(pageCount(25)).toBe(2);
  });

  it('slices a page', () => {
    const items = Array.from({ length: 30 }, (_, i) => i);
    expect(pageItems(items, 2)).toEqual([24, 25, 26, 27, 28, 29]);
  });

  it('builds page paths and prev/next links', () => {
    expect(listingPagePath('/category/3', 1)).toBe('/category/3');
    expect(listingPagePath('/category/3', 2)).toBe('/category/3/page/2');
    const links = pageLinks('/category/3', 2, 60);
    expect(links.prev).toBe('/category/3');
    expect(links.next).toBe('/category/3/page/3');
    expect(links.pages.map((p) => p.current)).toEqual([false, true, false]);
    expect(pageLinks('/category/3', 1, 10)).toMatchObject({ prev: null, next: null });
  });
});
