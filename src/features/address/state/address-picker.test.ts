/**
 * The address picker's draft (spec §2, §4, §5, §8, §9) against the reference
 * API and its offline geocoder: a point outside the area refused at once, one
 * inside geocoded 500 ms after the last choice (answers cached by rounded
 * point and language), late answers dropped, each geocoder and geolocation
 * failure named, and saving for a visitor and for a signed-in shopper.
 * Geocoder faults are injected at the network, on the geocoder's URL only.
 */
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { GeocodeAnswer, Point } from '#contract/delivery.ts';
import type { Address } from '#contract/schemas.ts';
import { $savedAddress } from './address.ts';
import {
  $draft,
  canSave,
  choosePoint,
  locateMe,
  saveDraft,
  setDetail,
  startDraft,
  type Draft,
} from './address-picker.ts';
import { $lang } from '../../../i18n/language.ts';
import { GEOCODE_DEBOUNCE_MS, LOOKUP_TIMEOUT_MS } from '../rules/geocode.ts';
import { QARSHI_ADDRESS } from '../../../../tests/fixtures/address.ts';
import { useGeocoder } from '../../../../tests/unit/support/astro-env.ts';
import { advance, idle, settled, useFakeTimeouts } from '../../../../tests/unit/support/clock.ts';
import { useShop } from '../../../../tests/unit/support/shop.ts';
import { useMemoryStorage } from '../../../../tests/unit/support/storage.ts';

const shop = useShop();
useMemoryStorage('localStorage');
useFakeTimeouts();
beforeAll(() => useGeocoder(`${shop.api.server.url}/geocoder/`));

/** Points on Islom Karimov koʻchasi in Qarshi city, a new one each call: answers are cached per point. */
let step = 0;
const cityPoint = (): Point => ({ lat: 38.8606, lng: 65.795 + 0.0002 * step++ });
/** Yangiobod, in Qarshi district. */
const DISTRICT: Point = { lat: 38.935, lng: 65.8 };
/** East of the district boundary. */
const OUTSIDE: Point = { lat: 38.86, lng: 66.1 };

const CITY_FOUND = {
  region: 'Qashqadaryo viloyati',
  city: 'Qarshi',
  street: 'Islom Karimov koʻchasi, Markaz mahallasi',
  display_name: 'Islom Karimov koʻchasi, Markaz mahallasi, Qarshi, Qashqadaryo viloyati, Oʻzbekiston',
};

/** What the geocoder was asked: each request's URL. */
let lookups: URL[] = [];
/** Set to answer the geocoder's requests in a test's own way; unset, the reference geocoder answers. */
let geocoder: ((url: URL, signal: AbortSignal | undefined) => Promise<Response>) | undefined;
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

beforeEach(() => {
  lookups = [];
  geocoder = undefined;
  const network = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation((input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    if (!url.pathname.endsWith('/geocoder/reverse')) return network(input, init);
    lookups.push(url);
    return geocoder ? geocoder(url, init?.signal ?? undefined) : network(input, init);
  });
  return () => void vi.mocked(globalThis.fetch).mockRestore();
});

/** The debounce runs out and the geocoder's answer is in. */
async function geocoded(): Promise<Draft> {
  await advance(GEOCODE_DEBOUNCE_MS);
  await settled(() => expect($draft.get().loading).toBeNull());
  return $draft.get();
}

describe('opening the picker', () => {
  it('starts from the saved address, ready to save', () => {
    $savedAddress.set({ address: { ...QARSHI_ADDRESS, entrance: '3' }, profile: false });
    startDraft();
    expect($draft.get()).toEqual({
      point: { lat: QARSHI_ADDRESS.latitude, lng: QARSHI_ADDRESS.longitude },
      source: 'saved',
      loading: null,
      found: {
        region: QARSHI_ADDRESS.region,
        city: QARSHI_ADDRESS.city,
        street: QARSHI_ADDRESS.street,
        display_name: QARSHI_ADDRESS.display_name,
      },
      deliveryType: 'city',
      message: null,
      home: QARSHI_ADDRESS.home,
      etaj: QARSHI_ADDRESS.etaj,
      entrance: '3',
    });
    expect(canSave($draft.get())).toBe(true);
  });

  it('starts empty without a saved address, and drops a lookup still waiting', async () => {
    choosePoint(cityPoint());
    setDetail('home', '9');
    startDraft();
    expect($draft.get()).toEqual({
      point: null,
      source: null,
      loading: null,
      found: null,
      deliveryType: null,
      message: null,
      home: '',
      etaj: '',
      entrance: '',
    });
    await advance(GEOCODE_DEBOUNCE_MS);
    await idle();
    expect(lookups).toEqual([]);
  });
});

