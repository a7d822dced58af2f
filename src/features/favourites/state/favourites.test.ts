/**
 * The favourites store against the real reference API (spec §4 Favourites,
 * §5, §7, §8): the visitor's local list, the signed-in sync at load, the
 * debounced add, and each fallback.
 */
import { describe, expect, it, vi } from 'vitest';
import {
  $favouriteIds,
  $favouritesUnavailable,
  $liked,
  $pendingAdds,
  FAVOURITE_ADD_DEBOUNCE_MS,
  loadFavourites,
  removeFavourite,
  toggleFavourite,
} from './favourites.ts';
import { advance, idle, settled } from '../../../../tests/unit/support/clock.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';

const shop = useShop();

const FAVOURITES = /^\/favorite\/$/;
const ONE = /^\/favorite\/\d+\/$/;
const onServer = async (token: string) =>
  ((await shop.api.call('/favorite/', { token })).body as { product: number }[]).map((f) => f.product).sort();
/** The debounced add has been answered (or failed) once nothing is pending. */
const addSettled = () => vi.waitFor(() => expect($pendingAdds.get()).toEqual([]), { timeout: 5_000 });

describe('visitor favourites', () => {
  it('toggle adds and removes numeric ids in the local list only', async () => {
    expect(toggleFavourite(4)).toBe(true);
    expect(toggleFavourite(9)).toBe(true);
    expect($liked.get()).toEqual([4, 9]);
    expect(toggleFavourite(4)).toBe(false);
    await vi.waitFor(() => expect($liked.get()).toEqual([9]));
    expect(toggleFavourite(Number.NaN)).toBe(false);
    expect(shop.requests).toEqual([]);
  });
});

describe('signed-in favourites', () => {
  it('load pushes the local ids the server lacks, then clears the local list', async () => {
    const { access } = await shop.signIn();
    await shop.api.call('/favorite/', { method: 'POST', token: access, body: { product: 2 } });
    $liked.set([2, 3, 5]);
    await loadFavourites();
    expect(await onServer(access)).toEqual([2, 3, 5]);
    expect($liked.get()).toEqual([]);
    expect($favouriteIds.get().sort()).toEqual([2, 3, 5]);
    expect(shop.requests.filter((r) => r.startsWith('POST'))).toHaveLength(2);
  });

  it('a failed push keeps the ids locally with the sync toast', async () => {
    const { access } = await shop.signIn();
    $liked.set([3, 5]);
    shop.fail({ method: 'POST', path: FAVOURITES, answer: 500 });
    await loadFavourites();
    expect($liked.get()).toEqual([3, 5]);
    expect(await onServer(access)).toEqual([]);
    expect($favouriteIds.get()).toEqual([3, 5]);
    expect(shop.toasts()).toEqual(['error isl.toast.favSyncFailed']);
  });

  it('a 404 on load means the feature is missing: the local list is used', async () => {
    await shop.signIn();
    $liked.set([7]);
    shop.fail({ method: 'GET', path: FAVOURITES, answer: 404 });
    await loadFavourites();
    expect($favouritesUnavailable.get()).toBe(true);
    expect($favouriteIds.get()).toEqual([7]);
    expect(shop.toasts()).toEqual(['error isl.toast.favUnavailable']);
    // Adds go to the local list while the feature is missing.
    toggleFavourite(8);
    expect($liked.get()).toEqual([7, 8]);
  });

  it(`add is shown at once and sent once, ${FAVOURITE_ADD_DEBOUNCE_MS} ms after the click and not before`, async () => {
    const { access } = await shop.signIn();
    await loadFavourites();
    const posts = () => shop.requests.filter((r) => r === 'POST /favorite/');
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      toggleFavourite(6);
      expect($favouriteIds.get()).toEqual([6]);
      await advance(FAVOURITE_ADD_DEBOUNCE_MS - 1);
      await idle();
      expect(posts()).toEqual([]);
      expect($pendingAdds.get()).toEqual([6]);

      // The clock stands at 300 ms while the request goes out.
      await advance(1);
      await settled(() => expect(posts()).toHaveLength(1));
    } finally {
      vi.useRealTimers();
    }
    await addSettled();
    expect(await onServer(access)).toEqual([6]);
    expect(posts()).toHaveLength(1);
  });

  it('an add undone within the debounce sends nothing', async () => {
    await shop.signIn();
    await loadFavourites();
    toggleFavourite(6);
    toggleFavourite(6);
    // A later add, sent after its own debounce, proves the window of the first has passed.
    toggleFavourite(7);
    await addSettled();
    expect($favouriteIds.get()).toEqual([7]);
    expect(shop.requests.filter((r) => r.startsWith('POST'))).toEqual(['POST /favorite/']);
  });

  it.each([
    [400, []],
    [404, [6]],
    [500, [6]],
  ])('a failed add (%i) toasts; the id is kept locally unless the server refused it', async (status, kept) => {
    await shop.signIn();
    await loadFavourites();
    shop.fail({ method: 'POST', path: FAVOURITES, answer: status });
    toggleFavourite(6);
    await addSettled();
    expect($liked.get()).toEqual(kept);
    expect(shop.toasts()).toEqual(['error isl.toast.favAddFailed']);
  });

  it('remove deletes the record found by product; a failure still removes it here', async () => {
    const { access } = await shop.signIn();
    for (const product of [2, 3])
      await shop.api.call('/favorite/', { method: 'POST', token: access, body: { product } });
    await loadFavourites();
    await removeFavourite(2);
    expect(await onServer(access)).toEqual([3]);
    shop.fail({ method: 'DELETE', path: ONE, answer: 500 });
    await removeFavourite(3);
    expect($favouriteIds.get()).toEqual([]);
    expect(shop.toasts()).toEqual(['error isl.toast.favRemoveFailed']);
  });

  it('removing a product with no record says it was not found', async () => {
    await shop.signIn();
    await loadFavourites();
    await removeFavourite(12);
    expect(shop.toasts()).toEqual(['error isl.toast.favNotFound']);
  });
});
