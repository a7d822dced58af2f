/**
 * The shopper's language (spec §2, §9): the first path segment, else the
 * page's <html lang>, else uz. Pages are per language, so it never changes while one lives.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $lang } from './language.ts';
import { resetStores } from '../../tests/unit/support/stores.ts';

beforeEach(resetStores);
afterEach(() => vi.unstubAllGlobals());

/** The language a page at `pathname` with <html lang=htmlLang> starts with (the store loaded fresh there). */
async function languageOfPage(pathname: string, htmlLang: string) {
  vi.resetModules();
  vi.stubGlobal('location', { pathname });
  vi.stubGlobal('document', { documentElement: { lang: htmlLang } });
  const fresh = await import('./language.ts');
  return fresh.$lang.get();
}

describe('the language a page starts with', () => {
  it('is uz where there is no page (the build, unit tests)', () => {
    expect(typeof document).toBe('undefined');
    expect($lang.get()).toBe('uz');
  });
  it("is the path's first segment when it names a language, whatever <html lang> says", async () => {
    expect(await languageOfPage('/ru/product/5', 'uz')).toBe('ru');
    expect(await languageOfPage('/uz/', 'ru')).toBe('uz');
    expect(await languageOfPage('/ru', '')).toBe('ru');
  });
  it("else <html lang>'s language part", async () => {
    expect(await languageOfPage('/', 'ru-RU')).toBe('ru');
    expect(await languageOfPage('/search', 'ru')).toBe('ru');
    expect(await languageOfPage('/en/about', 'uz-Latn')).toBe('uz');
  });
  it('else uz', async () => {
    expect(await languageOfPage('/en/about', 'en')).toBe('uz');
    expect(await languageOfPage('/', '')).toBe('uz');
    expect(await languageOfPage('/rus/', 'de')).toBe('uz');
  });
});