describe('choosing a point', () => {
  it('outside the area: refused at once, the geocoder is not asked', async () => {
    $savedAddress.set({ address: QARSHI_ADDRESS, profile: false });
    startDraft();
    choosePoint(OUTSIDE);
    expect($draft.get()).toMatchObject({
      point: OUTSIDE,
      source: 'map',
      loading: null,
      found: null,
      deliveryType: null,
      message: 'isl.address.outside',
    });
    await advance(LOOKUP_TIMEOUT_MS);
    await idle();
    expect(lookups).toEqual([]);
  });

  it('inside: geocoded 500 ms after the choice, not before, in the shopper language', async () => {
    const point = cityPoint();
    choosePoint(point);
    expect($draft.get()).toMatchObject({ point, loading: 'geocoding', found: null, deliveryType: null, message: null });
    expect(canSave($draft.get())).toBe(false);
    await advance(GEOCODE_DEBOUNCE_MS - 1);
    await idle();
    expect(lookups).toEqual([]);

    await advance(1);
    await settled(() => expect(lookups).toHaveLength(1));
    expect(Object.fromEntries(lookups[0]!.searchParams)).toMatchObject({
      lat: point.lat.toFixed(6),
      lon: point.lng.toFixed(6),
      'accept-language': 'uz',
    });
    await settled(() => expect($draft.get().loading).toBeNull());
    expect($draft.get()).toMatchObject({ found: CITY_FOUND, deliveryType: 'city', message: null, home: '' });
    expect(canSave($draft.get())).toBe(true);
  });

  it('a point in the district is delivered as district, named by its village and county', async () => {
    choosePoint(DISTRICT);
    expect(await geocoded()).toMatchObject({
      found: { city: 'Yangiobod, Qarshi tumani', region: 'Qashqadaryo viloyati', street: '' },
      deliveryType: 'district',
    });
  });

  it('choices within 500 ms of each other are looked up once, for the last point', async () => {
    const [first, last] = [cityPoint(), cityPoint()];
    choosePoint(first);
    await advance(GEOCODE_DEBOUNCE_MS - 100);
    choosePoint(last);
    await advance(GEOCODE_DEBOUNCE_MS - 1);
    await idle();
    expect(lookups).toEqual([]);
    await geocoded();
    expect(lookups.map((url) => url.searchParams.get('lon'))).toEqual([last.lng.toFixed(6)]);
    expect($draft.get().point).toEqual(last);
  });

  it('the same point (to 4 decimals) is answered from the cache; another language asks again', async () => {
    const point = cityPoint();
    choosePoint(point);
    await geocoded();
    choosePoint({ lat: point.lat + 0.00001, lng: point.lng - 0.00001 });
    expect(await geocoded()).toMatchObject({ found: CITY_FOUND, deliveryType: 'city' });
    expect(lookups).toHaveLength(1);

    $lang.set('ru');
    choosePoint(point);
    expect(await geocoded()).toMatchObject({
      found: { city: 'Карши', street: 'улица Ислама Каримова, махалля Марказ' },
      deliveryType: 'city',
    });
    expect(lookups.map((url) => url.searchParams.get('accept-language'))).toEqual(['uz', 'ru']);
  });

  it("takes the answer's house number unless the shopper typed one", async () => {
    const answer = (house: string): GeocodeAnswer => ({
      display_name: 'Islom Karimov koʻchasi 7, Qarshi',
      address: { road: 'Islom Karimov koʻchasi', house_number: house, city: 'Qarshi', state: 'Qashqadaryo viloyati' },
    });
    geocoder = async () => json(answer('7'));
    choosePoint(cityPoint());
    expect((await geocoded()).home).toBe('7');

    geocoder = async () => json(answer('8'));
    setDetail('home', '12');
    choosePoint(cityPoint());
    expect((await geocoded()).home).toBe('12');
  });

  it.each([
    ['an error status', async () => json({ detail: 'down' }, 503)],
    ['a dropped connection', async () => Promise.reject(new TypeError('fetch failed'))],
  ])('%s says the lookup failed, and is not cached', async (_, answer) => {
    geocoder = answer;
    const point = cityPoint();
    choosePoint(point);
    expect(await geocoded()).toMatchObject({
      loading: null,
      found: null,
      deliveryType: null,
      message: 'isl.address.geocode_failed',
    });
    geocoder = undefined;
    choosePoint(point);
    expect(await geocoded()).toMatchObject({ found: CITY_FOUND, message: null });
    expect(lookups).toHaveLength(2);
  });

  it('a lookup without an answer in 10 s is given up as failed', async () => {
    geocoder = (_, signal) =>
      new Promise((_resolve, reject) => signal?.addEventListener('abort', () => reject(signal.reason)));
    choosePoint(cityPoint());
    await advance(GEOCODE_DEBOUNCE_MS);
    await settled(() => expect(lookups).toHaveLength(1));
    await advance(LOOKUP_TIMEOUT_MS - 1);
    await idle();
    expect($draft.get().loading).toBe('geocoding');
    await advance(1);
    await settled(() => expect($draft.get().message).toBe('isl.address.geocode_failed'));
    expect($draft.get().loading).toBeNull();
  });

  it('"no address here" is not found on the map, and "no address at your location" for the location', async () => {
    geocoder = async () => json({ error: 'Unable to geocode' });
    choosePoint(cityPoint());
    expect(await geocoded()).toMatchObject({ found: null, message: 'isl.address.not_found' });
    choosePoint(cityPoint(), 'location');
    expect(await geocoded()).toMatchObject({ found: null, source: 'location', message: 'isl.address.geo_no_address' });
  });

  it('a point the geocoder places in another region is refused', async () => {
    geocoder = async () => json({ address: { city: 'Toshkent', state: 'Toshkent viloyati' } });
    choosePoint(cityPoint());
    expect(await geocoded()).toMatchObject({ found: null, deliveryType: null, message: 'isl.address.outside' });
  });

  it('the answer for an earlier point, arriving late, is dropped', async () => {
    let answerEarlier = () => {};
    geocoder = () =>
      new Promise<Response>((resolve) => (answerEarlier = () => resolve(json({ address: { city: 'Beshkent' } }))));
    choosePoint(cityPoint());
    await advance(GEOCODE_DEBOUNCE_MS);
    await settled(() => expect(lookups).toHaveLength(1));

    geocoder = undefined;
    const later = cityPoint();
    choosePoint(later);
    await geocoded();
    answerEarlier();
    await idle();
    expect($draft.get()).toMatchObject({ point: later, found: CITY_FOUND, deliveryType: 'city', message: null });
  });
});

