/**
 * The picker's Leaflet map. Leaflet and its CSS are imported here, and this
 * module only when the picker opens, so no page's first-load JavaScript
 * carries them. Tiles come from MAP_TILE_URL (OpenStreetMap by default); a
 * map whose tiles fail still takes clicks. The marker has an explicit icon
 * (Leaflet's default image URLs break under bundlers).
 */
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from 'astro:env/client';
import type { Point } from '#contract/delivery.ts';
import { MAP_CENTRE, MAP_ZOOM } from '../rules/geocode.ts';

export interface PickerMap {
  /** Put the marker on `point` (none: remove it); `recentre` moves the map to it (or to the default centre). */
  show(point: Point | null, recentre: boolean): void;
  /** The dialog changed size (opened): measure again. */
  resize(): void;
}

export interface MapLabels {
  zoomIn: string;
  zoomOut: string;
  marker: string;
}

const PIN =
  '<svg viewBox="0 0 32 40" width="32" height="40" aria-hidden="true" focusable="false"><path d="M16 0C7.2 0 0 7 0 15.7 0 27.5 16 40 16 40s16-12.5 16-24.3C32 7 24.8 0 16 0z" fill="#6d28d9"/><circle cx="16" cy="15.5" r="6" fill="#fff"/></svg>';

export async function createPickerMap(
  container: HTMLElement,
  labels: MapLabels,
  onPick: (point: Point) => void,
): Promise<PickerMap> {
  const { default: L } = await import('leaflet');
  const map = L.map(container, { center: MAP_CENTRE, zoom: MAP_ZOOM, zoomControl: false });
  L.control.zoom({ zoomInTitle: labels.zoomIn, zoomOutTitle: labels.zoomOut }).addTo(map);
  L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, maxZoom: 19 }).addTo(map);
  const icon = L.divIcon({ className: 'picker-pin', html: PIN, iconSize: [32, 40], iconAnchor: [16, 40] });
  let marker: ReturnType<typeof L.marker> | null = null;

  map.on('click', (event) => onPick({ lat: event.latlng.lat, lng: event.latlng.lng }));
  // Keyboard: the arrows pan (Leaflet), Enter or Space chooses the centre of the map.
  container.addEventListener('keydown', (event) => {
    if (event.target !== container || (event.key !== 'Enter' && event.key !== ' ')) return;
    event.preventDefault();
    const centre = map.getCenter();
    onPick({ lat: centre.lat, lng: centre.lng });
  });
  // The view, for tests that click a known place.
  const describe = () => {
    const centre = map.getCenter();
    container.dataset['zoom'] = String(map.getZoom());
    container.dataset['centre'] = `${centre.lat},${centre.lng}`;
  };
  map.on('moveend zoomend', describe);
  describe();

  return {
    show(point, recentre) {
      if (point) {
        marker ??= L.marker([point.lat, point.lng], {
          icon,
          keyboard: false,
          interactive: false,
          title: labels.marker,
        }).addTo(map);
        marker.setLatLng([point.lat, point.lng]);
      } else if (marker) {
        marker.remove();
        marker = null;
      }
      if (recentre) map.setView(point ? [point.lat, point.lng] : MAP_CENTRE, MAP_ZOOM, { animate: false });
    },
    resize() {
      map.invalidateSize({ animate: false });
    },
  };
}
