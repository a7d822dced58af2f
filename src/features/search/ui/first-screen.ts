/**
 * The search page's first screen drawn before React. The page's head asked for the first results as it parsed and
 * preloaded their first row's photos (head.ts); the page's own small script writes the answer's heading, count and
 * cards into the page the moment it is known, so the largest paint (one of those photos) waits for the network and
 * not for React to load and hydrate. The island wakes once that row is painted (`client:after`), takes the same
 * answer (`firstResults` asks once), draws the same markup (CardList, the same `cardHtml`) and takes the place over,
 * removing this copy in the same frame: nothing moves.
 */
import type { Lang } from '#contract/schemas.ts';
import type { ProductSummary } from '../../../backend/shop.ts';
import { cardHtml, FIRST_ROW, listingCard, type CardSetup } from '../../../shared/card.ts';
import { addressQuery } from '../rules/first-read.ts';
import { firstResults } from '../state/search.ts';
import { configuredPlan } from '../../../shared/ui/installment-plan.ts';
import { makeT, type Labels } from '../../../i18n/messages.ts';

/** The element the page keeps for the first screen, with the island's labels and card setup as data. */
export const FIRST_SCREEN_ID = 'search-first';

/**
 * Dispatched on the document once the first screen is painted with its first row's photos, or known to have nothing
 * to draw: the island wakes (`client:after`). React's modules then do not share the phone's bandwidth with those
 * photos, nor delay their paint with their evaluation.
 */
export const FIRST_SCREEN_DONE = 'bozor:first-screen';

export interface FirstScreenSetup {
  lang: Lang;
  labels: Labels<'searchResults'>;
  card: CardSetup;
}

/** Asks for the address's query's first results and draws them as they come (a failure is the island's to show). */
export function showFirstScreen(): void {
  const query = addressQuery(location.search);
  const done = () => void document.dispatchEvent(new Event(FIRST_SCREEN_DONE));
  if (!query) return done();
  // A slow answer is the island's to wait for: it wakes on its own soon after the page's load (`client:after`).
  void firstResults(query)
    .then(
      (page) => firstRowPainted(drawFirstScreen(query, page.results, page.count)),
      () => undefined,
    )
    .then(done);
}

/** Resolves once the photos given are decoded (or failed) and a frame has shown them. */
async function firstRowPainted(photos: readonly HTMLImageElement[]): Promise<void> {
  await Promise.all(photos.map((photo) => photo.decode().catch(() => undefined)));
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
}

/** Draws the first answer into the page's first-screen element, unless the island is awake; its first row's photos. */
function drawFirstScreen(query: string, results: readonly ProductSummary[], count: number): HTMLImageElement[] {
  const place = document.getElementById(FIRST_SCREEN_ID);
  // An island awake draws the answer itself (its heading is there from the start).
  if (!place || results.length === 0 || document.querySelector('[data-testid="search-results"] h2')) return [];
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
  return [...grid.querySelectorAll<HTMLImageElement>('img[fetchpriority="high"]')];
}

/** Whether the first screen is showing: the island keeps its own list out of sight until it can take over. */
export const firstScreenShown = (): boolean => document.getElementById(FIRST_SCREEN_ID)?.hidden === false;

/** The island has drawn the results: the first screen goes, in the same frame. */
export function removeFirstScreen(): void {
  document.getElementById(FIRST_SCREEN_ID)?.remove();
}