describe('use my location', () => {
  type Success = (position: { coords: { latitude: number; longitude: number } }) => void;
  type Failure = (error: { code: number }) => void;
  /** A browser that asks for the position and lets the test answer. */
  function browser(secure = true) {
    const asked: { success: Success; failure: Failure; options: PositionOptions }[] = [];
    vi.stubGlobal('navigator', {
      geolocation: {
        getCurrentPosition: (success: Success, failure: Failure, options: PositionOptions) =>
          asked.push({ success, failure, options }),
      },
    });
    vi.stubGlobal('window', { isSecureContext: secure });
    return asked;
  }

  it('without geolocation, or outside https, says so and asks nothing', () => {
    vi.stubGlobal('navigator', {});
    locateMe();
    expect($draft.get().message).toBe('isl.address.geo_unsupported');
    const asked = browser(false);
    locateMe();
    expect($draft.get().message).toBe('isl.address.geo_https');
    expect(asked).toEqual([]);
  });

  it('asks precisely with the 10 s limit, then geocodes the position as the location', async () => {
    const asked = browser();
    locateMe();
    expect($draft.get()).toMatchObject({ loading: 'locating', message: null });
    expect(asked.map((a) => a.options)).toEqual([{ enableHighAccuracy: true, timeout: 10_000, maximumAge: 60_000 }]);
    const point = cityPoint();
    asked[0]!.success({ coords: { latitude: point.lat, longitude: point.lng } });
    expect($draft.get()).toMatchObject({ point, source: 'location', loading: 'geocoding' });
    expect(await geocoded()).toMatchObject({ found: CITY_FOUND, deliveryType: 'city' });
  });

  it.each([
    [1, 'isl.address.geo_denied'],
    [2, 'isl.address.geo_unavailable'],
    [3, 'isl.address.geo_timeout'],
    [9, 'isl.address.geo_failed'],
  ])('geolocation error %i says %s', (code, message) => {
    const asked = browser();
    locateMe();
    asked[0]!.failure({ code });
    expect($draft.get()).toMatchObject({ loading: null, message });
  });

  it('a position that comes after a point was chosen on the map is ignored', async () => {
    const asked = browser();
    locateMe();
    const chosen = cityPoint();
    choosePoint(chosen);
    asked[0]!.success({ coords: { latitude: DISTRICT.lat, longitude: DISTRICT.lng } });
    asked[0]!.failure({ code: 1 });
    expect(await geocoded()).toMatchObject({ point: chosen, source: 'map', deliveryType: 'city', message: null });
  });
});

