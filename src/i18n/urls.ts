/**
 * Localized URLs, built by one helper so every href agrees on the language
 * prefix and on no trailing slash (spec §2: every route sits under /{lang}).
 */
import { LANGS, type Lang } from '#contract/langs.ts';

export const DEFAULT_LANG: Lang = 'uz';

export function isLang(value: unknown): value is Lang {
  return typeof value === 'string' && (LANGS as readonly string[]).includes(value);
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
