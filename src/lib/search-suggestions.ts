/**
 * Search-box suggestions (spec §2 Search box): products (thumbnail, title,
 * price), categories (name, image) and stores (name, logo, address), from the
 * Pagefind index and the API, merged into one list.
 */
import type { Lang, SearchSuggestions } from '#contract/schemas.ts';
import { localizedPath } from '../i18n/urls.ts';
import { formatPrice, payablePrice } from './price.ts';
import { firstImage, productTitle } from './product.ts';

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
      detail: formatPrice(payablePrice(p)),
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
      detail: s.location,
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
