import { describe, expect, it } from 'vitest';
import { GEOCODE_DEBOUNCE_MS, GEOCODE_PRECISION, LOOKUP_TIMEOUT_MS, geocodeCacheKey, reverseUrl } from './geocode.ts';

describe('reverseUrl', () => {
  it('asks a Nominatim-compatible service for the address at a point, in the shopper language', () => {
    const url = new URL(reverseUrl('https://geo.example/nominatim', 38.86, 65.79, 'ru'));
    expect(url.origin + url.pathname).toBe('https://geo.example/nominatim/reverse');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      lat: '38.860000',
      lon: '65.790000',
      format: 'json',
      addressdetails: '1',
      zoom: '18',
      'accept-language': 'ru',
    });
  });
  it('sends the point with 6 decimals', () => {
    const url = new URL(reverseUrl('https://geo.example', 38.123456789, 65.7, 'uz'));
    expect(url.searchParams.get('lat')).toBe('38.123457');
    expect(url.searchParams.get('lon')).toBe('65.700000');
  });
  it('drops trailing slashes of the base', () => {
    expect(reverseUrl('https://geo.example//', 1, 2, 'uz')).toBe(
      'https://geo.example/reverse?lat=1.000000&lon=2.000000&format=json&addressdetails=1&zoom=18&accept-language=uz',
    );
  });
});

describe('geocodeCacheKey', () => {
  it('rounds the point to 4 decimals (about 10 m) and names the language', () => {
    expect(GEOCODE_PRECISION).toBe(4);
    expect(geocodeCacheKey(38.86061, 65.79449, 'uz')).toBe('uz:38.8606,65.7945');
  });
  it('is one key for points within the rounding, another for a point beyond it', () => {
    const key = geocodeCacheKey(38.86061, 65.79001, 'uz');
    expect(geocodeCacheKey(38.86064, 65.79004, 'uz')).toBe(key);
    expect(geocodeCacheKey(38.86071, 65.79001, 'uz')).not.toBe(key);
  });
  it('is another key in the other language (the geocoder answers in it)', () => {
    expect(geocodeCacheKey(38.86, 65.79, 'ru')).toBe('ru:38.8600,65.7900');
    expect(geocodeCacheKey(38.86, 65.79, 'ru')).not.toBe(geocodeCacheKey(38.86, 65.79, 'uz'));
  });
});

describe('picker timings (spec §9)', () => {
  it('geocodes 500 ms after the last choice and gives each lookup 10 s', () => {
    expect(GEOCODE_DEBOUNCE_MS).toBe(500);
    expect(LOOKUP_TIMEOUT_MS).toBe(10_000);
  });
});
