/**
 * The spec's fallbacks for calls made in the browser (spec §7): a failed
 * search gives three empty lists, and a favourite add keeps the id locally on
 * 404 but not on 400.
 * Build-time loading does not use these: a nightly build must fail loudly
 * rather than publish an empty catalogue.
 */
import { ApiError } from '#contract/errors.ts';
import type { Api } from './client.ts';
import type { Favourite } from '#contract/schemas.ts';
import type { SearchSuggestions } from './shop.ts';

export async function searchSuggestions(api: Api, query: string): Promise<SearchSuggestions> {
  try {
    return await api.call('searchSuggestions', { query: { q: query } });
  } catch {
    return { products: [], categories: [], stores: [] };
  }
}

/**
 * Adds a favourite on the server. A 404 (the feature missing on this backend)
 * saves the id locally, then rethrows; a 400 is rethrown with no local save.
 */
export async function addFavourite(
  api: Api,
  product: number,
  saveLocally: (product: number) => void,
): Promise<Favourite> {
  try {
    return await api.call('addFavourite', { body: { product } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) saveLocally(product);
    throw error;
  }
}
