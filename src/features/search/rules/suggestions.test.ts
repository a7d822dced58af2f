import { describe, expect, it } from 'vitest';
import type { SearchSuggestions } from '../../../backend/shop.ts';
import { fromApi, mergeRanked, mergeSuggestions, type Suggestion } from './suggestions.ts';

const answer: SearchSuggestions = {
  products: [
    {
      id: 7,
      title: '',
      price: 1000,
      discount: 10,
      discount_price: 900,
      images: ['a.jpg', 'b.jpg'],
      rating: null,
      reviews_count: 0,
    },
  ],
  categories: [{ id: 3, name: 'Telefonlar', image: 'c.png' }],
  stores: [{ id: 1, name: 'Texno', address: 'texno shop', logo: null, location: 'Mustaqillik 5' }],
};

describe('search suggestions', () => {
  it('turns the API answer into products, categories and stores with localized links', () => {
    expect(fromApi('ru', answer)).toEqual([
      {
        kind: 'product',
        key: '7',
        title: 'Unknown Product',
        image: 'a.jpg',
        detail: '900\u00a0сум',
        href: '/ru/product/7',
      },
      { kind: 'category', key: '3', title: 'Telefonlar', image: 'c.png', detail: null, href: '/ru/category/3' },
      {
        kind: 'store',
        key: 'texno shop',
        title: 'Texno',
        image: null,
        detail: 'Mustaqillik 5',
        href: '/ru/store/texno%20shop',
      },
    ]);
  });

  it('keeps index answers first, completes them from the API and adds what the index lacks', () => {
    const api = fromApi('uz', answer);
    const index: Suggestion[] = [
      { kind: 'store', key: 'texno shop', title: 'Texno', image: '/logo.png', detail: null, href: '/uz/store/x' },
    ];
    const merged = mergeSuggestions(index, api);
    expect(merged[0]).toEqual({ ...index[0], detail: 'Mustaqillik 5' });
    expect(merged.map((s) => `${s.kind}:${s.key}`)).toEqual(['store:texno shop', 'product:7', 'category:3']);
  });

  it('uses whichever answer came when the other did not', () => {
    const api = fromApi('uz', answer);
    expect(mergeSuggestions(null, api)).toBe(api);
    expect(mergeSuggestions(api, null)).toBe(api);
    expect(mergeSuggestions(null, null)).toEqual([]);
  });
});

describe('mergeRanked', () => {
  const answer = (swapped: boolean, ...results: [string, number][]) => ({
    swapped,
    results: results.map(([id, score]) => ({ id, score, item: id })),
  });

  it('lists each result once at its best score, best first', () => {
    expect(mergeRanked([answer(false, ['a', 2], ['b', 1]), answer(false, ['b', 3], ['c', 0.5])])).toEqual([
      'b',
      'a',
      'c',
    ]);
  });

  it('weighs finds through the other keyboard layout down, and keeps the order of equal scores', () => {
    expect(mergeRanked([answer(false, ['a', 1]), answer(true, ['b', 1.5])])).toEqual(['a', 'b']);
    expect(mergeRanked([answer(false, ['a', 1]), answer(true, ['b', 3])])).toEqual(['b', 'a']);
    expect(mergeRanked([answer(false, ['a', 1], ['b', 1])])).toEqual(['a', 'b']);
    expect(mergeRanked([])).toEqual([]);
  });
});
