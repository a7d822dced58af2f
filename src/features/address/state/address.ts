/**
 * The delivery address (spec §2 header and address picker, §3, §4): the saved
 * address, the picker's open state and the actions around them.
 *
 * - Visitors keep the address in localStorage under `address`.
 * - Signed in, the profile's `address` is the truth (PATCH /users/profile/);
 *   the stored copy mirrors it for the header label. At the first page load
 *   signed in, a visitor's stored address is carried into a profile that has
 *   none; a profile address replaces the visitor's (address-profile.ts,
 *   loaded when needed). Signing out clears it.
 * - `openAddressPicker()` opens the picker from anywhere (header, checkout,
 *   profile) and resolves with the saved address, or null when closed
 *   (address-open.ts, re-exported here).
 */
import { persistentAtom } from '@nanostores/persistent';
import { computed } from 'nanostores';
import { decodeSavedAddress, type SavedAddress } from '../rules/address.ts';
import { ADDRESS_KEY } from './address-open.ts';
import { $signedIn } from '../../../backend/tokens.ts';

export { $addressPickerOpen, closeAddressPicker, openAddressPicker } from './address-open.ts';

const encodeSaved = (saved: SavedAddress | null) => (saved ? JSON.stringify(saved) : (undefined as unknown as string));
export const $savedAddress = persistentAtom<SavedAddress | null>(ADDRESS_KEY, null, {
  encode: encodeSaved,
  decode: (raw) => decodeSavedAddress(raw),
});
export const $address = computed($savedAddress, (saved) => saved?.address ?? null);

// The address is private: nothing stays in the browser after signing out.
$signedIn.listen((signedIn) => {
  if (!signedIn) $savedAddress.set(null);
});
