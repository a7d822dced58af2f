/**
 * The header's delivery-address label (`[data-address-label]`): the saved
 * address's short form, else the text built into the page. Signed in, the
 * visitor's address is first carried into the profile (or the profile's
 * shown). Loaded by enhance.ts when there is an address to show or the picker
 * opens; the picker itself loads from here.
 */
import { shortAddress } from '../rules/address.ts';
import { $address } from '../state/address.ts';
import { syncAddressWithProfile } from '../state/address-profile.ts';
import { $signedIn } from '../../../backend/tokens.ts';

let shown = false;

export function showSavedAddress(): void {
  if (shown) return;
  shown = true;
  const labels = [...document.querySelectorAll<HTMLElement>('[data-address-label]')];
  const defaults = labels.map((label) => label.textContent ?? '');
  $address.subscribe((address) => {
    labels.forEach((label, i) => (label.textContent = address ? shortAddress(address) : defaults[i]!));
  });
  if ($signedIn.get()) void syncAddressWithProfile();
}

export async function mountPicker(): Promise<void> {
  showSavedAddress();
  const { mountAddressPicker } = await import('./AddressPicker.tsx');
  await mountAddressPicker();
}
