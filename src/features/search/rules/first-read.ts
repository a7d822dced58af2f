import { cleanQuery } from './recent-searches.ts';
import { normaliseSearchText } from './search-text.ts';

/** The search page's query, from its address (`location.search`), cleaned as a search is. */
export const addressQuery = (search: string): string => cleanQuery(new URLSearchParams(search).get('q') ?? '');

/**
 * The search page's first read for its address: the query as the results page sends it (cleaned, normalised as the
 * index is), page 1; null without one.
 */
export function firstSearchRead(search: string): { q: string; page: string } | null {
  const q = normaliseSearchText(addressQuery(search));
  return q ? { q, page: '1' } : null;
}
