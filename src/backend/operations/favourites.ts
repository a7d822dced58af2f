/**
 * The signed-in shopper's favourites on the server (spec §4, §7). A backend
 * without them answers 404: the add hands the product to the shop's local
 * list before it fails; a product the backend refuses (400) is kept nowhere.
 */
import { getApi, statusOf } from '../api.ts';
import type { Favourite } from '../shopper.ts';

export const favourites = {
  list: async (): Promise<Favourite[]> => (await getApi()).call('favourites'),

  add: async (product: number, keepLocally: (product: number) => void = () => {}): Promise<Favourite> => {
    try {
      return await (await getApi()).call('addFavourite', { body: { product } });
    } catch (error) {
      if (statusOf(error) === 404) keepLocally(product);
      throw error;
    }
  },

  /** Removes a favourite by its record's id (Favourite.id, not the product's). */
  remove: async (id: number): Promise<void> => {
    await (await getApi()).call('removeFavourite', { params: { id } });
  },
};
