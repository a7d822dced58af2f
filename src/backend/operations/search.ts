/**
 * Search (spec §7): the search box's suggestions and the search page's paged
 * results, for a query the caller has normalised as the index is. Used as
 * `search.suggestions(q)`.
 */
import { call } from '../api.ts';
import { hasCapability } from '../capabilities.ts';
import { takeEarlyRead } from '../early-read.ts';
import type { Page, ProductSummary, SearchSuggestions } from '../shop.ts';

/**
 * Suggestions; three empty lists when the call fails (spec §7). Without the stores capability the site has no page
 * for a store the search names, so no store is suggested.
 */
export async function suggestions(query: string): Promise<SearchSuggestions> {
  let answer: SearchSuggestions;
  try {
    answer = await call('searchSuggestions', { query: { q: query } });
  } catch {
    return { products: [], categories: [], stores: [] };
  }
  return hasCapability('stores') ? answer : { ...answer, stores: [] };
}

/** One page of results; a failure is the caller's to show. */
export const products = (query: string, page: number): Promise<Page<ProductSummary>> =>
  call('searchProducts', { query: { q: query, page: String(page) } });

/** The first page of results: the one the page's head read already (early-start.ts), or else asked for. */
export function firstProducts(query: string): Promise<Page<ProductSummary>> {
  const early = takeEarlyRead('searchProducts', { q: query, page: '1' });
  return early ? early.catch(() => products(query, 1)) : products(query, 1);
}
