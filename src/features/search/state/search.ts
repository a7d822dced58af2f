/**
 * Search calls (spec §7): the suggestions box's GET /products/search/ (a
 * failure gives three empty lists) and the search page's paged
 * /products/search-product/. Both send the query normalised as the index is
 * (src/features/search/rules/search-text.ts), so the API fallback finds what the index would.
 */
import type { Page, ProductSummary, SearchSuggestions } from '../../../backend/shop.ts';
import { normaliseSearchText } from '../rules/search-text.ts';
import { search } from '../../../backend/index.ts';

/** Suggestions for the search box; three empty lists when the call fails (the operation's fallback). */
export const suggest = (query: string): Promise<SearchSuggestions> => search.suggestions(normaliseSearchText(query));

/** One page of the search page's results; a failure is the caller's to show. */
export const searchProducts = (query: string, page: number): Promise<Page<ProductSummary>> =>
  search.products(normaliseSearchText(query), page);

const firstPages = new Map<string, Promise<Page<ProductSummary>>>();

/**
 * The first page of a query's results, asked for once per page load (the page's head asked already: features/search/
 * ui/head.ts): the first screen draws it before React loads, and the island takes the same answer when it wakes. A
 * failure is forgotten, so asking again asks the API again.
 */
export function firstResults(query: string): Promise<Page<ProductSummary>> {
  let page = firstPages.get(query);
  if (!page) {
    page = search.firstProducts(normaliseSearchText(query));
    firstPages.set(query, page);
    page.catch(() => firstPages.delete(query));
  }
  return page;
}
