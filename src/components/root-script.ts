import { detectLanguage, LANG_CACHE_KEY } from '../i18n/urls.ts';

/** The bare root shows home in uz; a shopper whose language is detected as Russian (spec §9 order) goes to /ru. */
export function rootLanguageRedirect(): void {
  if (location.pathname !== '/') return;
  const params = new URLSearchParams(location.search);
  let cached: string | null = null;
  try {
    cached = localStorage.getItem(LANG_CACHE_KEY);
  } catch {
    // Storage may be unavailable (private mode): the other sources still count.
  }
  const lang = detectLanguage({ query: params.get('lng'), cached, browser: navigator.languages ?? [] });
  if (lang !== 'ru') return;
  params.delete('lng');
  const search = params.toString();
  location.replace(`/ru${search ? `?${search}` : ''}${location.hash}`);
}
