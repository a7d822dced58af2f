/**
 * On every page (from the header): the delivery-address label shows the saved
 * address's short form (else the built default), the label button opens the
 * picker, and the picker island loads when `openAddressPicker()` is first
 * called from anywhere. Signed in, the visitor's address is carried into the
 * profile (stores/address.ts).
 */
import { shortAddress } from '../../lib/address.ts';
import { $address, $addressPickerOpen, openAddressPicker, syncAddressWithProfile } from '../../stores/address.ts';

let started = false;

export function enhanceAddress(): void {
  if (started) return;
  started = true;
  const labels = [...document.querySelectorAll<HTMLElement>('[data-address-label]')];
  const defaults = labels.map((label) => label.textContent ?? '');
  $address.subscribe((address) => {
    labels.forEach((label, i) => (label.textContent = address ? shortAddress(address) : defaults[i]!));
  });
  document.addEventListener('click', (event) => {
    if (!(event.target as Element | null)?.closest?.('[data-address-picker]')) return;
    void openAddressPicker();
  });
  $addressPickerOpen.subscribe((open) => {
    if (open) void import('./AddressPicker.tsx').then(({ mountAddressPicker }) => mountAddressPicker());
  });
  void syncAddressWithProfile();
}
