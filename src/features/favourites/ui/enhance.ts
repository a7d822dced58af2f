/**
 * Heart buttons of the prerendered pages (`[data-favourite={id}]`), without a
 * framework: a click toggles the favourite (spec §4), `aria-pressed` shows
 * the state. Signed in, the server's favourites are loaded (and local ids
 * pushed) once per page.
 */
import { $favouriteIds, loadFavourites, toggleFavourite } from '../state/favourites.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import { watchNewButtons } from '../../../shared/ui/watch-buttons.ts';

function paint(ids: readonly number[]) {
  const set = new Set(ids);
  for (const button of document.querySelectorAll<HTMLElement>('[data-favourite]')) {
    const pressed = set.has(Number(button.dataset['favourite']));
    button.setAttribute('aria-pressed', String(pressed));
    button.dataset['liked'] = String(pressed);
  }
}

let started = false;

export function enhanceFavourites(): void {
  if (started) return;
  started = true;
  $favouriteIds.subscribe(paint);
  watchNewButtons('[data-favourite]', () => paint($favouriteIds.get()));
  if ($signedIn.get()) void loadFavourites();
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-favourite]');
    if (!button || event.defaultPrevented) return;
    event.preventDefault();
    toggleFavourite(Number(button.dataset['favourite']));
  });
}
