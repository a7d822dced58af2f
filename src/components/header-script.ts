/** Header behaviour: the language switcher, the category dropdown (no framework) and waking the search box. */
import { isLang, LANG_CACHE_KEY, langOfPath, switchLangPath } from '../i18n/urls.ts';
import { searchBox } from '../features/search/index.ts';
import { categoryDropdown } from '../features/site/index.ts';

function saveLang(lang: string): void {
  try {
    localStorage.setItem(LANG_CACHE_KEY, lang);
  } catch {
    // Storage may be unavailable (private mode); the URL still carries the language.
  }
}

const SEARCH_WAKE_EVENTS = ['focusin', 'pointerover', 'touchstart'] as const;
/** Hydrate by then even if the page never goes idle. */
const IDLE_TIMEOUT_MS = 500;

/**
 * The header search hydrates after the shopper's first focus, pointer or touch inside it; until then it is a
 * working plain form, so pages with no other island load no React at all. Loading and running React DOM (its
 * first evaluation is the costly part on a slow phone) waits for an idle moment, so that work does not sit
 * between the tap and its click, or inside a keystroke (npm run inp measures both at 4× CPU).
 */
function wakeSearchBox(): void {
  const slot = document.querySelector<HTMLElement>('[data-search-box]');
  const lang = document.documentElement.lang;
  if (!slot || !isLang(lang)) return;
  let started = false;
  const wake = () => {
    if (started) return;
    started = true;
    for (const name of SEARCH_WAKE_EVENTS) slot.removeEventListener(name, wake);
    requestIdleCallback(() => void searchBox().then((m) => m.hydrateSearchBox(slot, lang)), {
      timeout: IDLE_TIMEOUT_MS,
    });
  };
  for (const name of SEARCH_WAKE_EVENTS) slot.addEventListener(name, wake, { passive: true });
  // Focus may have arrived before this script ran.
  if (slot.contains(document.activeElement)) wake();
}

/**
 * The service worker (public/sw.js: visited pages, the basket and favourites offline) is registered once the page
 * has loaded, so it never competes with the first paint.
 */
function workOffline(): void {
  if (!('serviceWorker' in navigator)) return;
  const register = () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined);
  if (document.readyState === 'complete') register();
  else addEventListener('load', register, { once: true });
}

/**
 * A photo whose width failed (a variant the build never made, for a product drawn since; an image service down)
 * falls back to the whole photo, its src. Photos in the built pages have their widths; scripts draw the others later.
 */
const wholePhotoOnFailure = (event: Event) => {
  const image = event.target;
  if (image instanceof HTMLImageElement && image.srcset && image.currentSrc !== image.src)
    image.removeAttribute('srcset');
};

export function initHeader(): void {
  wakeSearchBox();
  addEventListener('error', wholePhotoOnFailure, true);
  workOffline();
  // The language of the page in view is the shopper's latest choice (as i18next caches it);
  // the bare root only reads it.
  const current = langOfPath(location.pathname);
  if (current) saveLang(current);

  for (const link of document.querySelectorAll<HTMLAnchorElement>('[data-lang-switch]')) {
    link.addEventListener('click', (event) => {
      const lang = link.dataset.langSwitch;
      if (!isLang(lang)) return;
      event.preventDefault();
      saveLang(lang);
      location.href = `${switchLangPath(location.pathname, lang)}${location.search}${location.hash}`;
    });
  }

  for (const dropdown of document.querySelectorAll<HTMLElement>('[data-dropdown]')) wakeCategoryDropdown(dropdown);
}

/**
 * The category dropdown's code (and the list it fetches) comes as the pointer or focus reaches its button; a click
 * before that opens it as soon as the code is there. Phones never show the bar, so they never load it.
 */
function wakeCategoryDropdown(dropdown: HTMLElement): void {
  const button = dropdown.querySelector<HTMLButtonElement>('[data-dropdown-button]');
  if (!button) return;
  let clicked = false;
  let loading = false;
  const onClick = () => {
    clicked = true;
    wake();
  };
  const wake = () => {
    if (loading) return;
    loading = true;
    void categoryDropdown().then(({ enhanceCategoryDropdown }) => {
      button.removeEventListener('click', onClick);
      enhanceCategoryDropdown(dropdown, clicked);
    });
  };
  for (const name of ['pointerover', 'focusin'] as const)
    button.addEventListener(name, wake, { passive: true, once: true });
  button.addEventListener('click', onClick);
}
