/** Header behaviour: the category dropdown and the language switcher (no framework). */
import { isLang, LANG_CACHE_KEY, langOfPath, switchLangPath } from '../i18n/urls.ts';

function saveLang(lang: string): void {
  try {
    localStorage.setItem(LANG_CACHE_KEY, lang);
  } catch {
    // Storage may be unavailable (private mode); the URL still carries the language.
  }
}

export function initHeader(): void {
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

  for (const dropdown of document.querySelectorAll<HTMLElement>('[data-dropdown]')) {
    const button = dropdown.querySelector<HTMLButtonElement>('[data-dropdown-button]');
    const panel = dropdown.querySelector<HTMLElement>('[data-dropdown-panel]');
    if (!button || !panel) continue;
    const setOpen = (open: boolean) => {
      button.setAttribute('aria-expanded', String(open));
      panel.hidden = !open;
    };
    button.addEventListener('click', () => setOpen(panel.hidden));
    document.addEventListener('click', (event) => {
      if (!panel.hidden && !dropdown.contains(event.target as Node)) setOpen(false);
    });
    document.addEventListener('keydown', (event) => {
      if (event.key === 'Escape' && !panel.hidden) {
        setOpen(false);
        button.focus();
      }
    });
  }
}
