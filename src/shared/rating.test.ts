import { describe, expect, it } from 'vitest';
import { translator } from '../i18n/index.ts';
import { cardRating } from './rating.ts';

describe('cardRating', () => {
  it('shows the average to one decimal, the reviews count and the words for it', () => {
    expect(cardRating({ rating: 4.56, reviews_count: 12 }, translator('uz'))).toEqual({
      value: '4.6',
      reviews: '(12)',
      label: '4.6 / 5 · 12 ta sharh',
    });
    expect(cardRating({ rating: 3, reviews_count: 2 }, translator('ru'))).toEqual({
      value: '3.0',
      reviews: '(2)',
      label: '3.0 / 5 · отзывов: 2',
    });
  });
  it('leaves the count out when it is unknown or none', () => {
    expect(cardRating({ rating: 4 }, translator('uz'))).toEqual({
      value: '4.0',
      reviews: null,
      label: 'Baho: 4.0 / 5',
    });
  });
  it('shows nothing for a product nobody rated', () => {
    for (const rating of [undefined, null, 0, Number.NaN])
      expect(cardRating({ rating, reviews_count: 0 }, translator('uz'))).toBeNull();
  });
});
