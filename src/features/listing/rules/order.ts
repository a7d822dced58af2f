/**
 * A sorted listing over an index in parts (src/shared/index-parts.ts): Pagefind sorts each part's answers, and its
 * merge of parts orders by score only, so the listing merges the parts' sorted answers itself, by the sort's field
 * as each product's card carries it (`order`, in SORT_FIELDS' order). Cards are read a few per part at a time: the
 * first n of the merged list cost about n cards and one or two more per part.
 */
import { SORT_FIELDS, type SortField } from './sorts.ts';

export interface Answer<Data> {
  data(): Promise<Data>;
}

export type SortOrder = Partial<Record<SortField, 'asc' | 'desc'>>;

interface Part<Data> {
  answers: Answer<Data>[];
  /** The next answer not yet read. */
  next: number;
  /** Read, not yet merged, with their keys. */
  read: { data: Data; key: number }[];
}

export class MergedAnswers<Data> {
  private readonly parts: Part<Data>[];
  private readonly merged: Data[] = [];
  private readonly key: (data: Data) => number;
  readonly total: number;

  /** `keyOf` reads a card's value of the sort's field; null when it has none (such cards come last). */
  constructor(parts: Answer<Data>[][], sort: SortOrder, keyOf: (data: Data, field: SortField) => number | null) {
    this.parts = parts.map((answers) => ({ answers, next: 0, read: [] }));
    this.total = parts.reduce((sum, answers) => sum + answers.length, 0);
    const [field, direction] = (Object.entries(sort)[0] ?? ['popular', 'asc']) as [SortField, 'asc' | 'desc'];
    const sign = direction === 'asc' ? 1 : -1;
    this.key = (data) => {
      const value = keyOf(data, field);
      return value === null ? Number.POSITIVE_INFINITY : sign * value;
    };
  }

  /** The merged answers [from, to), their cards read. */
  async slice(from: number, to: number): Promise<Data[]> {
    while (this.merged.length < to) {
      const left = this.parts.filter((part) => part.read.length > 0 || part.next < part.answers.length);
      if (left.length === 0) break;
      const empty = left.filter((part) => part.read.length === 0);
      // A part's head must be read before any answer is chosen over it.
      const batch = Math.ceil((to - this.merged.length) / left.length) + 1;
      await Promise.all(empty.map((part) => this.read(part, batch)));
      while (this.merged.length < to) {
        const heads = this.parts.filter((part) => part.read.length > 0 || part.next < part.answers.length);
        if (heads.length === 0 || heads.some((part) => part.read.length === 0)) break;
        // Ties keep the parts' order, and each part keeps Pagefind's.
        const best = heads.reduce((a, b) => (b.read[0]!.key < a.read[0]!.key ? b : a));
        this.merged.push(best.read.shift()!.data);
      }
    }
    return this.merged.slice(from, to);
  }

  private async read(part: Part<Data>, count: number): Promise<void> {
    const answers = part.answers.slice(part.next, part.next + count);
    part.next += answers.length;
    const data = await Promise.all(answers.map((answer) => answer.data()));
    part.read.push(...data.map((item) => ({ data: item, key: this.key(item) })));
  }
}

/** A card's sort values (`order` in SORT_FIELDS' order), as the product page wrote them. */
export function cardOrder(values: readonly (number | null)[] | undefined, field: SortField): number | null {
  return values?.[SORT_FIELDS.indexOf(field)] ?? null;
}
