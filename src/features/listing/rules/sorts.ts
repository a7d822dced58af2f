/** A listing's sorts: the shopper's choices and the Pagefind sorts they stand for. */

export const SORTS = ['popular', 'price-asc', 'price-desc', 'monthly', 'newest', 'rating', 'discount'] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = 'popular';

/** The sorts a listing offers: by rating only when the backend rates products (a rating, even null, is sent). */
export function offeredSorts(products: readonly { rating?: number | null }[]): SortKey[] {
  const rated = products.some((product) => product.rating !== undefined);
  return SORTS.filter((sort) => sort !== 'rating' || rated);
}

/** Pagefind sort keys a product page carries (`data-pagefind-sort`), all numbers. */
export const SORT_FIELDS = ['popular', 'price', 'new', 'rating', 'discount', 'top', 'monthly'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The Pagefind sort of a choice. "Popular" is the API's order: the catalogue's
 * on category and store pages, the top list's own order on the top page.
 */
export function pagefindSort(sort: SortKey, top = false): Partial<Record<SortField, 'asc' | 'desc'>> {
  switch (sort) {
    case 'popular':
      return top ? { top: 'asc' } : { popular: 'asc' };
    case 'price-asc':
      return { price: 'asc' };
    case 'price-desc':
      return { price: 'desc' };
    case 'monthly':
      return { monthly: 'asc' };
    case 'newest':
      return { new: 'desc' };
    case 'rating':
      return { rating: 'desc' };
    case 'discount':
      return { discount: 'desc' };
  }
}
