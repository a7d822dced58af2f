/**
 * The signed-in shopper's favourites on the server (spec §4, §7). A backend
 * without them answers 404: the add hands the product to the shop's local
 * list before it fails; a product the backend refuses (400) is kept nowhere.
 * Used as `favourites.add(id)`.
 */
import { call, statusOf } from '../api.ts';
import type { Favourite } from '../shopper.ts';

export const list = (): Promise<Favourite[]> => call('favourites');

export async function add(product: number, keepLocally: (product: number) => void = () => {}): Promise<Favourite> {
  try {
    return await call('addFavourite', { body: { product } });
  } catch (error) {
    if (statusOf(error) === 404) keepLocally(product);
    throw error;
  }
}

/** Removes a favourite by its record's id (Favourite.id, not the product's). */
export async function remove(id: number): Promise<void> {
  await call('removeFavourite', { params: { id } });
}
