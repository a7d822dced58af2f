/** Recent searches (spec §5, §9): at most 5, newest first, no duplicates, blank never saved. */
import { decodeList } from '../../../shared/storage.ts';

const RECENT_SEARCHES_MAX = 5;
/** Longest query kept; longer text is cut (a pasted page is not a search). */
const MAX_QUERY_LENGTH = 200;

export function cleanQuery(query: string): string {
  return query.replace(/\s+/g, ' ').trim().slice(0, MAX_QUERY_LENGTH);
}

/** Whether two queries are the same search (case and spacing ignored). */
const sameQuery = (a: string, b: string) => a.toLocaleLowerCase() === b.toLocaleLowerCase();

export function rememberQuery(list: readonly string[], query: string): string[] {
  const clean = cleanQuery(query);
  if (!clean) return [...list];
  return [clean, ...list.filter((item) => !sameQuery(item, clean))].slice(0, RECENT_SEARCHES_MAX);
}

/** Stored value → clean list: strings only, no blanks or duplicates, at most 5. */
export function decodeRecentSearches(raw: string | null | undefined): string[] {
  const items = decodeList(raw, (value) => (typeof value === 'string' && cleanQuery(value) ? cleanQuery(value) : null));
  return items.reduceRight<string[]>((list, item) => rememberQuery(list, item), []);
}
