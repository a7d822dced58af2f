/**
 * The address picker's draft (spec §2, §4, §5, §8, §9), loaded with the picker:
 * a point chosen on the map or by the browser's location, reverse-geocoded
 * 500 ms after the last choice (answers cached by rounded point), its
 * delivery type decided by the contract's rule, and the house, floor and
 * entrance typed by the shopper. Save is possible only with a delivery type
 * and nothing loading.
 */
import { GEOCODER_URL } from 'astro:env/client';
import { map } from 'nanostores';
import { addressFields, areaOfPoint, deliveryType, type GeocodeAnswer, type Point } from '#contract/delivery.ts';
import type { Address, DeliveryType } from '#contract/schemas.ts';
import { GEOCODE_DEBOUNCE_MS, LOOKUP_TIMEOUT_MS, geocodeCacheKey, reverseUrl } from '../rules/geocode.ts';
import { $address } from './address.ts';
import { saveAddress } from './address-profile.ts';
import { $lang } from '../../../i18n/language.ts';

/** Every message the picker shows (i18n keys). */
type PickerMessage =
  | 'isl.address.choose'
  | 'isl.address.outside'
  | 'isl.address.not_found'
  | 'isl.address.geocode_failed'
  | 'isl.address.geo_unsupported'
  | 'isl.address.geo_https'
  | 'isl.address.geo_denied'
  | 'isl.address.geo_unavailable'
  | 'isl.address.geo_timeout'
  | 'isl.address.geo_failed'
  | 'isl.address.geo_no_address'
  | 'isl.address.save_failed';

export type PointSource = 'map' | 'location' | 'saved';

export interface Draft {
  point: Point | null;
  source: PointSource | null;
  loading: 'locating' | 'geocoding' | 'saving' | null;
  found: Pick<Address, 'region' | 'city' | 'street' | 'display_name'> | null;
  deliveryType: DeliveryType | null;
  message: PickerMessage | null;
  home: string;
  etaj: string;
  entrance: string;
}

const EMPTY: Draft = {
  point: null,
  source: null,
  loading: null,
  found: null,
  deliveryType: null,
  message: null,
  home: '',
  etaj: '',
  entrance: '',
};

export const $draft = map<Draft>({ ...EMPTY });

export const canSave = (d: Draft) => d.deliveryType !== null && d.found !== null && d.loading === null;

const answers = new Map<string, GeocodeAnswer>();
let timer: ReturnType<typeof setTimeout> | undefined;
let request: AbortController | undefined;
/** Increases with every choice: a late answer for an older point is dropped. */
let choice = 0;

function cancelPending(): void {
  clearTimeout(timer);
  request?.abort();
  choice++;
}

/** A fresh draft when the picker opens: the saved address, else nothing. */
export function startDraft(): void {
  cancelPending();
  const saved = $address.get();
  $draft.set(
    saved
      ? {
          ...EMPTY,
          point: { lat: saved.latitude, lng: saved.longitude },
          source: 'saved',
          found: { region: saved.region, city: saved.city, street: saved.street, display_name: saved.display_name },
          deliveryType: saved.delivery_type,
          home: saved.home,
          etaj: saved.etaj,
          entrance: saved.entrance ?? '',
        }
      : { ...EMPTY },
  );
}

/** A point chosen on the map (or found by the browser): outside the area at once, else geocoded after the debounce. */
export function choosePoint(point: Point, source: PointSource = 'map'): void {
  cancelPending();
  const outside = areaOfPoint(point) === null;
  $draft.set({
    ...$draft.get(),
    point,
    source,
    found: null,
    deliveryType: null,
    loading: outside ? null : 'geocoding',
    message: outside ? 'isl.address.outside' : null,
  });
  if (outside) return;
  const mine = choice;
  timer = setTimeout(() => void geocode(point, source, mine), GEOCODE_DEBOUNCE_MS);
}

