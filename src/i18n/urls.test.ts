import { describe, expect, it } from 'vitest';
import {
  commentsShellPath,
  cookieValue,
  detectLanguage,
  isLang,
  langOfPath,
  latePage,
  localizedPath,
  prefixRedirect,
  switchLangPath,
} from './urls.ts';

describe('localized URLs', () => {
  it('prefixes paths with the language and drops trailing slashes', () => {
    expect(localizedPath('uz')).toBe('/uz');
    expect(localizedPath('ru', '/product/5/')).toBe('/ru/product/5');
    expect(localizedPath('uz', 'category/3')).toBe('/uz/category/3');
  });

  it('reads the language from the first segment only', () => {
    expect(langOfPath('/ru/basket')).toBe('ru');
    expect(langOfPath('/en/basket')).toBeNull();
    expect(langOfPath('/product/ru')).toBeNull();
    expect(isLang('uz')).toBe(true);
    expect(isLang('UZ')).toBe(false);
  });

  it('switches language by rewriting the first segment', () => {
    expect(switchLangPath('/uz/product/5', 'ru')).toBe('/ru/product/5');
    expect(switchLangPath('/ru', 'uz')).toBe('/uz');
    expect(switchLangPath('/basket', 'ru')).toBe('/ru/basket');
  });

  it('redirects paths without a language to /uz, keeping query and hash', () => {
    expect(prefixRedirect('/product/5?x=1#top')).toBe('/uz/product/5?x=1#top');
    expect(prefixRedirect('/en/basket')).toBe('/uz/en/basket');
    expect(prefixRedirect('/ru/basket')).toBeNull();
    expect(prefixRedirect('/')).toBeNull();
  });

  it('detects the bare root language in the spec order: ?lng=, cookie, localStorage, sessionStorage, browser, html tag, uz', () => {
    const none = { query: null, cookie: null, local: null, session: null, browser: [], htmlTag: null };
    expect(detectLanguage(none)).toBe('uz');
    // Each source wins over every later one.
    const all = { query: 'ru', cookie: 'uz', local: 'ru', session: 'uz', browser: ['ru-RU'], htmlTag: 'uz' };
    expect(detectLanguage(all)).toBe('ru');
    expect(detectLanguage({ ...all, query: null })).toBe('uz');
    expect(detectLanguage({ ...all, query: null, cookie: null })).toBe('ru');
    expect(detectLanguage({ ...all, query: null, cookie: null, local: null })).toBe('uz');
    expect(detectLanguage({ ...all, query: null, cookie: null, local: null, session: null })).toBe('ru');
    expect(detectLanguage({ ...none, htmlTag: 'ru' })).toBe('ru');
    // Not a language of ours: the next source decides; a region counts.
    expect(detectLanguage({ ...none, query: 'en', cookie: 'garbage', session: 'RU' })).toBe('ru');
    expect(detectLanguage({ ...none, browser: ['en-US', 'ru-RU'], htmlTag: 'uz' })).toBe('ru');
    expect(detectLanguage({ ...none, local: 'garbage', browser: ['de'] })).toBe('uz');
    expect(detectLanguage({ ...none, query: 'UZ', local: 'ru', browser: ['ru'] })).toBe('uz');
  });

  it('reads a cookie by name from document.cookie', () => {
    expect(cookieValue('a=1; i18next=ru; b=2', 'i18next')).toBe('ru');
    expect(cookieValue('i18nextLng=uz;i18next=ru', 'i18next')).toBe('ru');
    expect(cookieValue('x-i18next=ru', 'i18next')).toBeNull();
    expect(cookieValue('', 'i18next')).toBeNull();
    expect(cookieValue('i18next=%E2%82%AC', 'i18next')).toBe('€');
    expect(cookieValue('i18next=%E2', 'i18next')).toBe('%E2');
  });

  it('rewrites a comments page that was not built to the comments shell, as _redirects does', () => {
    expect(commentsShellPath('/uz/comments/42')).toBe('/uz/comments/late');
    expect(commentsShellPath('/ru/comments/7')).toBe('/ru/comments/late');
    expect(commentsShellPath('/ru/comments/abc')).toBe('/ru/comments/late');
    for (const other of ['/en/comments/1', '/uz/comments', '/uz/comments/', '/uz/comments/1/x', '/uz/product/1']) {
      expect(commentsShellPath(other), other).toBeNull();
    }
  });

  it('knows the pages the 404 page renders from the API', () => {
    expect(latePage('/ru/product/42')).toEqual({ kind: 'product', lang: 'ru', id: 42 });
    expect(latePage('/uz/comments/7')).toEqual({ kind: 'comments', lang: 'uz', id: 7 });
    for (const other of [
      '/en/product/1',
      '/uz/product/0',
      '/uz/product/1a',
      '/uz/comments/1/',
      '/uz/store/1',
      '/uz/product/99999999999999999',
    ])
      expect(latePage(other), other).toBeNull();
  });
});
