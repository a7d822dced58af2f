/**
 * A Nominatim-compatible reverse geocoder for development and tests:
 * `GET /geocoder/reverse?lat=&lon=&accept-language=&format=json`, answered
 * from the offline gazetteer of the Qarshi area (gazetteer/qarshi.json,
 * approximate, see its header) and the delivery-area boundaries of the
 * contract. Outside them it answers Nominatim's `{"error":"Unable to geocode"}`.
 * Production points the site's GEOCODER_URL at Nominatim or a self-hosted one.
 */
import { readFileSync } from 'node:fs';
import type { Hono } from 'hono';
import { z } from 'zod/mini';
import { areaOfPoint, type GeocodeAnswer, type Point } from '#contract/delivery.ts';
import type { Lang } from '#contract/schemas.ts';
import { pickLang } from './http.ts';

const Names = z.object({ uz: z.string(), ru: z.string() });
const LatLng = z.tuple([z.number(), z.number()]);
const Area = z.extend(Names, { center: LatLng, radius_m: z.number() });
export const Gazetteer = z.object({
  source: z.string(),
  licence: z.string(),
  accuracy: z.string(),
  country: z.extend(Names, { code: z.string() }),
  region: Names,
  city: Names,
  district: Names,
  streets: z.array(z.extend(Names, { width_m: z.number(), line: z.array(LatLng).check(z.minLength(2)) })),
  neighbourhoods: z.array(Area),
  places: z.array(z.extend(Area, { kind: z.enum(['town', 'village', 'hamlet']) })),
});
export type Gazetteer = z.infer<typeof Gazetteer>;

let shipped: Gazetteer | undefined;
/** The gazetteer shipped with the API, read and checked once. */
export function loadGazetteer(): Gazetteer {
  shipped ??= z.parse(
    Gazetteer,
    JSON.parse(readFileSync(new URL('./gazetteer/qarshi.json', import.meta.url), 'utf8')) as unknown,
  );
  return shipped;
}

/** Metres east/north of `origin` (equirectangular: plenty at city scale). */
function metres(origin: Point, [lat, lng]: [number, number]): [number, number] {
  return [(lng - origin.lng) * 111_320 * Math.cos((origin.lat * Math.PI) / 180), (lat - origin.lat) * 110_540];
}

/** Distance in metres from a point to a polyline. */
function distanceToLine(point: Point, line: [number, number][]): number {
  let best = Infinity;
  for (let i = 1; i < line.length; i++) {
    const [ax, ay] = metres(point, line[i - 1]!);
    const [bx, by] = metres(point, line[i]!);
    const [dx, dy] = [bx - ax, by - ay];
    const t = Math.max(0, Math.min(1, -(ax * dx + ay * dy) / (dx * dx + dy * dy || 1)));
    best = Math.min(best, Math.hypot(ax + t * dx, ay + t * dy));
  }
  return best;
}

const distanceTo = (point: Point, center: [number, number]) => Math.hypot(...metres(point, center));

/** The nearest item within its own reach, or undefined. */
function nearest<T>(items: T[], distance: (item: T) => number, reach: (item: T) => number): T | undefined {
  let found: T | undefined;
  let best = Infinity;
  for (const item of items) {
    const d = distance(item);
    if (d <= reach(item) && d < best) [found, best] = [item, d];
  }
  return found;
}

/** Nominatim's answer for a point, or its error outside the Qarshi area. */
export function reverseGeocode(gazetteer: Gazetteer, point: Point, lang: Lang): GeocodeAnswer & { licence?: string } {
  const area = areaOfPoint(point);
  if (!area) return { error: 'Unable to geocode' };
  const street = nearest(
    gazetteer.streets,
    (s) => distanceToLine(point, s.line),
    (s) => s.width_m,
  );
  const address: Record<string, string> = {};
  if (street) address['road'] = street[lang];
  if (area === 'city') {
    const quarter = nearest(
      gazetteer.neighbourhoods,
      (n) => distanceTo(point, n.center),
      (n) => n.radius_m,
    );
    if (quarter) address['neighbourhood'] = quarter[lang];
    address['city'] = gazetteer.city[lang];
  } else {
    const place = nearest(
      gazetteer.places,
      (p) => distanceTo(point, p.center),
      (p) => p.radius_m,
    );
    if (place) address[place.kind] = place[lang];
    address['county'] = gazetteer.district[lang];
  }
  address['state'] = gazetteer.region[lang];
  address['country'] = gazetteer.country[lang];
  address['country_code'] = gazetteer.country.code;
  const { country_code: _, ...named } = address;
  return {
    licence: gazetteer.licence,
    lat: point.lat.toFixed(7),
    lon: point.lng.toFixed(7),
    display_name: Object.values(named).join(', '),
    address,
  };
}

const Query = z.object({
  lat: z.coerce.number().check(z.gte(-90), z.lte(90)),
  lon: z.coerce.number().check(z.gte(-180), z.lte(180)),
  format: z.optional(z.enum(['json', 'jsonv2'])),
});

/** Serves `/geocoder/reverse` on the app (outside /api/v1, like Nominatim itself). */
export function geocoderRoutes(app: Hono, gazetteer: Gazetteer = loadGazetteer()): void {
  app.get('/geocoder/reverse', (c) => {
    const query = z.safeParse(Query, c.req.query());
    if (!query.success)
      return c.json({ error: { code: 400, message: 'lat and lon must be coordinates; format json or jsonv2.' } }, 400);
    const lang = pickLang(c.req.query('accept-language') ?? c.req.header('accept-language'));
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(reverseGeocode(gazetteer, { lat: query.data.lat, lng: query.data.lon }, lang));
  });
}
