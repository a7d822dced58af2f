/**
 * Favourites (spec §4 Favourites, §5, §7, §8). Visitors: numeric product ids
 * in localStorage under `liked`. Signed in: server records; local ids are
 * pushed at load time and then cleared; every failure falls back to the
 * local list as the spec says.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import { addLiked, decodeLiked, localAfterPush, localOnly, mergedIds, removeLiked } from '../rules/favourites.ts';
import { isPositiveInt } from '../../../shared/storage.ts';
import { repairedStore } from '../../../shared/browser-storage.ts';
import { favourites, statusOf, type Favourite } from '../../../backend/index.ts';
import { notify } from '../../../shared/notify.ts';
import { $signedIn } from '../../../backend/tokens.ts';

export const FAVOURITE_ADD_DEBOUNCE_MS = 300;

const encodeLiked = (ids: number[]) => (ids.length ? JSON.stringify(ids) : (undefined as unknown as string));
// Non-numeric content is cleared from storage (spec §4).
export const $liked = repairedStore(
  persistentAtom<number[]>('liked', [], { encode: encodeLiked, decode: decodeLiked }),
  'liked',
  encodeLiked,
);

/** Signed in: the server's records, null until loaded. */
export const $serverFavourites = atom<Favourite[] | null>(null);
/** The server has no favourites feature (404 on load): local storage is used. */
export const $favouritesUnavailable = atom(false);
/** Adds waiting for their debounce or their answer: shown as favourites already. */
export const $pendingAdds = atom<number[]>([]);

export const $favouriteIds = computed(
  [$signedIn, $liked, $serverFavourites, $pendingAdds],
  (signedIn, liked, server, pending) => (signedIn ? [...new Set([...mergedIds(liked, server), ...pending])] : liked),
);

/** Whether the ids shown are known (signed in: after the server answered). */
export const $favouritesReady = computed(
  [$signedIn, $serverFavourites, $favouritesUnavailable],
  (signedIn, server, unavailable) => !signedIn || unavailable || server !== null,
);

const useServer = () => $signedIn.get() && !$favouritesUnavailable.get();
const saveLocally = (id: number) => $liked.set(addLiked($liked.get(), id));

let loading: Promise<void> | null = null;

/**
 * Signed in: fetch the server's favourites; push numeric local ids it lacks,
 * then clear the local list and reload. A 404 means the feature is missing
 * (local storage is used); other failures give an empty server list.
 */
export function loadFavourites(force = false): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  if (loading && !force) return loading;
  const run = (async () => {
    let server: Favourite[];
    try {
      server = await favourites.list();
    } catch (error) {
      if (statusOf(error) === 404) {
        $favouritesUnavailable.set(true);
        notify('error', 'isl.toast.favUnavailable');
      }
      $serverFavourites.set([]);
      return;
    }
    $favouritesUnavailable.set(false);
    $serverFavourites.set(server);
    const before = $liked.get();
    const push = localOnly(before, server);
    if (!push.length) {
      $liked.set(localAfterPush($liked.get(), before, []));
      return;
    }
    const results = await Promise.allSettled(push.map((product) => favourites.add(product)));
    const failed = push.filter((_, i) => results[i]!.status === 'rejected');
    if (failed.length) notify('error', 'isl.toast.favSyncFailed');
    $liked.set(localAfterPush($liked.get(), before, failed));
    try {
      $serverFavourites.set(await favourites.list());
    } catch {
      const added = results.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
      $serverFavourites.set([...server, ...added]);
    }
  })();
  loading = run;
  void run.finally(() => {
    if (loading === run) loading = null;
  });
  return run;
}

const timers = new Map<number, ReturnType<typeof setTimeout>>();

/** Add or remove one product (the heart buttons). Answers whether it is a favourite afterwards. */
export function toggleFavourite(productId: number): boolean {
  if (!isPositiveInt(productId)) return false;
  if ($favouriteIds.get().includes(productId)) {
    void removeFavourite(productId);
    return false;
  }
  addFavourite(productId);
  return true;
}

/** Add: locally for visitors; signed in, POST after a 300 ms debounce (shown at once). */
function addFavourite(productId: number): void {
  if (!isPositiveInt(productId)) return;
  if (!useServer()) return saveLocally(productId);
  $pendingAdds.set([...new Set([...$pendingAdds.get(), productId])]);
  clearTimeout(timers.get(productId));
  timers.set(
    productId,
    setTimeout(() => {
      timers.delete(productId);
      void sendAdd(productId);
    }, FAVOURITE_ADD_DEBOUNCE_MS),
  );
}

async function sendAdd(productId: number) {
  try {
    const record = await favourites.add(productId, saveLocally);
    const server = $serverFavourites.get() ?? [];
    if (!server.some((r) => r.product === record.product)) $serverFavourites.set([...server, record]);
  } catch (error) {
    // 400: the server refused the product, nothing is kept. 404 is kept by
    // favourites.add; any other failure keeps the id locally too ('id kept locally').
    const status = statusOf(error);
    if (status !== 400 && status !== 404) saveLocally(productId);
    notify('error', 'isl.toast.favAddFailed');
  } finally {
    $pendingAdds.set($pendingAdds.get().filter((id) => id !== productId));
  }
}

/** Remove: locally for visitors; signed in, DELETE the record found by product. */
export async function removeFavourite(productId: number): Promise<void> {
  if (timers.has(productId)) {
    // An add still in its debounce window: nothing was sent, nothing to undo.
    clearTimeout(timers.get(productId));
    timers.delete(productId);
    $pendingAdds.set($pendingAdds.get().filter((id) => id !== productId));
    if (!$liked.get().includes(productId) && !($serverFavourites.get() ?? []).some((r) => r.product === productId))
      return;
  }
  const wasLocal = $liked.get().includes(productId);
  $liked.set(removeLiked($liked.get(), productId));
  if (!useServer()) return;
  const server = $serverFavourites.get() ?? [];
  const record = server.find((r) => r.product === productId);
  if (!record) {
    if (!wasLocal) notify('error', 'isl.toast.favNotFound');
    return;
  }
  $serverFavourites.set(server.filter((r) => r !== record));
  try {
    await favourites.remove(record.id);
  } catch (error) {
    notify('error', statusOf(error) === 404 ? 'isl.toast.favNotFound' : 'isl.toast.favRemoveFailed');
  }
}
