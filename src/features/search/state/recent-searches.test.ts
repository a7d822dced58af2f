/**
 * Recent searches (spec §5, §9) in localStorage under `recentSearches`: at
 * most 5, newest first, no duplicates (case and spacing ignored), never a
 * blank query; what a page finds stored is cleaned and written back clean.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $recentSearches, clearRecentSearches, rememberSearch } from './recent-searches.ts';
import { resetStores } from '../../../../tests/unit/support/stores.ts';
import { useMemoryStorage } from '../../../../tests/unit/support/storage.ts';

useMemoryStorage('localStorage');
beforeEach(resetStores);

const stored = () => localStorage.getItem('recentSearches');
const stops: (() => void)[] = [];
afterEach(() => stops.splice(0).forEach((stop) => stop()));
/** Every value the store announces from now on (until the test ends). */
function heard(): (readonly string[])[] {
  const values: (readonly string[])[] = [];
  stops.push($recentSearches.listen((list) => void values.push(list)));
  return values;
}

describe('rememberSearch', () => {
  it('saves a cleaned query in the browser', () => {
    rememberSearch('  olma   qizil ');
    expect($recentSearches.get()).toEqual(['olma qizil']);
    expect(stored()).toBe('["olma qizil"]');
  });

  it('keeps the 5 newest, newest first', () => {
    for (const query of ['a', 'b', 'c', 'd', 'e', 'f']) rememberSearch(query);
    expect($recentSearches.get()).toEqual(['f', 'e', 'd', 'c', 'b']);
    expect(stored()).toBe('["f","e","d","c","b"]');
  });

  it('a repeated search moves to the front in its new spelling, once', () => {
    for (const query of ['Olma', 'nok', 'uzum']) rememberSearch(query);
    rememberSearch('OLMA');
    expect($recentSearches.get()).toEqual(['OLMA', 'uzum', 'nok']);
  });

  it('a blank query is never saved', () => {
    const values = heard();
    rememberSearch('   ');
    rememberSearch('');
    expect($recentSearches.get()).toEqual([]);
    expect(stored()).toBeNull();
    expect(values).toEqual([]);
  });

  it('searching the newest again changes nothing (no write, no update)', () => {
    rememberSearch('nok');
    rememberSearch('olma');
    const values = heard();
    rememberSearch(' olma ');
    expect(values).toEqual([]);
    rememberSearch('nok');
    expect(values).toEqual([['nok', 'olma']]);
  });
});

describe('clearRecentSearches', () => {
  it('empties the list and removes the key', () => {
    rememberSearch('olma');
    clearRecentSearches();
    expect($recentSearches.get()).toEqual([]);
    expect(stored()).toBeNull();
  });
});

describe('what a page finds stored', () => {
  /** The store as a page loads it with `raw` stored under recentSearches (null: nothing stored). */
  async function pageWith(raw: string | null) {
    if (raw !== null) localStorage.setItem('recentSearches', raw);
    vi.resetModules();
    const { $recentSearches: fresh } = await import('./recent-searches.ts');
    return fresh.get();
  }

  it('a clean list is read as it is and left alone', async () => {
    expect(await pageWith('["olma","nok"]')).toEqual(['olma', 'nok']);
    expect(stored()).toBe('["olma","nok"]');
  });

  it('a damaged list is cleaned and written back clean', async () => {
    expect(await pageWith('["olma", " olma ", "", 5, "nok", "a", "b", "c", "d"]')).toEqual([
      'olma',
      'nok',
      'a',
      'b',
      'c',
    ]);
    expect(stored()).toBe('["olma","nok","a","b","c"]');
  });

  it('text that is not a list, or an empty list, is removed', async () => {
    expect(await pageWith('{oops')).toEqual([]);
    expect(stored()).toBeNull();
    expect(await pageWith('[]')).toEqual([]);
    expect(stored()).toBeNull();
  });

  it('nothing stored stays nothing stored', async () => {
    expect(await pageWith(null)).toEqual([]);
    expect(stored()).toBeNull();
  });
});
