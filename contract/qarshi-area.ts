/**
 * The delivery area: Qarshi city and Qarshi district (spec §1, §5), as GeoJSON
 * polygons ([longitude, latitude] pairs).
 *
 * APPROXIMATE. Drawn by hand for this project from general knowledge of where
 * Qarshi lies (city centre about 38.86 N, 65.79 E; the district around it,
 * its centre Beshkent to the south-west); not traced from or extracted out of
 * OpenStreetMap or any other map data set, and not an official boundary. Good
 * enough to tell "in Qarshi" from "elsewhere in Uzbekistan"; near the edges a
 * geocoder's own answer (names) decides between city and district (see
 * delivery.ts). Licence: the repository's own terms; no third-party data.
 *
 * The district ring encloses the city ring: a point is in the city if the city
 * ring holds it, else in the district if the district ring does.
 */
import type { Feature, Polygon } from 'geojson';

const ring = (points: [number, number][]): [number, number][] => [...points, points[0]!];

export const QARSHI_CITY: Feature<Polygon> = {
  type: 'Feature',
  properties: { name_uz: 'Qarshi', name_ru: 'Карши', approximate: true },
  geometry: {
    type: 'Polygon',
    coordinates: [
      ring([
        [65.735, 38.88],
        [65.755, 38.905],
        [65.79, 38.912],
        [65.825, 38.9],
        [65.845, 38.872],
        [65.84, 38.838],
        [65.815, 38.818],
        [65.775, 38.812],
        [65.745, 38.825],
        [65.73, 38.852],
      ]),
    ],
  },
};

export const QARSHI_DISTRICT: Feature<Polygon> = {
  type: 'Feature',
  properties: { name_uz: 'Qarshi tumani', name_ru: 'Каршинский район', approximate: true },
  geometry: {
    type: 'Polygon',
    coordinates: [
      ring([
        [65.5, 38.93],
        [65.6, 39.0],
        [65.75, 39.02],
        [65.9, 38.98],
        [65.98, 38.88],
        [65.95, 38.76],
        [65.82, 38.7],
        [65.65, 38.7],
        [65.52, 38.76],
        [65.47, 38.85],
      ]),
    ],
  },
};
