/**
 * Localized URLs, built by one helper so every href agrees on the language
 * prefix and on no trailing slash (spec §2: every route sits under /{lang}).
 */
import { LANGS, type Lang } from '#contract/langs.ts';

const DEFAULT_LANG: Lang = 'uz';
/** Where the shopper's language is cached in localStorage (the key i18next uses, spec §3), and read in sessionStorage. */
export const LANG_CACHE_KEY = 'i18nextLng';
/** The cookie the language is read from (i18next's detector's name for it). */
export const LANG_COOKIE = 'i18next';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/** What the bare root knows of the shopper's language, each source as the browser gives it (null: none, or unreadable). */
export interface LanguageSources {
  /** The `lng` query parameter. */
  query: string | null;
  /** The `i18next` cookie's value. */
  cookie: string | null;
  /** localStorage's i18nextLng. */
  local: string | null;
  /** sessionStorage's i18nextLng. */
  session: string | null;
  /** navigator.languages, most preferred first. */
  browser: readonly string[];
  /** The lang attribute of the page's <html>. */
  htmlTag: string | null;
}

/**
 * The bare root's language, in the spec's §9 detection order: the `lng`
 * query parameter, the cookie, localStorage's i18nextLng, sessionStorage's,
 * the browser's languages, the html tag, then uz. A source that names no
 * language of ours ('en', 'garbage') is skipped; 'ru-RU' counts as ru.
 */
export function detectLanguage(sources: LanguageSources): Lang {
  const { query, cookie, local, session, browser, htmlTag } = sources;
  for (const candidate of [query, cookie, local, session, ...browser, htmlTag]) {
    const lang = candidate?.trim().slice(0, 2).toLowerCase();
    if (isLang(lang)) return lang;
  }
  return DEFAULT_LANG;
}

/** A cookie's value in a `document.cookie` string (decoded), or null. */
export function cookieValue(cookies: string, name: string): string | null {
  for (const pair of cookies.split(';')) {
    const at = pair.indexOf('=');
    if (at < 0 || pair.slice(0, at).trim() !== name) continue;
    const value = pair.slice(at + 1).trim();
    try {
      return decodeURIComponent(value);
    } catch {
      return value;
    }
  }
  return null;
}

/** '/uz/product/5' for ('uz', '/product/5'); '/uz' for ('uz', '/'). */
export function localizedPath(lang: Lang, path = '/'): string {
  const clean = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return clean ? `/${lang}/${clean}` : `/${lang}`;
}

/** The language of a path's first segment, or null when it has none. */
export function langOfPath(pathname: string): Lang | null {
  const first = pathname.split('/')[1];
  return isLang(first) ? first : null;
}

/** The same page in another language: the first path segment is rewritten (spec §2). */
export function switchLangPath(pathname: string, lang: Lang): string {
  const rest = langOfPath(pathname) ? pathname.replace(/^\/[^/]+/, '') : pathname;
  return localizedPath(lang, rest);
}

/**
 * Where a path without a valid language prefix goes: the same path under /uz,
 * query and hash kept. Null when the path already has a language.
 */
export function prefixRedirect(pathWithQuery: string): string | null {
  const url = new URL(pathWithQuery, 'http://x');
  if (langOfPath(url.pathname) || url.pathname === '/') return null;
  return `${localizedPath(DEFAULT_LANG, url.pathname)}${url.search}${url.hash}`;
}

/**
 * The host's 200 rewrite of a comments page that was not built (a product
 * without reviews): '/uz/comments/late' for '/uz/comments/{anything}', as the
 * `_redirects` rule `/uz/comments/:id /uz/comments/late 200` matches one path
 * segment; null for any other path. Files that exist win over it.
 */
export function commentsShellPath(pathname: string): string | null {
  const lang = /^\/([a-z]{2})\/comments\/[^/]+$/.exec(pathname)?.[1];
  return isLang(lang) ? `/${lang}/comments/late` : null;
}

/** What the 404 page can render from the API: a page not built, by its path (spec §5: /{lang}/product/{digits}). */
export interface LatePage {
  kind: 'product' | 'comments';
  lang: Lang;
  id: number;
}

/**
 * A product added after the build, or the comments page of a product built
 * without one (products without reviews): the 404 page loads them from the API.
 */
export function latePage(pathname: string): LatePage | null {
  const match = /^\/([a-z]{2})\/(product|comments)\/(\d+)$/.exec(pathname);
  const lang = match?.[1];
  const id = Number(match?.[3]);
  if (!match || !isLang(lang) || !Number.isSafeInteger(id) || id <= 0) return null;
  return { kind: match[2] as LatePage['kind'], lang, id };
}
