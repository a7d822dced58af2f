/**
 * The saved address and the signed-in shopper's profile (spec §3, §4): saving
 * from the picker, and carrying a visitor's address into the profile. Kept
 * apart from address.ts, which every page loads for the header label.
 */
import type { Address } from '#contract/schemas.ts';
import { $savedAddress, closeAddressPicker } from './address.ts';
import { address as profileAddress, statusOf } from '../../../backend/index.ts';
import { hasCapability } from '../../../backend/capabilities.ts';
import { $signedIn } from '../../../backend/tokens.ts';

/** Whether the address goes into the profile: signed in, on a backend that can save it (else kept in the browser). */
const intoProfile = (): boolean => $signedIn.get() && hasCapability('profileWrite');

export type SaveResult = { ok: true } | { ok: false; reason: 'refused' | 'failed' };

/** Save the chosen address (signed in: to the profile first) and close the picker with it. */
export async function saveAddress(address: Address): Promise<SaveResult> {
  let saved = address;
  const profile = intoProfile();
  if (profile) {
    try {
      saved = (await profileAddress.save(address)) ?? address;
    } catch (error) {
      return { ok: false, reason: statusOf(error) === 400 ? 'refused' : 'failed' };
    }
  }
  $savedAddress.set({ address: saved, profile });
  closeAddressPicker(saved);
  return { ok: true };
}

const CHECKED_KEY = 'bozor.addressChecked';

// Without session storage the profile is read on every page.
function sessionChecked(): boolean {
  try {
    return sessionStorage.getItem(CHECKED_KEY) !== null;
  } catch {
    return false;
  }
}

function markSessionChecked(): void {
  try {
    sessionStorage.setItem(CHECKED_KEY, '1');
  } catch {
    // As above: the next page reads the profile again.
  }
}

/**
 * Signed in: carry a visitor's address into an empty profile, or mirror the
 * profile's address. Once per browser session when there is nothing to carry:
 * a session counts as checked only once the profile has answered, so a read
 * that failed, or that the shopper left the page before, is made again.
 */
export async function syncAddressWithProfile(): Promise<void> {
  const saved = $savedAddress.get();
  if (!$signedIn.get() || !hasCapability('profile') || saved?.profile) return;
  if (!saved && sessionChecked()) return;
  try {
    const fromProfile = await profileAddress.read();
    markSessionChecked();
    if (fromProfile) $savedAddress.set({ address: fromProfile, profile: true });
    else if (saved && intoProfile()) {
      await profileAddress.save(saved.address);
      $savedAddress.set({ ...saved, profile: true });
    }
  } catch (error) {
    // An address the API refuses cannot be delivered to: drop it. Other failures try again on the next page.
    if (statusOf(error) === 400) $savedAddress.set(null);
  }
}
