/**
 * Every store back to its first value before each test (useShop calls it;
 * tests without the API call it themselves): no test sees what the one
 * before it left, whichever stores the two happen to touch.
 */
import type { WritableAtom } from 'nanostores';
import { $savedAddress } from '../../../src/features/address/state/address.ts';
import { $addressPickerOpen } from '../../../src/features/address/state/address-open.ts';
import { $draft as $addressDraft } from '../../../src/features/address/state/address-picker.ts';
import { $products } from '../../../src/shared/products.ts';
import {
  $basketOwner,
  $basketRead,
  $localBasket,
  $pendingBasket,
  $serverBasket,
} from '../../../src/features/basket/state/basket.ts';
import { $placing } from '../../../src/features/checkout/state/checkout.ts';
import {
  $favouritesUnavailable,
  $liked,
  $pendingAdds,
  $serverFavourites,
} from '../../../src/features/favourites/state/favourites.ts';
import { $lang } from '../../../src/i18n/language.ts';
import {
  $cancelling,
  $openOrder,
  $orderListState,
  $orderLists,
  $paying,
} from '../../../src/features/orders/state/orders.ts';
import { $profile, $profileLoad } from '../../../src/features/profile/state/profile.ts';
import { $recentSearches } from '../../../src/features/search/state/recent-searches.ts';
import {
  $draft as $reviewDraft,
  $pending,
  $rated,
  $reviewOpen,
  $send,
} from '../../../src/features/reviews/state/reviews.ts';
import { $access, $device, $refresh } from '../../../src/backend/tokens.ts';
import { $pendingSignIn } from '../../../src/features/sign-in/state/session.ts';

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
