/**
 * The delivery-area rule (spec §1, §4 address picker, §5): an address in Qarshi
 * city is delivered as `city`, one in Qarshi district as `district`, anything
 * else is refused. Pure and shared: the address picker decides with it from
 * the geocoder's answer, and the API applies it again to every saved address.
 *
 * Two witnesses:
 * - the point, tested against the shipped (approximate) boundaries
 *   (qarshi-area.ts): outside them nothing is delivered, whatever the names say;
 * - the names of a Nominatim-style answer (city/town/village, county, state),
 *   in Uzbek or Russian, Latin or Cyrillic: inside the boundaries they decide
 *   between city and district, or refuse a place the geocoder puts elsewhere.
 *   Without usable names the point decides alone.
 */
import { booleanPointInPolygon } from '@turf/boolean-point-in-polygon';
import { QARSHI_CITY, QARSHI_DISTRICT } from './qarshi-area.ts';
import type { Address, DeliveryType, Lang } from './schemas.ts';

/** The refusal (spec §5), also 'Select an address only within Qarshi city or district' (§8). */
export const OUTSIDE_AREA: Record<Lang, string> = {
  uz: 'Faqat Qarshi shahri yoki Qarshi tumani ichida manzil tanlang!',
  ru: 'Выберите адрес только в пределах города Карши или Каршинского района!',
};

export interface Point {
  lat: number;
  lng: number;
}

/** What a Nominatim-compatible `/reverse?format=json` answers (every field may be missing). */
export interface GeocodeAnswer {
  lat?: string | number;
  lon?: string | number;
  display_name?: string;
  address?: Partial<Record<string, string>>;
  /** Nominatim's `{"error": "Unable to geocode"}`. */
  error?: unknown;
}

const validPoint = (p: Point | null | undefined): p is Point =>
  !!p && Number.isFinite(p.lat) && Number.isFinite(p.lng) && Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The area a point lies in by the shipped boundaries; null outside both. */
export function areaOfPoint(point: Point): DeliveryType | null {
  if (!validPoint(point)) return null;
  const at = [point.lng, point.lat];
  if (booleanPointInPolygon(at, QARSHI_CITY)) return 'city';
  if (booleanPointInPolygon(at, QARSHI_DISTRICT)) return 'district';
  return null;
}

const CYRILLIC: Record<string, string> = {
  а: 'a', б: 'b', в: 'v', г: 'g', ғ: 'g', д: 'd', е: 'e', ё: 'yo', ж: 'j', з: 'z', и: 'i', й: 'y', к: 'k',
  қ: 'q', л: 'l', м: 'm', н: 'n', о: 'o', п: 'p', р: 'r', с: 's', т: 't', у: 'u', ў: 'o', ф: 'f', х: 'x',
  ҳ: 'h', ц: 'ts', ч: 'ch', ш: 'sh', щ: 'sh', ъ: '', ы: 'i', ь: '', э: 'e', ю: 'yu', я: 'ya',
}; // prettier-ignore

/**
 * Words of a place name, spelled one way: lower case, Cyrillic transliterated,
 * apostrophes and accents dropped, and k written q (Karshi, Карши, Қарши and
 * Qarshi all become 'qarshi'; Каршинский becomes 'qarshinsqiy').
 */
