/**
 * Basket hooks of the prerendered pages, without a framework (tiny, on every page): `[data-basket-count]` badges
 * show the count once known (hidden until then), and `[data-add-to-basket={id}]` buttons (with `data-feature`, or
 * the product page's `data-feature-id`) add or remove their line (spec §4 toggle) with `aria-pressed` and
 * `data-in-basket`, `disabled` when sold out and not in the basket. A line the server refused is not in the
 * basket; a product page says why beside its button (`[data-basket-refused={id}]`). A click an island handled
 * (`event.preventDefault()`) is left alone.
 */
import { localizedPath } from '../../../i18n/urls.ts';
import { lineKey } from '../rules/basket.ts';
import { $basketCount, $basketKeys, $featureChoice, $refusedLines, $soldOut } from '../state/basket.ts';
import { $lang } from '../../../i18n/language.ts';
import { $signedIn } from '../../../backend/tokens.ts';
import { watchNewButtons } from '../../../shared/ui/watch-buttons.ts';
import { notify } from '../../../shared/notify.ts';

// The actions load at the first add (the service worker keeps them with the page); the sending when needed.
const actions = () => import('../state/edit.ts');
const sync = () => import('../state/sync.ts');

const featureOf = (button: HTMLElement): number | null => {
  // data-feature, or data-feature-id as the product page's feature picker sets it.
  const raw = button.dataset['feature'] ?? button.dataset['featureId'];
  return raw && /^\d+$/.test(raw) ? Number(raw) : null;
};

function paintBadges(count: number | null) {
  for (const badge of document.querySelectorAll<HTMLElement>('[data-basket-count]')) {
    if (count !== null) badge.textContent = String(count);
    badge.hidden = !count;
  }
}

function paintButtons(keys: ReadonlySet<string> = $basketKeys.get()) {
  for (const button of document.querySelectorAll<HTMLButtonElement>('[data-add-to-basket]')) {
    const id = Number(button.dataset['addToBasket']);
    const feature = featureOf(button);
    const pressed = keys.has(lineKey(id, feature ?? '*'));
    button.setAttribute('aria-pressed', String(pressed));
    button.dataset['inBasket'] = String(pressed);
    // Sold out (built in, set by the product page, or learnt from a refused add): nothing to add, but a line
    // already in the basket can still be taken out. `data-gone`: the product page found it no longer sold.
    if (feature === null && $soldOut.get().has(id)) button.dataset['soldOut'] = 'true';
    const soldOut = button.dataset['soldOut'] === 'true';
    button.disabled = button.dataset['gone'] === 'true' || (soldOut && !pressed);
  }
}

/** Beside a product page's button (`[data-basket-refused={id}]`), why the server refused its chosen line's add. */
function paintRefusals(refused: ReadonlyMap<string, string> = $refusedLines.get()) {
  for (const note of document.querySelectorAll<HTMLElement>('[data-basket-refused]')) {
    const id = note.dataset['basketRefused'];
    const button = document.querySelector<HTMLElement>(`[data-add-to-basket="${id}"]`);
    const reason = button ? refused.get(lineKey(Number(id), featureOf(button))) : undefined;
    note.hidden = reason === undefined;
    note.querySelector('[data-reason]')!.textContent = reason ?? '';
  }
}

let started = false;

export function enhanceBasket(): void {
  if (started) return;
  started = true;
  $basketCount.subscribe(paintBadges);
  $basketKeys.subscribe((keys) => paintButtons(keys));
  $soldOut.listen(() => paintButtons());
  $refusedLines.subscribe(paintRefusals);
  document.addEventListener('bozor:feature-change', () => {
    paintButtons();
    paintRefusals();
  });
  watchNewButtons('[data-add-to-basket]', () => paintButtons());
  // A card's add of a product sold in variants opens its page: the shopper chooses the variant there.
  $featureChoice.listen((choice) => {
    if (choice) location.assign(localizedPath($lang.get(), `/product/${choice.product}`));
  });
  if ($signedIn.get()) {
    // Every page load reads the basket and sends what waits, as do coming back online and the service worker; the
    // actions come at once too, so that an add made offline is kept.
    void actions();
    void sync().then((basket) => basket.loadBasket({ quiet: !document.getElementById('basket-root') }));
    const again = () => void sync().then((basket) => basket.loadBasket({ quiet: true, again: true }));
    window.addEventListener('online', again);
    navigator.serviceWorker?.addEventListener('message', (event: MessageEvent) => {
      if (event.data === 'basket-sync') again();
    });
  }
  document.addEventListener('click', (event) => {
    const button = (event.target as Element | null)?.closest?.<HTMLElement>('[data-add-to-basket]');
    if (!button || event.defaultPrevented) return;
    event.preventDefault();
    const raw = button.dataset['addToBasket'] ?? '';
    // A bad id still reaches the action, which answers 'Notoʻgʻri mahsulot maʼlumotlari!'.
    actions().then(
      ({ addToBasket }) => addToBasket({ id: /^\d+$/.test(raw) ? Number(raw) : NaN }, featureOf(button)),
      // Not loaded (offline, before the service worker kept them): the add is said to have failed.
      () => notify('error', 'isl.toast.addFailed'),
    );
  });
}
