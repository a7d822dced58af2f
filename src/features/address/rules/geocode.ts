/**
 * Pure helpers of the address picker (spec §9): the map's defaults, the
 * geocoder's request and cache key. The delivery-area rule itself is
 * contract/delivery.ts. Loaded only with the picker.
 */
import type { Lang } from '#contract/schemas.ts';

export const GEOCODE_DEBOUNCE_MS = 500;
export const MAP_CENTRE: [number, number] = [38.86, 65.79];
export const MAP_ZOOM = 14;
/** The geocoder and the browser's location each get the API's 10 s (spec §9). */
export const LOOKUP_TIMEOUT_MS = 10_000;
/** Geocoder answers are cached per point rounded to 4 decimals (about 10 m). */
export const GEOCODE_PRECISION = 4;

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
