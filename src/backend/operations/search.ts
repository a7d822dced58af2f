/**
 * Search (spec §7): the search box's suggestions and the search page's paged
 * results, for a query the caller has normalised as the index is.
 */
import { getApi } from '../api.ts';
import { hasCapability } from '../capabilities.ts';
import type { Page, ProductSummary, SearchSuggestions } from '../shop.ts';

export const search = {
  /**
   * Suggestions; three empty lists when the call fails (spec §7). Without the stores capability the site has no
   * page for a store the search names, so no store is suggested.
   */
  suggestions: async (query: string): Promise<SearchSuggestions> => {
    let answer: SearchSuggestions;
    try {
      answer = await (await getApi()).call('searchSuggestions', { query: { q: query } });
    } catch {
      return { products: [], categories: [], stores: [] };
    }
    return hasCapability('stores') ? answer : { ...answer, stores: [] };
  },

  /** One page of results; a failure is the caller's to show. */
  products: async (query: string, page: number): Promise<Page<ProductSummary>> =>
    (await getApi()).call('searchProducts', { query: { q: query, page: String(page) } }),
};
