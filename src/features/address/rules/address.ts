/**
 * Pure helpers of the saved address (spec §2 header label, §3): the stored
 * address decoded without trusting storage, and its short form. Loaded on
 * every page with the header label: the picker's own helpers are geocode.ts.
 */
import type { Address } from '#contract/schemas.ts';
import { parseJson } from '../../../shared/storage.ts';
import { readAddress } from '../../../backend/address.ts';

/** The saved address and whether it mirrors the signed-in shopper's profile. */
export interface SavedAddress {
  address: Address;
  /** true: copied from (or saved to) the profile; false: a visitor's, to carry into the profile at sign-in. */
  profile: boolean;
}

export function decodeSavedAddress(raw: string | undefined): SavedAddress | null {
  const value = parseJson(raw) as { address?: unknown; profile?: unknown } | undefined;
  const address = readAddress(value?.address);
  return address ? { address, profile: value?.profile === true } : null;
}

/** The header label: street and house, else the city, else the full name. */
export function shortAddress(address: Address): string {
  const street = address.street.split(',')[0]?.trim() ?? '';
  const home = address.home.trim();
  if (street) return home ? `${street}, ${home}` : street;
  return address.city.split(',')[0]?.trim() || address.display_name;
}

/**
 * House, floor and entrance as typed in the picker, for an order's address:
 * each part filled in, worded by `word` (e.g. 'uy {value}', '{value}-qavat').
 */
export function addressDetails(
  address: Pick<Address, 'home' | 'etaj' | 'entrance'>,
  word: (part: 'home' | 'floor' | 'entrance', value: string) => string,
): string {
  const parts = [
    ['home', address.home],
    ['floor', address.etaj],
    ['entrance', address.entrance ?? ''],
  ] as const;
  return parts
    .map(([part, value]) => [part, value.trim()] as const)
    .filter(([, value]) => value)
    .map(([part, value]) => word(part, value))
    .join(', ');
}
