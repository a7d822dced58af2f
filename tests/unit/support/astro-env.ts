/**
 * `astro:env/client` for unit tests: the stores' client is replaced by
 * `setApi` anyway; the address picker's geocoder is the test API's own
 * (`useGeocoder`, once that API has a port).
 */
export const API_URL = 'http://localhost:8787';
export let GEOCODER_URL = 'http://localhost:8787/geocoder';

export function useGeocoder(url: string): void {
  GEOCODER_URL = url;
}
