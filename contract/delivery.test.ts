import { describe, expect, it } from 'vitest';
import {
  addressAsAnswer,
  addressFields,
  areaOfNames,
  areaOfPoint,
  deliveryAreaProblem,
  deliveryType,
  nameWords,
  type GeocodeAnswer,
} from './delivery.ts';

const CITY = { lat: 38.86, lng: 65.79 };
/** Beshkent, the district's centre. */
const DISTRICT = { lat: 38.8167, lng: 65.65 };
const NORTH_OF_CITY = { lat: 38.95, lng: 65.8 };
const TASHKENT = { lat: 41.3111, lng: 69.2797 };
const SHAHRISABZ = { lat: 39.0578, lng: 66.8342 };
const KOSON = { lat: 39.04, lng: 65.58 };

const answer = (address: Record<string, string>, point = CITY): GeocodeAnswer => ({
  lat: String(point.lat),
  lon: String(point.lng),
  display_name: Object.values(address).join(', '),
  address,
});

describe('areaOfPoint', () => {
  it.each([
    ['the city centre', CITY, 'city'],
    ['a seeded city address', { lat: 38.8606, lng: 65.7891 }, 'city'],
    ['Beshkent', DISTRICT, 'district'],
    ['fields north of the city', NORTH_OF_CITY, 'district'],
    ['Tashkent', TASHKENT, null],
    ['Shahrisabz', SHAHRISABZ, null],
    ['Koson, just past the district', KOSON, null],
    ['lat 0, lng 0', { lat: 0, lng: 0 }, null],
    ['not a number', { lat: NaN, lng: 65.79 }, null],
    ['off the globe', { lat: 138.86, lng: 65.79 }, null],
  ] as const)('%s → %s', (_, point, expected) => {
    expect(areaOfPoint(point)).toBe(expected);
  });
});

describe('names in every spelling', () => {
  it('spells Qarshi one way', () => {
    for (const name of ['Qarshi', 'Karshi', 'Қарши', 'Карши', 'QARSHI', 'Qarshi shahri', 'город Карши'])
      expect(nameWords(name)).toContain('qarshi');
    expect(nameWords('Qashqadaryo viloyati')).toEqual(['qashqadaryo', 'viloyati']);
    expect(nameWords('Oʻzbekiston')).toEqual(['ozbeqiston']);
  });

  it.each([
    [{ city: 'Qarshi' }, 'city'],
    [{ city: 'Karshi' }, 'city'],
    [{ city: 'Карши' }, 'city'],
    [{ city: 'Қарши' }, 'city'],
    [{ city: 'Qarshi shahri', state: 'Qashqadaryo viloyati' }, 'city'],
    [{ city: 'Карши', state: 'Кашкадарьинская область' }, 'city'],
    [{ city: 'Qarshi', county: 'Qarshi tumani' }, 'city'],
    [{ county: 'Qarshi tumani' }, 'district'],
    [{ village: 'Beshkent', county: 'Qarshi tumani', state: 'Qashqadaryo viloyati' }, 'district'],
    [{ town: 'Бешкент', county: 'Каршинский район' }, 'district'],
    [{ village: 'Beshkent', county: 'Қарши тумани' }, 'district'],
    [{ village: 'Beshkent', county: 'Karshi District' }, 'district'],
    [{ village: 'Beshkent', state_district: 'Каршинский р-н' }, 'district'],
    [{ city: 'Qarshi tumani' }, 'district'],
    [{ city: 'Tashkent', state: 'Toshkent shahri' }, 'elsewhere'],
    [{ city: 'Shahrisabz', state: 'Qashqadaryo viloyati' }, 'unknown'],
    [{ village: 'Pudina', county: 'Kasbi tumani', state: 'Qashqadaryo viloyati' }, 'elsewhere'],
    [{ city: 'Qarshi', state: 'Samarqand viloyati' }, 'elsewhere'],
    [{ road: 'Nasaf koʻchasi' }, 'unknown'],
    [{}, 'unknown'],
  ])('%o → %s', (address, expected) => {
    expect(areaOfNames(address)).toBe(expected);
  });
});

