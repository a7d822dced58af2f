import { describe, expect, it } from 'vitest';
import type { Address } from '#contract/schemas.ts';
import { addressDetails, decodeSavedAddress, shortAddress } from './address.ts';
import { readAddress } from '../../../backend/address.ts';
import { geocodeCacheKey, reverseUrl } from './geocode.ts';

const address: Address = {
  region: 'Qashqadaryo viloyati',
  city: 'Qarshi',
  street: 'Islom Karimov koʻchasi, Markaz mahallasi',
  home: '12',
  etaj: '3',
  latitude: 38.8606,
  longitude: 65.795,
  display_name: 'Islom Karimov koʻchasi, Markaz mahallasi, Qarshi',
  delivery_type: 'city',
};

describe('stored address', () => {
  it('decodes what was saved and repairs anything else to nothing', () => {
    expect(decodeSavedAddress(JSON.stringify({ address, profile: true }))).toEqual({ address, profile: true });
    expect(decodeSavedAddress(JSON.stringify({ address: { ...address, entrance: '2' } }))).toEqual({
      address: { ...address, entrance: '2' },
      profile: false,
    });
    for (const raw of [
      undefined,
      '',
      'not json',
      '[]',
      JSON.stringify({ address: { ...address, delivery_type: 'region' } }),
      JSON.stringify({ address: { ...address, latitude: '38.86' } }),
      JSON.stringify({ address: { ...address, longitude: 500 } }),
      JSON.stringify({ address: { ...address, street: null } }),
      JSON.stringify({ address: { ...address, entrance: 2 } }),
    ])
      expect(decodeSavedAddress(raw)).toBeNull();
  });

  it('keeps only the address fields', () => {
    expect(readAddress({ ...address, injected: '<script>' })).toEqual(address);
  });
});

describe('shortAddress', () => {
  it('is the street and house, else the street, else the settlement', () => {
    expect(shortAddress(address)).toBe('Islom Karimov koʻchasi, 12');
    expect(shortAddress({ ...address, home: ' ' })).toBe('Islom Karimov koʻchasi');
    expect(shortAddress({ ...address, street: '', city: 'Beshkent, Qarshi tumani' })).toBe('Beshkent');
    expect(shortAddress({ ...address, street: '', city: '' })).toBe(address.display_name);
  });
});

describe('geocoder requests', () => {
  it('asks a Nominatim-compatible reverse endpoint in the page language', () => {
    const url = new URL(reverseUrl('http://127.0.0.1:8787/geocoder/', 38.8606, 65.795, 'ru'));
    expect(url.origin + url.pathname).toBe('http://127.0.0.1:8787/geocoder/reverse');
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      lat: '38.860600',
      lon: '65.795000',
      format: 'json',
      'accept-language': 'ru',
    });
  });

  it('caches by point rounded to about 10 m, per language', () => {
    expect(geocodeCacheKey(38.86061, 65.79504, 'uz')).toBe(geocodeCacheKey(38.86059, 65.79496, 'uz'));
    expect(geocodeCacheKey(38.8606, 65.795, 'uz')).not.toBe(geocodeCacheKey(38.8606, 65.795, 'ru'));
    expect(geocodeCacheKey(38.8606, 65.795, 'uz')).not.toBe(geocodeCacheKey(38.8616, 65.795, 'uz'));
  });
});

describe('addressDetails', () => {
  const word = (part: string, value: string) => `${part} ${value}`;
  it('names each part typed, in order, and skips the empty ones', () => {
    expect(addressDetails({ home: '12', etaj: ' 3 ', entrance: '2' }, word)).toBe('home 12, floor 3, entrance 2');
    expect(addressDetails({ home: '12', etaj: '', entrance: undefined }, word)).toBe('home 12');
    expect(addressDetails({ home: ' ', etaj: '', entrance: '' }, word)).toBe('');
  });
});
