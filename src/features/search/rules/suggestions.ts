/**
 * Search-box suggestions (spec §2 Search box): products (thumbnail, title,
 * price), categories (name, image) and stores (name, logo, address), from the
 * Pagefind index and the API, merged into one list.
 */
import type { Lang } from '#contract/schemas.ts';
import type { SearchSuggestions } from '../../../backend/shop.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { formatPrice, payablePrice } from '../../../shared/price.ts';
import { firstImage, productTitle } from '../../../shared/product.ts';

export interface Suggestion {
  kind: 'product' | 'category' | 'store';
  /** Product or category id, or the store's address key. */
  key: string;
  title: string;
  image: string | null;
  /** Products: the price text; stores: the street address. */
  detail: string | null;
  href: string;
}

export function fromApi(lang: Lang, answer: SearchSuggestions): Suggestion[] {
  return [
    ...answer.products.map((p) => ({
      kind: 'product' as const,
      key: String(p.id),
      title: productTitle(p),
      image: firstImage(p.images),
      detail: formatPrice(payablePrice(p), lang),
      href: localizedPath(lang, `/product/${p.id}`),
    })),
    ...answer.categories.map((c) => ({
      kind: 'category' as const,
      key: String(c.id),
      title: c.name,
      image: firstImage(c.image),
      detail: null,
      href: localizedPath(lang, `/category/${c.id}`),
    })),
    ...answer.stores.map((s) => ({
      kind: 'store' as const,
      key: s.address,
      title: s.name,
      image: s.logo,
      detail: s.location ?? null,
      href: localizedPath(lang, `/store/${encodeURIComponent(s.address)}`),
    })),
  ];
}

/**
 * Index answers first, completed by the API's (a store's address, which the
 * index does not hold); API suggestions the index lacks (newer than the
 * build) are added after them.
 */
export function mergeSuggestions(index: Suggestion[] | null, api: Suggestion[] | null): Suggestion[] {
  if (!index) return api ?? [];
  if (!api) return index;
  const fromServer = new Map(api.map((s) => [keyOf(s), s]));
  const merged = index.map((s) => {
    const other = fromServer.get(keyOf(s));
    return other ? { ...s, image: s.image ?? other.image, detail: s.detail ?? other.detail } : s;
  });
  const seen = new Set(index.map(keyOf));
  return [...merged, ...api.filter((s) => !seen.has(keyOf(s)))];
}

const keyOf = (s: Suggestion) => `${s.kind}:${s.key}`;

/** One answer of the index to one form of a query (#contract/search-forms.ts searchForms). */
export interface RankedAnswer<T> {
  /** The form was the query read on the other keyboard layout. */
  swapped: boolean;
  results: ReadonlyArray<{ id: string; score: number; item: T }>;
}

/** How much less a find of the query read on the other layout counts than one of the query as typed. */
const SWAPPED_WEIGHT = 0.5;

/**
 * The index's answers to every form of a query as one list: each result once,
 * at its best score (finds through the other keyboard layout weighed down),
 * best first, ties in the order the forms and their results came.
 */
export function mergeRanked<T>(answers: ReadonlyArray<RankedAnswer<T>>): T[] {
  const best = new Map<string, { score: number; order: number; item: T }>();
  let order = 0;
  for (const { swapped, results } of answers)
    for (const { id, score, item } of results) {
      const weighed = swapped ? score * SWAPPED_WEIGHT : score;
      const seen = best.get(id);
      if (!seen) best.set(id, { score: weighed, order: order++, item });
      else if (weighed > seen.score) seen.score = weighed;
    }
  return [...best.values()].sort((a, b) => b.score - a.score || a.order - b.order).map((entry) => entry.item);
}