async function fetchAnswer(point: Point, signal: AbortSignal): Promise<GeocodeAnswer> {
  const lang = $lang.get();
  const key = geocodeCacheKey(point.lat, point.lng, lang);
  const cached = answers.get(key);
  if (cached) return cached;
  const response = await fetch(reverseUrl(GEOCODER_URL, point.lat, point.lng, lang), {
    signal,
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`geocoder answered ${response.status}`);
  const answer = (await response.json()) as GeocodeAnswer;
  if (answer && typeof answer === 'object' && answer.error === undefined) answers.set(key, answer);
  return answer;
}

async function geocode(point: Point, source: PointSource, mine: number): Promise<void> {
  const controller = new AbortController();
  request = controller;
  const timeout = setTimeout(() => controller.abort(), LOOKUP_TIMEOUT_MS);
  let answer: GeocodeAnswer | null = null;
  let failed = false;
  try {
    answer = await fetchAnswer(point, controller.signal);
  } catch {
    failed = true;
  } finally {
    clearTimeout(timeout);
  }
  if (mine !== choice) return;
  const draft = { ...$draft.get(), loading: null };
  const hasAddress = !!answer && typeof answer === 'object' && answer.error === undefined && !!answer.address;
  if (failed) return $draft.set({ ...draft, message: 'isl.address.geocode_failed' });
  if (!hasAddress || !answer) {
    return $draft.set({
      ...draft,
      message: source === 'location' ? 'isl.address.geo_no_address' : 'isl.address.not_found',
    });
  }
  const type = deliveryType(answer, point);
  if (!type) return $draft.set({ ...draft, message: 'isl.address.outside' });
  const { home, ...found } = addressFields(answer);
  $draft.set({ ...draft, found, deliveryType: type, message: null, home: draft.home || home });
}

const GEOLOCATION_ERRORS: Record<number, PickerMessage> = {
  1: 'isl.address.geo_denied',
  2: 'isl.address.geo_unavailable',
  3: 'isl.address.geo_timeout',
};

/** "Use my location": the browser's position, then the same path as a map click. */
export function locateMe(): void {
  if (!('geolocation' in navigator)) return $draft.setKey('message', 'isl.address.geo_unsupported');
  if (!window.isSecureContext) return $draft.setKey('message', 'isl.address.geo_https');
  cancelPending();
  const mine = choice;
  $draft.set({ ...$draft.get(), loading: 'locating', message: null });
  navigator.geolocation.getCurrentPosition(
    (position) => {
      if (mine === choice) choosePoint({ lat: position.coords.latitude, lng: position.coords.longitude }, 'location');
    },
    (error) => {
      if (mine !== choice) return;
      $draft.set({
        ...$draft.get(),
        loading: null,
        message: GEOLOCATION_ERRORS[error.code] ?? 'isl.address.geo_failed',
      });
    },
    { enableHighAccuracy: true, timeout: LOOKUP_TIMEOUT_MS, maximumAge: 60_000 },
  );
}

export function setDetail(key: 'home' | 'etaj' | 'entrance', value: string): void {
  $draft.setKey(key, value);
}

/** Save the draft; without a deliverable point, say why instead. */
export async function saveDraft(): Promise<boolean> {
  const draft = $draft.get();
  if (draft.loading) return false;
  if (!canSave(draft) || !draft.point || !draft.found || !draft.deliveryType) {
    if (draft.message !== 'isl.address.outside') $draft.setKey('message', 'isl.address.choose');
    return false;
  }
  const entrance = draft.entrance.trim();
  const address: Address = {
    ...draft.found,
    home: draft.home.trim(),
    etaj: draft.etaj.trim(),
    ...(entrance ? { entrance } : {}),
    latitude: draft.point.lat,
    longitude: draft.point.lng,
    delivery_type: draft.deliveryType,
  };
  $draft.set({ ...draft, loading: 'saving', message: null });
  const result = await saveAddress(address);
  if (result.ok) {
    $draft.set({ ...$draft.get(), loading: null });
    return true;
  }
  $draft.set({
    ...$draft.get(),
    loading: null,
    ...(result.reason === 'refused'
      ? { deliveryType: null, message: 'isl.address.outside' as const }
      : { message: 'isl.address.save_failed' as const }),
  });
  return false;
}
