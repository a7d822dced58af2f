/**
 * The listing tools' first-load script (a few hundred bytes): it shows the
 * sort box and the filters button and loads the filter module
 * (listing.ts, with Pagefind) only when the shopper reaches for one of them,
 * or at once when the address already holds a choice (a shared link, back
 * or forward to a filtered list).
 */
import type * as Listing from './listing.ts';

type Module = typeof Listing;

const LISTING_PARAMS = /[?&](?!utm_|page=)[\w\p{L}-]+=/u;

export function startListing(): void {
  const tools = document.querySelector<HTMLElement>('[data-listing-tools]');
  if (!tools) return;
  let module: Promise<Module> | null = null;
  const load = () => (module ??= import('./listing.ts'));
  const controller = () => load().then((m) => m.listingController(tools));

  tools.classList.add('ready');
  // Reaching for a control (a press, a tap, focus) starts the download, so the choice finds it ready.
  for (const name of ['pointerdown', 'focusin'] as const)
    tools.addEventListener(name, () => void controller(), { once: true, passive: true });
  tools.querySelector('[data-listing-filters]')?.addEventListener('click', () => {
    void controller().then((c) => c.openPanel());
  });
  const sort = tools.querySelector<HTMLSelectElement>('[data-listing-sort]');
  sort?.addEventListener('change', () => {
    performance.mark('listing-choice');
    const chosen = sort.value;
    void controller().then((c) => c.chooseSort(chosen));
  });
  if (LISTING_PARAMS.test(location.search)) void controller().then((c) => c.restore());
  window.addEventListener('popstate', () => {
    if (module || LISTING_PARAMS.test(location.search)) void controller().then((c) => c.restore());
  });
}