describe('deliveryType', () => {
  it('is city inside the city, district inside the district', () => {
    expect(deliveryType(answer({ road: 'Nasaf koʻchasi', city: 'Qarshi', state: 'Qashqadaryo viloyati' }))).toBe(
      'city',
    );
    expect(
      deliveryType(answer({ village: 'Beshkent', county: 'Qarshi tumani', state: 'Qashqadaryo viloyati' }, DISTRICT)),
    ).toBe('district');
  });

  it('refuses a point outside the boundaries whatever the names say', () => {
    expect(deliveryType(answer({ city: 'Qarshi' }, TASHKENT))).toBeNull();
    expect(deliveryType(answer({ city: 'Qarshi' }), { lat: 0, lng: 0 })).toBeNull();
    expect(deliveryType(answer({ city: 'Shahrisabz', state: 'Qashqadaryo viloyati' }, SHAHRISABZ))).toBeNull();
  });

  it('refuses a place the geocoder puts elsewhere, even inside the boundaries', () => {
    expect(deliveryType(answer({ village: 'Pudina', county: 'Kasbi tumani' }, DISTRICT))).toBeNull();
  });

  it('lets the names decide between city and district near the (approximate) city edge', () => {
    expect(deliveryType(answer({ village: 'Xonobod', county: 'Qarshi tumani' }), CITY)).toBe('district');
    expect(deliveryType(answer({ city: 'Qarshi' }), NORTH_OF_CITY)).toBe('city');
  });

  it('falls back to the point when the answer has no usable names', () => {
    expect(deliveryType({ lat: '38.86', lon: '65.79' })).toBe('city');
    expect(deliveryType({ address: {} }, DISTRICT)).toBe('district');
    expect(deliveryType({ display_name: 'somewhere' }, CITY)).toBe('city');
    expect(deliveryType({ address: { road: 'Nasaf koʻchasi' } }, { lat: NaN, lng: 0 })).toBeNull();
  });

  it('refuses answers that say nothing', () => {
    expect(deliveryType(null)).toBeNull();
    expect(deliveryType(undefined, CITY)).toBeNull();
    expect(deliveryType({ error: 'Unable to geocode' }, CITY)).toBeNull();
    expect(deliveryType({})).toBeNull();
    expect(deliveryType({ lat: 'x', lon: '65.79' })).toBeNull();
  });
});

describe('address fields and the API check', () => {
  it('fills region, city, street and the house number from an answer', () => {
    const fields = addressFields(
      answer({
        house_number: '12',
        road: 'Nasaf koʻchasi',
        neighbourhood: 'Nasaf MFY',
        village: 'Beshkent',
        county: 'Qarshi tumani',
        state: 'Qashqadaryo viloyati',
      }),
    );
    expect(fields).toMatchObject({
      region: 'Qashqadaryo viloyati',
      city: 'Beshkent, Qarshi tumani',
      street: 'Nasaf koʻchasi, Nasaf MFY',
      home: '12',
    });
    expect(addressFields({})).toEqual({ region: '', city: '', street: '', home: '', display_name: '' });
  });

  it('reads saved fields back to the same decision', () => {
    for (const [address, point] of [
      [{ road: 'Nasaf koʻchasi', city: 'Qarshi', state: 'Qashqadaryo viloyati' }, CITY],
      [{ village: 'Beshkent', county: 'Qarshi tumani', state: 'Qashqadaryo viloyati' }, DISTRICT],
      [{ county: 'Каршинский район', state: 'Кашкадарьинская область' }, NORTH_OF_CITY],
    ] as const) {
      const given = answer(address, point);
      const fields = addressFields(given);
      const saved = { ...fields, latitude: point.lat, longitude: point.lng };
      expect(deliveryType(addressAsAnswer(saved), point)).toBe(deliveryType(given, point));
    }
  });

  it('names the wrong field of a saved address', () => {
    const base = { region: 'Qashqadaryo viloyati', city: 'Qarshi', latitude: 38.86, longitude: 65.79 } as const;
    expect(deliveryAreaProblem({ ...base, delivery_type: 'city' })).toBeNull();
    expect(deliveryAreaProblem({ ...base, delivery_type: 'district' })).toBe('address.delivery_type');
    expect(deliveryAreaProblem({ ...base, city: 'Tashkent', latitude: 0, longitude: 0, delivery_type: 'city' })).toBe(
      'address',
    );
    expect(deliveryAreaProblem({ ...base, region: 'Toshkent shahri', city: 'Tashkent', delivery_type: 'city' })).toBe(
      'address',
    );
    expect(
      deliveryAreaProblem({
        region: 'Qashqadaryo viloyati',
        city: 'Beshkent, Qarshi tumani',
        latitude: DISTRICT.lat,
        longitude: DISTRICT.lng,
        delivery_type: 'district',
      }),
    ).toBeNull();
  });
});
