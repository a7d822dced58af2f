import { cleanQuery } from './recent-searches.ts';
import { normaliseSearchText } from './search-text.ts';

/**
 * The search page's first read for its address (`location.search`): the query as the results page sends it
 * (cleaned, normalised as the index is), page 1; null without one.
 */
export function firstSearchRead(search: string): { q: string; page: string } | null {
  const q = normaliseSearchText(cleanQuery(new URLSearchParams(search).get('q') ?? ''));
  return q ? { q, page: '1' } : null;
}
