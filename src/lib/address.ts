/**
 * Pure address helpers of the picker and the header label (spec §2, §3, §9):
 * the stored address decoded without trusting storage, its short form, the
 * map's defaults and the geocoder's request and cache key. The delivery-area
 * rule itself is contract/delivery.ts (loaded only with the picker).
 */
import type { Address, Lang } from '#contract/schemas.ts';
import { parseJson } from './storage.ts';

/** Spec §9. */
export const GEOCODE_DEBOUNCE_MS = 500;
export const MAP_CENTRE: [number, number] = [38.86, 65.79];
export const MAP_ZOOM = 14;
/** The geocoder and the browser's location each get the API's 10 s (spec §9). */
export const LOOKUP_TIMEOUT_MS = 10_000;
/** Geocoder answers are cached per point rounded to 4 decimals (about 10 m). */
export const GEOCODE_PRECISION = 4;

/** The saved address and whether it mirrors the signed-in shopper's profile. */
export interface SavedAddress {
  address: Address;
  /** true: copied from (or saved to) the profile; false: a visitor's, to carry into the profile at sign-in. */
  profile: boolean;
}

const STRING_FIELDS = ['region', 'city', 'street', 'home', 'etaj', 'display_name'] as const;

/** An Address from untrusted JSON (storage, an API answer), or null. */
export function toAddress(value: unknown): Address | null {
  if (typeof value !== 'object' || value === null) return null;
  const v = value as Record<string, unknown>;
  if (!STRING_FIELDS.every((key) => typeof v[key] === 'string')) return null;
  if (v['entrance'] !== undefined && typeof v['entrance'] !== 'string') return null;
  const { latitude, longitude, delivery_type } = v;
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null;
  if (!(Math.abs(latitude) <= 90 && Math.abs(longitude) <= 180)) return null;
  if (delivery_type !== 'city' && delivery_type !== 'district') return null;
  const address = Object.fromEntries(STRING_FIELDS.map((key) => [key, v[key]])) as Pick<
    Address,
    (typeof STRING_FIELDS)[number]
  >;
  return {
    ...address,
    ...(typeof v['entrance'] === 'string' ? { entrance: v['entrance'] } : {}),
    latitude,
    longitude,
    delivery_type,
  };
}

export function decodeSavedAddress(raw: string | undefined): SavedAddress | null {
  const value = parseJson(raw) as { address?: unknown; profile?: unknown } | undefined;
  const address = toAddress(value?.address);
  return address ? { address, profile: value?.profile === true } : null;
}

/** The header label: street and house, else the city, else the full name. */
export function shortAddress(address: Address): string {
  const street = address.street.split(',')[0]?.trim() ?? '';
  const home = address.home.trim();
  if (street) return home ? `${street}, ${home}` : street;
  return address.city.split(',')[0]?.trim() || address.display_name;
}

/** The reverse-geocoding URL of a Nominatim-compatible service at `base`. */
export function reverseUrl(base: string, lat: number, lng: number, lang: Lang): string {
  const query = new URLSearchParams({
    lat: lat.toFixed(6),
    lon: lng.toFixed(6),
    format: 'json',
    addressdetails: '1',
    zoom: '18',
    'accept-language': lang,
  });
  return `${base.replace(/\/+$/, '')}/reverse?${query}`;
}

export const geocodeCacheKey = (lat: number, lng: number, lang: Lang) =>
  `${lang}:${lat.toFixed(GEOCODE_PRECISION)},${lng.toFixed(GEOCODE_PRECISION)}`;
