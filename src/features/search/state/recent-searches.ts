/** Recent searches (spec §5, §9) in localStorage under `recentSearches`. */
import { persistentAtom } from '@nanostores/persistent';
import { repairedStore } from '../../../shared/browser-storage.ts';
import { decodeRecentSearches, rememberQuery } from '../rules/recent-searches.ts';

const encodeRecent = (list: string[]) => (list.length ? JSON.stringify(list) : (undefined as unknown as string));
export const $recentSearches = repairedStore(
  persistentAtom<string[]>('recentSearches', [], { encode: encodeRecent, decode: decodeRecentSearches }),
  'recentSearches',
  encodeRecent,
);

/** Save a search: newest first, no duplicates, at most 5; a blank query is never saved. */
export function rememberSearch(query: string): void {
  const next = rememberQuery($recentSearches.get(), query);
  if (next.join('\n') !== $recentSearches.get().join('\n')) $recentSearches.set(next);
}

export function clearRecentSearches(): void {
  $recentSearches.set([]);
}
