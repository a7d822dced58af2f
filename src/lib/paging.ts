/** Static pagination of product listings (category and store pages). */
export const PAGE_SIZE = 24;

export function pageCount(total: number, size = PAGE_SIZE): number {
  return Math.max(1, Math.ceil(total / size));
}

export function pageItems<T>(items: readonly T[], page: number, size = PAGE_SIZE): T[] {
  return items.slice((page - 1) * size, page * size);
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
