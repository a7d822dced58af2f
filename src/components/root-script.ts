import { cookieValue, detectLanguage, LANG_CACHE_KEY, LANG_COOKIE } from '../i18n/urls.ts';

/** A storage's value, or null where storage is unavailable (private mode, blocked): the other sources still count. */
function stored(storage: () => Storage): string | null {
  try {
    return storage().getItem(LANG_CACHE_KEY);
  } catch {
    return null;
  }
}

/** The language cookie; null where cookies are unreadable (a sandboxed frame throws). */
function readCookie(): string | null {
  try {
    return cookieValue(document.cookie, LANG_COOKIE);
  } catch {
    return null;
  }
}

/**
 * The bare root shows home in uz; a shopper whose language is detected as
 * Russian goes to /ru. Detection follows spec §9's order (?lng, cookie,
 * localStorage, sessionStorage, browser, html tag) and the result is cached
 * in localStorage, as i18next's detector does.
 */
export function rootLanguageRedirect(): void {
  if (location.pathname !== '/') return;
  const params = new URLSearchParams(location.search);
  const lang = detectLanguage({
    query: params.get('lng'),
    cookie: readCookie(),
    local: stored(() => localStorage),
    session: stored(() => sessionStorage),
    browser: navigator.languages ?? [],
    htmlTag: document.documentElement.lang,
  });
  try {
    localStorage.setItem(LANG_CACHE_KEY, lang);
  } catch {
    // Not cached: the next visit detects again.
  }
  if (lang !== 'ru') return;
  params.delete('lng');
  const search = params.toString();
  location.replace(`/ru${search ? `?${search}` : ''}${location.hash}`);
}
