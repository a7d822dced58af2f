/**
 * The delivery address (spec §2 header and address picker, §3, §4): the saved
 * address, the picker's open state and the actions around them.
 *
 * - Visitors keep the address in localStorage under `address`.
 * - Signed in, the profile's `address` is the truth (PATCH /users/profile/);
 *   the stored copy mirrors it for the header label. At the first page load
 *   signed in, a visitor's stored address is carried into a profile that has
 *   none; a profile address replaces the visitor's. Signing out clears it.
 * - `openAddressPicker()` opens the picker from anywhere (header, checkout,
 *   profile) and resolves with the saved address, or null when closed. The
 *   picker island (islands/address) listens to `$addressPickerOpen`.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { Address } from '#contract/schemas.ts';
import { decodeSavedAddress, toAddress, type SavedAddress } from '../lib/address.ts';
import { getApi, statusOf } from './api.ts';
import { $signedIn } from './session-tokens.ts';

const encodeSaved = (saved: SavedAddress | null) => (saved ? JSON.stringify(saved) : (undefined as unknown as string));
export const $savedAddress = persistentAtom<SavedAddress | null>('address', null, {
  encode: encodeSaved,
  decode: (raw) => decodeSavedAddress(raw),
});
export const $address = computed($savedAddress, (saved) => saved?.address ?? null);

// The address is private: nothing stays in the browser after signing out.
$signedIn.listen((signedIn) => {
  if (!signedIn) $savedAddress.set(null);
});

export const $addressPickerOpen = atom(false);
let waiting: Array<(address: Address | null) => void> = [];

/** Open the picker; resolves with the address saved in it, or null when it is closed without saving. */
export function openAddressPicker(): Promise<Address | null> {
  $addressPickerOpen.set(true);
  return new Promise((resolve) => waiting.push(resolve));
}

export function closeAddressPicker(saved: Address | null = null): void {
  $addressPickerOpen.set(false);
  const resolvers = waiting;
  waiting = [];
  for (const resolve of resolvers) resolve(saved);
}

export type SaveResult = { ok: true } | { ok: false; reason: 'refused' | 'failed' };

/** Save the chosen address (signed in: to the profile first) and close the picker with it. */
export async function saveAddress(address: Address): Promise<SaveResult> {
  let saved = address;
  if ($signedIn.get()) {
    try {
      const user = await (await getApi()).call('updateProfile', { body: { address } });
      saved = toAddress(user.address) ?? address;
    } catch (error) {
      return { ok: false, reason: statusOf(error) === 400 ? 'refused' : 'failed' };
    }
  }
  $savedAddress.set({ address: saved, profile: $signedIn.get() });
  closeAddressPicker(saved);
  return { ok: true };
}

const CHECKED_KEY = 'bozor.addressChecked';

/**
 * Signed in: carry a visitor's address into an empty profile, or mirror the
 * profile's address. Once per browser session when there is nothing to carry.
 */
export async function syncAddressWithProfile(): Promise<void> {
  const saved = $savedAddress.get();
  if (!$signedIn.get() || saved?.profile) return;
  try {
    if (!saved && sessionStorage.getItem(CHECKED_KEY)) return;
    sessionStorage.setItem(CHECKED_KEY, '1');
  } catch {
    // Without session storage the profile is read on every page.
  }
  try {
    const api = await getApi();
    const fromProfile = toAddress((await api.call('profile')).address);
    if (fromProfile) $savedAddress.set({ address: fromProfile, profile: true });
    else if (saved) {
      await api.call('updateProfile', { body: { address: saved.address } });
      $savedAddress.set({ ...saved, profile: true });
    }
  } catch (error) {
    // An address the API refuses cannot be delivered to: drop it. Other failures try again on the next page.
    if (statusOf(error) === 400) $savedAddress.set(null);
  }
}
