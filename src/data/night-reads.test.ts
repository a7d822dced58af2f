import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Product, Review } from '../backend/shop.ts';
import {
  NightReads,
  readNightReads,
  REVIEWS_REFRESH_DAYS,
  reviewsKey,
  writeNightReads,
  type ReviewsRead,
} from './night-reads.ts';

const product = (id: number, price = 1000): Product => ({
  id,
  title: `Product ${id}`,
  price,
  discount: null,
  discount_price: null,
  images: [],
  description: null,
  features: [],
});
const review = (id: number): Review => ({ id, advantage: 'a', shortcoming: '', comment: 'c', images: [] });
const DAY = 86_400_000;
const now = new Date('2026-11-28T22:00:00Z');
const readOn = (daysAgo: number, of: Product, reviews = [review(of.id)]): ReviewsRead => ({
  readAt: new Date(now.getTime() - daysAgo * DAY).toISOString(),
  key: reviewsKey(of),
  reviews,
});

describe('which reviews a night reads', () => {
  const products = Array.from({ length: 70 }, (_, index) => product(index + 1));

  it('reads every product on a first night', () => {
    const night = new NightReads(new Map(), new Map(), now);
    expect(products.every((item) => night.due(item))).toBe(true);
  });

  it('reads the seventh read longest ago, and the new and changed products; keeps the others', () => {
    // Products 1-10 were read six days ago, the rest yesterday.
    const last = new Map(products.map((item) => [item.id, readOn(item.id <= 10 ? 6 : 1, item)]));
    const night = new NightReads(last, new Map(), now);
    const changed = { ...product(40), price: 999 };
    const fresh = product(71);
    const due = [...products.slice(0, 39), changed, ...products.slice(40), fresh]
      .filter((item) => night.due(item))
      .map((item) => item.id);
    expect(due).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 40, 71]);
    expect(Math.ceil(products.length / REVIEWS_REFRESH_DAYS)).toBe(10);
  });

  it('reads every product not read for a week, however many', () => {
    const last = new Map(products.map((item) => [item.id, readOn(item.id <= 30 ? REVIEWS_REFRESH_DAYS : 0, item)]));
    const night = new NightReads(last, new Map(), now);
    expect(products.filter((item) => night.due(item))).toHaveLength(30);
  });

  it('decides once for every language, and keeps what it read or kept for the next night', () => {
    // Product 1 was read last; the rotation takes two of the others.
    const others = Array.from({ length: 7 }, (_, index) => product(index + 2));
    const last = new Map([
      [1, readOn(0, product(1), [review(9)])],
      ...others.map((item) => [item.id, readOn(3, item)] as const),
    ]);
    const night = new NightReads(last, new Map(), now);
    expect(night.due(product(1))).toBe(false);
    // The other language's entry differs (say its reviews count is stale): the first decision stands.
    expect(night.due({ ...product(1), reviews_count: 3 })).toBe(false);
    expect(night.keep(1, false)).toEqual([review(9)]);
    night.read(product(20), [review(5)]);
    expect(night.tally).toEqual({ read: 1, kept: 1, keptAfterFailure: 0 });
    expect(night.reviews.get(20)).toMatchObject({ readAt: now.toISOString(), reviews: [review(5)] });
    expect(() => night.keep(30, true)).toThrow(/no reviews of product 30/);
  });

  it('are kept between nights in a file, with the answers that came with validators', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'bozor-reads-'));
    try {
      const file = join(dir, 'reads.jsonl.gz');
      const reviews = new Map([[4, readOn(2, product(4))]]);
      const answers = new Map([
        ['uz http://x/', { etag: '"e"', status: 200, contentType: 'application/json', body: '[]' }],
      ]);
      await writeNightReads(file, reviews, answers);
      const read = await readNightReads(file, now);
      expect(read.lastReviews(4)).toEqual(reviews.get(4));
      expect(read.answers).toEqual(answers);
      expect((await readNightReads(join(dir, 'none.gz'), now)).answers.size).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
