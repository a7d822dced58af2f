/**
 * Opening the delivery-address picker from anywhere (header, checkout,
 * profile). Tiny, because every page loads it: the picker island listens to
 * `$addressPickerOpen` and loads itself on the first opening. Import these
 * from stores/address.ts, which re-exports them.
 */
import { atom } from 'nanostores';
import type { Address } from '#contract/schemas.ts';
import { browserStorage } from '../../../shared/browser-storage.ts';

/** localStorage key of the saved address (stores/address.ts). */
export const ADDRESS_KEY = 'address';

export const $addressPickerOpen = atom(false);

/** Whether a visitor's address is stored, read without loading the address store (kept off first load). */
export function hasStoredAddress(): boolean {
  try {
    return Boolean(browserStorage()?.getItem(ADDRESS_KEY));
  } catch {
    return false;
  }
}
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