export function nameWords(text: string | undefined): string[] {
  if (!text) return [];
  const latin = [...text.toLowerCase()]
    .map((c) => CYRILLIC[c] ?? c)
    .join('')
    .normalize('NFD')
    .replace(/[\u0300-\u036f'‘’ʻʼ`´]/g, '');
  return latin
    .replace(/k/g, 'q')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

const DISTRICT_WORDS = new Set(['tuman', 'tumani', 'rayon', 'rayoni', 'raion', 'rajon', 'district']);
const isQarshi = (word: string) => word === 'qarshi' || word.startsWith('qarshinsq');

type NameVerdict = DeliveryType | 'other' | 'none';

/** One name: Qarshi district, Qarshi city, another place, or nothing. */
function nameVerdict(text: string | undefined): NameVerdict {
  const words = nameWords(text);
  if (!words.length) return 'none';
  if (!words.some(isQarshi)) return 'other';
  // 'р-н' (район) becomes the words r, n.
  const district = words.some((w, i) => DISTRICT_WORDS.has(w) || (w === 'r' && words[i + 1] === 'n'));
  return district ? 'district' : 'city';
}

/**
 * What the names say: the settlement (city/town/village) first, then the
 * county; a named region other than Qashqadaryo, or a county other than
 * Qarshi's, is elsewhere. 'unknown' when the names do not tell.
 */
export function areaOfNames(address: GeocodeAnswer['address']): DeliveryType | 'elsewhere' | 'unknown' {
  if (!address) return 'unknown';
  const state = nameWords(address['state'] ?? address['region']);
  if (state.length && !state.some((w) => w.startsWith('qashqadar'))) return 'elsewhere';
  const place = nameVerdict(placeOf(address));
  const county = nameVerdict(countyOf(address));
  if (place === 'city') return 'city';
  if (place === 'district' || county === 'district') return 'district';
  if (county === 'city') return 'city';
  // A village without a county is left to the boundaries; a county elsewhere is elsewhere.
  if (county === 'other') return 'elsewhere';
  return 'unknown';
}

const placeOf = (a: Partial<Record<string, string>>) =>
  a['city'] ?? a['town'] ?? a['village'] ?? a['hamlet'] ?? a['municipality'];
const countyOf = (a: Partial<Record<string, string>>) => a['county'] ?? a['state_district'] ?? a['district'];

function answerPoint(answer: GeocodeAnswer): Point | null {
  const point = { lat: Number(answer.lat), lng: Number(answer.lon) };
  return answer.lat !== undefined && answer.lon !== undefined && validPoint(point) ? point : null;
}

/**
 * The delivery type of a place, from the geocoder's answer and the point the
 * shopper chose (else the answer's own coordinates); null means refused.
 */
export function deliveryType(answer: GeocodeAnswer | null | undefined, point?: Point | null): DeliveryType | null {
  if (!answer || typeof answer !== 'object' || answer.error !== undefined) return null;
  const at = validPoint(point) ? point : answerPoint(answer);
  const byPoint = at ? areaOfPoint(at) : null;
  if (at && !byPoint) return null;
  const byNames = areaOfNames(answer.address);
  if (byNames === 'elsewhere') return null;
  return byNames === 'unknown' ? byPoint : byNames;
}

const joined = (...parts: (string | undefined)[]) =>
  [...new Set(parts.map((p) => p?.trim()).filter((p): p is string => !!p))].join(', ');

/** The address fields an answer fills: `city` is the settlement then the county ('Beshkent, Qarshi tumani'). */
export function addressFields(
  answer: GeocodeAnswer,
): Pick<Address, 'region' | 'city' | 'street' | 'display_name'> & { home: string } {
  const a = answer.address ?? {};
  const region = a['state'] ?? a['region'] ?? '';
  const city = joined(placeOf(a), countyOf(a));
  const street = joined(
    a['road'] ?? a['pedestrian'] ?? a['street'],
    a['neighbourhood'] ?? a['suburb'] ?? a['quarter'] ?? a['residential'],
  );
  return {
    region,
    city,
    street,
    home: a['house_number'] ?? '',
    display_name: answer.display_name?.trim() || joined(street, city, region),
  };
}

/** A saved address read back as an answer (the inverse of addressFields), for the API's check. */
export function addressAsAnswer(address: Pick<Address, 'region' | 'city' | 'latitude' | 'longitude'>): GeocodeAnswer {
  const [place, ...county] = address.city.split(',').map((p) => p.trim());
  return {
    lat: address.latitude,
    lon: address.longitude,
    address: { city: place || undefined, county: county.join(', ') || undefined, state: address.region || undefined },
  };
}

/**
 * The API's check of a saved address: which field is wrong, or null.
 * `address` when the place is not deliverable, `address.delivery_type`
 * when the claimed type disagrees with the rule.
 */
export function deliveryAreaProblem(
  address: Pick<Address, 'region' | 'city' | 'latitude' | 'longitude' | 'delivery_type'>,
): 'address' | 'address.delivery_type' | null {
  const decided = deliveryType(addressAsAnswer(address), { lat: address.latitude, lng: address.longitude });
  if (!decided) return 'address';
  return decided === address.delivery_type ? null : 'address.delivery_type';
}
