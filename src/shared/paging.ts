/** Pagination: static listing pages (category and store) and the API's paged lists. */
const PAGE_SIZE = 24;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function pageItems<T>(items: readonly T[], page: number, size = PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
}

/**
 * The static pages of one listing: page 1 at the base path (rest param
 * undefined), the others at /page/{n}, each with its slice of the items.
 */
export function listingPages<T>(items: readonly T[]): { rest: string | undefined; page: number; items: T[] }[] {
  return Array.from({ length: pageCount(items.length) }, (_, i) => ({
    rest: i === 0 ? undefined : listingPagePath('', i + 1).slice(1),
    page: i + 1,
    items: pageItems(items, i + 1),
  }));
}

/** Path of a listing page (without language): page 1 is the base path, others /page/{n}. */
export function listingPagePath(base: string, page: number): string {
  return page <= 1 ? base : `${base}/page/${page}`;
}

export interface PageLinks {
  prev: string | null;
  next: string | null;
  pages: { page: number; path: string; current: boolean }[];
}

export function pageLinks(base: string, page: number, total: number): PageLinks {
  const count = pageCount(total);
  return {
    prev: page > 1 ? listingPagePath(base, page - 1) : null,
    next: page < count ? listingPagePath(base, page + 1) : null,
    pages: Array.from({ length: count }, (_, i) => ({
      page: i + 1,
      path: listingPagePath(base, i + 1),
      current: i + 1 === page,
    })),
  };
}

/** The page number a DRF `next` link points to (spec §3), or null on the last page. */
export function pageFromNext(next: string | null | undefined): number | null {
  if (!next) return null;
  const page = Number(new URL(next, 'http://x').searchParams.get('page'));
  return Number.isInteger(page) && page > 0 ? page : null;
}
