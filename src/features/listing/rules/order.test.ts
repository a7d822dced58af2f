import { describe, expect, it } from 'vitest';
import { cardOrder, MergedAnswers } from './order.ts';
import { SORT_FIELDS } from './sorts.ts';

interface Card {
  id: number;
  price: number | null;
}
/** Each part's answers in its own order, counting the cards read. */
function parts(lists: Card[][]) {
  let reads = 0;
  const answers = lists.map((list) => list.map((card) => ({ data: async () => (reads++, card) })));
  return { answers, reads: () => reads };
}
const price = (card: Card) => card.price;

describe('a listing merged from the index parts', () => {
  const lists: Card[][] = [
    [1, 4, 9, 12].map((p) => ({ id: p, price: p })),
    [2, 3, 10].map((p) => ({ id: p, price: p })),
    [5, 6, 7, 8, 11].map((p) => ({ id: p, price: p })),
  ];

  it('merges the parts’ sorted answers in the sort’s order, ascending and descending', async () => {
    const up = new MergedAnswers(parts(lists).answers, { price: 'asc' }, price);
    expect(up.total).toBe(12);
    expect((await up.slice(0, 5)).map((card) => card.id)).toEqual([1, 2, 3, 4, 5]);
    expect((await up.slice(5, 12)).map((card) => card.id)).toEqual([6, 7, 8, 9, 10, 11, 12]);
    const down = new MergedAnswers(parts(lists.map((list) => [...list].reverse())).answers, { price: 'desc' }, price);
    expect((await down.slice(0, 4)).map((card) => card.id)).toEqual([12, 11, 10, 9]);
  });

  it('reads about as many cards as it shows, not every part’s page of them', async () => {
    const many = Array.from({ length: 8 }, (_, part) =>
      Array.from({ length: 100 }, (_, i) => ({ id: part * 1000 + i, price: i * 8 + part })),
    );
    const { answers, reads } = parts(many);
    const merged = new MergedAnswers(answers, { price: 'asc' }, price);
    expect((await merged.slice(0, 24)).map((card) => card.price)).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(reads()).toBeLessThanOrEqual(24 + 2 * 8);
  });

  it('puts cards without the sort’s value last, and keeps the parts’ order on ties', async () => {
    const merged = new MergedAnswers(
      parts([
        [
          { id: 1, price: 5 },
          { id: 2, price: null },
        ],
        [{ id: 3, price: 5 }],
      ]).answers,
      { price: 'asc' },
      price,
    );
    expect((await merged.slice(0, 3)).map((card) => card.id)).toEqual([1, 3, 2]);
  });

  it('reads a card’s value of a field from its order', () => {
    const order = SORT_FIELDS.map((field) => (field === 'price' ? 1000 : null));
    expect(cardOrder(order, 'price')).toBe(1000);
    expect(cardOrder(order, 'rating')).toBeNull();
    expect(cardOrder(undefined, 'price')).toBeNull();
  });
});
