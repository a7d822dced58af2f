/**
 * The search page's first screen drawn before React: the page's own small script asks for the first results as the
 * page parses and writes the answer's heading, count and cards into the page the moment it is known (the first
 * row's photos at high priority: the largest paint is one of them), so that paint waits for the network and not
 * for React to load and hydrate. The island takes the same answer when it wakes
 * (`firstResults` asks once), draws the same markup (CardList, the same `cardHtml`) and takes the place over,
 * removing this copy in the same frame: nothing moves.
 */
import type { Lang } from '#contract/schemas.ts';
import type { ProductSummary } from '../../../backend/shop.ts';
import { cardHtml, FIRST_ROW, listingCard, type CardSetup } from '../../../shared/card.ts';
import { cleanQuery } from '../rules/recent-searches.ts';
import { firstResults } from '../state/search.ts';
import { configuredPlan } from '../../../shared/ui/installment-plan.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';

/** The element the page keeps for the first screen, with the island's labels and card setup as data. */
export const FIRST_SCREEN_ID = 'search-first';

export interface FirstScreenSetup {
  lang: Lang;
  labels: Labels<'searchResults'>;
  card: CardSetup;
}

/** Asks for the address's query's first results and draws them as they come (a failure is the island's to show). */
export function showFirstScreen(): void {
  const query = cleanQuery(new URLSearchParams(location.search).get('q') ?? '');
  if (!query) return;
  firstResults(query).then(
    (page) => drawFirstScreen(query, page.results, page.count),
    () => undefined,
  );
}

/** Draws the first answer into the page's first-screen element, unless the island is awake. */
function drawFirstScreen(query: string, results: readonly ProductSummary[], count: number): void {
  const place = document.getElementById(FIRST_SCREEN_ID);
  // An island awake draws the answer itself (its heading is there from the start).
  if (!place || results.length === 0 || document.querySelector('[data-testid="search-results"] h2')) return;
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
