/**
 * Favourites rules (spec §4, §5): only numeric product ids, no duplicates;
 * non-numeric local content is cleared; server favourites accepted only as
 * an array, skipping records whose product is not a number.
 */
import { isPositiveInt, parseJson } from '../../../shared/storage.ts';

export interface FavouriteRecord {
  id: number;
  product: number;
}

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

/** Server answer → records; anything but an array is an empty list; bad records are skipped. */
export function acceptServerFavourites(answer: unknown): FavouriteRecord[] {
  if (!Array.isArray(answer)) return [];
  return answer.filter(
    (record): record is FavouriteRecord =>
      typeof record === 'object' &&
      record !== null &&
      isPositiveInt((record as FavouriteRecord).product) &&
      isPositiveInt((record as FavouriteRecord).id),
  );
}

/**
 * The favourites sync of a signed-in load (spec §4), first step: the local ids
 * the server does not have yet, to push.
 */
export function localOnly(local: readonly number[], server: readonly FavouriteRecord[]): number[] {
  const known = new Set(server.map((record) => record.product));
  return unique(local.filter((id) => !known.has(id)));
}

/** Every favourite product id shown: server records first, then local ones. */
export function mergedIds(local: readonly number[], server: readonly FavouriteRecord[] | null): number[] {
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