describe('saving', () => {
  const ready: Draft = {
    point: { lat: 38.86, lng: 65.79 },
    source: 'map',
    loading: null,
    found: CITY_FOUND,
    deliveryType: 'city',
    message: null,
    home: ' 12 ',
    etaj: ' 3',
    entrance: '  ',
  };
  const saved: Address = {
    ...CITY_FOUND,
    home: '12',
    etaj: '3',
    latitude: 38.86,
    longitude: 65.79,
    delivery_type: 'city',
  };

  it('needs a delivery type and a found address, and nothing loading', () => {
    expect(canSave(ready)).toBe(true);
    expect(canSave({ ...ready, deliveryType: null })).toBe(false);
    expect(canSave({ ...ready, found: null })).toBe(false);
    expect(canSave({ ...ready, loading: 'geocoding' })).toBe(false);
  });

  it('without a deliverable point asks to choose one (the outside message stays), and sends nothing', async () => {
    expect(await saveDraft()).toBe(false);
    expect($draft.get().message).toBe('isl.address.choose');
    choosePoint(OUTSIDE);
    expect(await saveDraft()).toBe(false);
    expect($draft.get().message).toBe('isl.address.outside');
    expect($savedAddress.get()).toBeNull();
  });

  it('does nothing while loading', async () => {
    $draft.set({ ...ready, loading: 'geocoding' });
    expect(await saveDraft()).toBe(false);
    expect($draft.get()).toEqual({ ...ready, loading: 'geocoding' });
    expect($savedAddress.get()).toBeNull();
  });

  it('a visitor saves trimmed details in the browser only; an entrance only when typed', async () => {
    $draft.set(ready);
    expect(await saveDraft()).toBe(true);
    expect($savedAddress.get()).toEqual({ address: saved, profile: false });
    expect(localStorage.getItem('address')).toBe(JSON.stringify({ address: saved, profile: false }));
    expect($draft.get()).toMatchObject({ loading: null, message: null });
    expect(shop.requests).toEqual([]);

    $draft.set({ ...ready, entrance: ' 2 ' });
    await saveDraft();
    expect($savedAddress.get()?.address.entrance).toBe('2');
  });

  it("signed in, the address is saved to the profile first and the profile's copy kept", async () => {
    const { access } = await shop.signIn();
    $draft.set(ready);
    expect(await saveDraft()).toBe(true);
    expect(shop.requests).toEqual(['PATCH /users/profile/']);
    expect($savedAddress.get()).toEqual({ address: saved, profile: true });
    expect((await shop.api.call('/users/profile/', { token: access })).body.address).toEqual(saved);
  });

  it('signed in, a refused address (400) is outside the area; another failure says saving failed', async () => {
    await shop.signIn();
    shop.fail({ method: 'PATCH', path: /^\/users\/profile\/$/, answer: 400 });
    $draft.set(ready);
    expect(await saveDraft()).toBe(false);
    expect($draft.get()).toMatchObject({ loading: null, deliveryType: null, message: 'isl.address.outside' });

    shop.heal();
    shop.fail({ method: 'PATCH', path: /^\/users\/profile\/$/, answer: 500 });
    $draft.set(ready);
    expect(await saveDraft()).toBe(false);
    expect($draft.get()).toMatchObject({ loading: null, deliveryType: 'city', message: 'isl.address.save_failed' });
    expect($savedAddress.get()).toBeNull();
  });
});
