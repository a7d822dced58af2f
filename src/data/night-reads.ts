/**
 * What a night read and may reuse the next night: each product's reviews with when they were read, and the answers
 * that came with validators (src/data/pacing.ts). A backend without a bulk catalogue needs one call a product for its
 * reviews; a night reads them only for the products that are new or changed since the last release and for the
 * seventh of the others read longest ago, so every product's reviews are at most a week old (the product page's live
 * island shows the reviews written since). A reviews call that fails keeps the last release's reviews.
 */
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { createInterface } from 'node:readline';
import type { Product, Review } from '../backend/shop.ts';
import type { KeptAnswer } from './pacing.ts';

/** Days within which every product's reviews are read again. */
export const REVIEWS_REFRESH_DAYS = 7;

export interface ReviewsRead {
  /** When they were read (ISO). */
  readAt: string;
  /** What the product looked like then (reviewsKey): a change reads its reviews again. */
  key: string;
  /** Newest first. */
  reviews: Review[];
}

/** What of a product says its reviews may have changed: the same in every language. */
export const reviewsKey = (product: Product): string =>
  JSON.stringify([
    product.price,
    product.discount,
    product.discount_price,
    product.rating ?? null,
    product.reviews_count ?? null,
    product.stock ?? null,
    product.features.map((feature) => [feature.id, feature.count, feature.price]),
  ]);

export class NightReads {
  /** The reviews this night shows, read or kept, by product. */
  readonly reviews = new Map<number, ReviewsRead>();
  /** How many products' reviews were read, kept unread, and kept after a failed read. */
  readonly tally = { read: 0, kept: 0, keptAfterFailure: 0 };
  private readonly decided = new Map<number, boolean>();
  private readonly rotation: ReadonlySet<number>;
  private readonly last: ReadonlyMap<number, ReviewsRead>;
  /** The answers kept with their validators, asked for again conditionally. */
  readonly answers: Map<string, KeptAnswer>;
  private readonly at: Date;

  constructor(
    last: ReadonlyMap<number, ReviewsRead> = new Map(),
    answers: Map<string, KeptAnswer> = new Map(),
    at: Date = new Date(),
  ) {
    this.last = last;
    this.answers = answers;
    this.at = at;
    const oldestFirst = [...last].sort(([a, x], [b, y]) => x.readAt.localeCompare(y.readAt) || a - b);
    const week = REVIEWS_REFRESH_DAYS * 86_400_000;
    const share = Math.ceil(last.size / REVIEWS_REFRESH_DAYS);
    this.rotation = new Set(
      oldestFirst
        .filter(([, read], index) => index < share || at.getTime() - Date.parse(read.readAt) >= week)
        .map(([id]) => id),
    );
  }

  /** The reviews the last release showed, if it read them. */
  lastReviews(id: number): ReviewsRead | undefined {
    return this.last.get(id);
  }

  /** Whether a product's reviews are read tonight: new, changed, or its turn; decided once for every language. */
  due(product: Product): boolean {
    let due = this.decided.get(product.id);
    if (due === undefined) {
      const last = this.last.get(product.id);
      due = !last || last.key !== reviewsKey(product) || this.rotation.has(product.id);
      this.decided.set(product.id, due);
    }
    return due;
  }

  read(product: Product, reviews: Review[]): void {
    this.tally.read++;
    this.reviews.set(product.id, { readAt: this.at.toISOString(), key: reviewsKey(product), reviews });
  }

  keep(id: number, afterFailure: boolean): Review[] {
    const last = this.last.get(id);
    if (!last) throw new Error(`no reviews of product ${id} to keep`);
    this.tally[afterFailure ? 'keptAfterFailure' : 'kept']++;
    this.reviews.set(id, last);
    return last.reviews;
  }
}

type Line = { reviews: [number, ReviewsRead] } | { answer: [string, KeptAnswer] };

/** The reads a release kept (`file`, gzipped lines); none when it has no such file. */
export async function readNightReads(file: string | null, at = new Date()): Promise<NightReads> {
  const reviews = new Map<number, ReviewsRead>();
  const answers = new Map<string, KeptAnswer>();
  if (file && existsSync(file)) {
    const lines = createInterface({ input: createReadStream(file).pipe(createGunzip()), crlfDelay: Infinity });
    for await (const text of lines) {
      if (!text) continue;
      const line = JSON.parse(text) as Line;
      if ('reviews' in line) reviews.set(...line.reviews);
      else answers.set(...line.answer);
    }
  }
  return new NightReads(reviews, answers, at);
}

/** Writes this night's reads for the next night. */
export async function writeNightReads(
  file: string,
  reviews: ReadonlyMap<number, ReviewsRead>,
  answers: ReadonlyMap<string, KeptAnswer>,
): Promise<void> {
  function* lines(): Generator<string> {
    for (const entry of reviews) yield `${JSON.stringify({ reviews: entry })}\n`;
    for (const entry of answers) yield `${JSON.stringify({ answer: entry })}\n`;
  }
  await pipeline(Readable.from(lines()), createGzip(), createWriteStream(file));
}
