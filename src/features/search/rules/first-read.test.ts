import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { firstSearchRead } from './first-read.ts';
import { cleanQuery } from './recent-searches.ts';
import { normaliseSearchText } from './search-text.ts';

describe('the search page’s first read', () => {
  it('asks what the results page asks: the cleaned query, normalised as the index is, page 1', () => {
    expect(firstSearchRead('?q=%20%20o%E2%80%98yin%20%20%20konsol%20')).toEqual({ q: "o'yin konsol", page: '1' });
    expect(firstSearchRead('?q=telefon&page=3')).toEqual({ q: 'telefon', page: '1' });
  });

  it('asks nothing for an address without a query, or a blank one', () => {
    expect(firstSearchRead('')).toBeNull();
    expect(firstSearchRead('?q=%20%20')).toBeNull();
    expect(firstSearchRead('?page=2')).toBeNull();
  });

  it('for any typed text, the query the island sends (cleanQuery, then the normalisation of its first page)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 300 }), (typed) => {
        const island = normaliseSearchText(cleanQuery(typed));
        const read = firstSearchRead(`?${new URLSearchParams({ q: typed })}`);
        expect(read).toEqual(island ? { q: island, page: '1' } : null);
      }),
    );
  });
});
