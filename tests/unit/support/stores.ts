/**
 * Every store back to its first value before each test (useShop calls it;
 * tests without the API call it themselves): no test sees what the one
 * before it left, whichever stores the two happen to touch.
 */
import type { WritableAtom } from 'nanostores';
import { $savedAddress } from '../../../src/stores/address.ts';
import { $addressPickerOpen } from '../../../src/stores/address-open.ts';
import { $draft as $addressDraft } from '../../../src/stores/address-picker.ts';
import { $products } from '../../../src/stores/basket-products.ts';
import { $basketOwner, $basketRead, $localBasket, $pendingBasket, $serverBasket } from '../../../src/stores/basket.ts';
import { $placing } from '../../../src/stores/checkout.ts';
import { $favouritesUnavailable, $liked, $pendingAdds, $serverFavourites } from '../../../src/stores/favourites.ts';
import { $lang } from '../../../src/stores/language.ts';
import { $cancelling, $openOrder, $orderListState, $orderLists, $paying } from '../../../src/stores/orders.ts';
import { $profile, $profileLoad } from '../../../src/stores/profile.ts';
import { $recentSearches } from '../../../src/stores/recent-searches.ts';
import { $draft as $reviewDraft, $pending, $rated, $reviewOpen, $send } from '../../../src/stores/reviews.ts';
import { $access, $device, $refresh } from '../../../src/stores/session-tokens.ts';
import { $pendingSignIn } from '../../../src/stores/session.ts';

/** Remembers a store's value now (its first: nothing has run yet) and answers how to put it back. */
function resetter<T>(store: WritableAtom<T>): () => void {
  const first = store.get();
  return () => store.set(first);
}

const resets = [
  // Tokens first: signing out empties the saved address, which is reset after.
  $access,
  $refresh,
  $device,
  $pendingSignIn,
  $savedAddress,
  $addressPickerOpen,
  $addressDraft,
  $localBasket,
  $serverBasket,
  $pendingBasket,
  $basketOwner,
  $basketRead,
  $products,
  $placing,
  $liked,
  $serverFavourites,
  $favouritesUnavailable,
  $pendingAdds,
  $lang,
  $orderLists,
  $orderListState,
  $openOrder,
  $cancelling,
  $paying,
  $profile,
  $profileLoad,
  $recentSearches,
  $pending,
  $rated,
  $reviewDraft,
  $reviewOpen,
  $send,
].map((store) => resetter(store as WritableAtom<unknown>));

export function resetStores(): void {
  for (const reset of resets) reset();
}
