/**
 * The search page's first screen drawn before React: the first answer's heading, count and cards, written into the
 * page the moment the answer is known, so the largest paint (a result's photo) waits for the network and not for
 * React to load and hydrate. The island draws the same markup (CardList, the same `cardHtml`) and takes the place
 * over once it has the answer, hiding this copy in the same frame: nothing moves.
 */
import type { Lang } from '#contract/schemas.ts';
import type { ProductSummary } from '../../../backend/shop.ts';
import { cardHtml, FIRST_ROW, listingCard, type CardSetup } from '../../../shared/card.ts';
import { configuredPlan } from '../../../shared/ui/installment-plan.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';

/** The element the page keeps for the first screen, with the island's labels and card setup as data. */
export const FIRST_SCREEN_ID = 'search-first';

export interface FirstScreenSetup {
  lang: Lang;
  labels: Labels<'searchResults'>;
  card: CardSetup;
}

/** Draws the first answer into the page's first-screen element, unless the island already shows results. */
export function drawFirstScreen(query: string, results: readonly ProductSummary[], count: number): void {
  const place = document.getElementById(FIRST_SCREEN_ID);
  if (!place || results.length === 0 || document.querySelector('[data-testid="search-results"] .grid')) return;
  const { lang, labels, card } = JSON.parse(place.dataset['setup'] ?? '') as FirstScreenSetup;
  const t = makeT(labels);
  const heading = document.createElement('h2');
  heading.textContent = t('isl.search.results_for', { q: query });
  const status = Object.assign(document.createElement('p'), { className: 'island-status' });
  status.textContent = t('isl.search.count', { count });
  const grid = Object.assign(document.createElement('ul'), { className: 'grid' });
  grid.innerHTML = results
    .map((product, index) =>
      cardHtml(listingCard(product, t, configuredPlan(), lang), {
        ...card,
        lang,
        heading: 'h3',
        eager: index < FIRST_ROW,
      }),
    )
    .join('');
  place.replaceChildren(heading, status, grid);
  place.hidden = false;
}

/** Whether the first screen is showing: the island keeps its own list out of sight until it can take over. */
export const firstScreenShown = (): boolean => document.getElementById(FIRST_SCREEN_ID)?.hidden === false;

/** The island has drawn the results: the first screen goes, in the same frame. */
export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}
