/**
 * Localized URLs, built by one helper so every href agrees on the language
 * prefix and on no trailing slash (spec §2: every route sits under /{lang}).
 */
import { LANGS, type Lang } from '#contract/langs.ts';

export const DEFAULT_LANG: Lang = 'uz';
/** Where the shopper's language is cached in localStorage (the key i18next uses, spec §3). */
export const LANG_CACHE_KEY = 'i18nextLng';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
}

/**
 * The bare root's language, in the spec's §9 detection order: the `lng`
 * query parameter, the cached choice (i18nextLng), the browser's languages,
 * then uz.
 */
export function detectLanguage(sources: {
  query: string | null;
  cached: string | null;
  browser: readonly string[];
}): Lang {
  for (const candidate of [sources.query, sources.cached, ...sources.browser]) {
    const lang = candidate?.trim().slice(0, 2).toLowerCase();
    if (isLang(lang)) return lang;
  }
  return DEFAULT_LANG;
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
