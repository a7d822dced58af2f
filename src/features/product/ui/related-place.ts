/**
 * When the product page's related products load: as their place nears the screen. Their code (the card filler,
 * the labels, the API read) comes then too, so the page's first load carries none of it.
 */
import { whenNear } from '../../../shared/ui/when-near.ts';

export function watchRelatedPlace(place: HTMLElement): void {
  whenNear(place, '400px', () => void import('./related.ts').then(({ showRelated }) => showRelated(place)));
}
