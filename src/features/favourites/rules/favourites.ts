/**
 * Favourites rules (spec §4, §5): only numeric product ids, no duplicates;
 * non-numeric local content is cleared. The server's records are read by
 * the backend adapter (src/backend/shopper.ts).
 */
import { isPositiveInt, parseJson } from '../../../shared/storage.ts';
import type { Favourite } from '../../../backend/index.ts';

/**
 * Stored `liked` → ids. A list of numbers is kept (duplicates dropped); any
 * other content (not JSON, not a list, a non-numeric entry) is cleared.
 */
export function decodeLiked(raw: string | null | undefined): number[] {
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed) || !parsed.every(isPositiveInt)) return [];
  return unique(parsed);
}

function unique(ids: readonly number[]): number[] {
  return [...new Set(ids)];
}

export function addLiked(ids: readonly number[], id: number): number[] {
  return isPositiveInt(id) && !ids.includes(id) ? [...ids, id] : [...ids];
}

export function removeLiked(ids: readonly number[], id: number): number[] {
  return ids.filter((item) => item !== id);
}

/**
 * The favourites sync of a signed-in load (spec §4), first step: the local ids
 * the server does not have yet, to push.
 */
export function localOnly(local: readonly number[], server: readonly Favourite[]): number[] {
  const known = new Set(server.map((record) => record.product));
  return unique(local.filter((id) => !known.has(id)));
}

/** Every favourite product id shown: server records first, then local ones. */
export function mergedIds(local: readonly number[], server: readonly Favourite[] | null): number[] {
  return unique([...(server ?? []).map((record) => record.product), ...local]);
}

/**
 * The sync's second step: what stays in the local list after pushing `pushed`
 * (from the local list as it was, `before`). Ids whose push failed stay (the
 * spec's 'Using local storage'), and so do ids added meanwhile; the rest is
 * on the server now and leaves the local list.
 */
export function localAfterPush(
  current: readonly number[],
  before: readonly number[],
  failed: readonly number[],
): number[] {
  return current.filter((id) => failed.includes(id) || !before.includes(id));
}
