import { describe, expect, it } from 'vitest';
import { detectLanguage, isLang, langOfPath, latePage, localizedPath, prefixRedirect, switchLangPath } from './urls.ts';

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

  it('detects the bare root language in the spec order: ?lng=, cache, browser, uz', () => {
    expect(detectLanguage({ query: 'ru', cached: 'uz', browser: ['uz'] })).toBe('ru');
    expect(detectLanguage({ query: 'en', cached: 'ru', browser: [] })).toBe('ru');
    expect(detectLanguage({ query: null, cached: null, browser: ['en-US', 'ru-RU'] })).toBe('ru');
    expect(detectLanguage({ query: null, cached: 'garbage', browser: ['de'] })).toBe('uz');
    expect(detectLanguage({ query: 'UZ', cached: 'ru', browser: ['ru'] })).toBe('uz');
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
