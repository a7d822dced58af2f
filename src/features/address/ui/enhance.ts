/**
 * On every page (from the header), kept tiny: the address label button opens
 * the picker, and the picker island loads when `openAddressPicker()` is first
 * called from anywhere. The label's saved address (and, signed in, the
 * profile's) is shown by label.ts, loaded only when there is one to show.
 */
import { $addressPickerOpen, hasStoredAddress, openAddressPicker } from '../state/address-open.ts';
import { $signedIn } from '../../../backend/tokens.ts';

const label = () => import('./label.ts');
let started = false;

export function enhanceAddress(): void {
  if (started) return;
  started = true;
  document.addEventListener('click', (event) => {
    if ((event.target as Element | null)?.closest?.('[data-address-picker]')) void openAddressPicker();
  });
  $addressPickerOpen.subscribe((open) => {
    if (open) void label().then((m) => m.mountPicker());
  });
  if (hasStoredAddress() || $signedIn.get()) void label().then((m) => m.showSavedAddress());
}
