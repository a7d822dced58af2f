import { describe, expect, it } from 'vitest';
import { listingPagePath, listingPages, pageCount, pageFromNext, pageItems, pageLinks } from './paging.ts';

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

  it('lists the static pages of a listing with their slices', () => {
    const pages = listingPages(Array.from({ length: 30 }, (_, i) => i));
    expect(pages.map(({ rest, page }) => [rest, page])).toEqual([
      [undefined, 1],
      ['page/2', 2],
    ]);
    expect(pages[1]?.items).toHaveLength(6);
    expect(listingPages([])).toHaveLength(1);
  });

  it("reads the page number from the API's next link", () => {
    expect(pageFromNext('http://api/api/v1/products/all-products/?page=3')).toBe(3);
    expect(pageFromNext('/x/?q=a&page=2')).toBe(2);
    expect(pageFromNext(null)).toBeNull();
    expect(pageFromNext('/x/?page=abc')).toBeNull();
  });
});
