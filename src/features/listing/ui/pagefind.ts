/**
 * The listing's answers from Pagefind's index of the page's language: the
 * index with the listing's scope, the facets' values, and the card each
 * product page carries.
 */
import type { NamedFacet } from '../rules/values.ts';
import { FILTER_KEYS, filterKeyOf, YES } from '../rules/values.ts';
import { loadKeys, valueIndex, type PagefindFilter, type ValueIndex } from '../rules/filters.ts';
import type { Counts } from '../rules/values.ts';
import type { ListingCard } from '../rules/facets.ts';
import { loadSearchIndex } from '../../../shared/ui/index-loader.ts';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';
import css from './listing.css?url';

/** The listing's products: those of a category or a store (by its value and its token), or the top list. */
export type ListingScope = { facet: NamedFacet; token: string; value: string } | { top: true };

export interface PagefindData {
  url: string;
  meta: Record<string, string | undefined>;
}
interface PagefindResult {
  id: string;
  data(): Promise<PagefindData>;
}
export interface PagefindAnswer {
  results: PagefindResult[];
  filters: Counts;
}
interface Pagefind {
  search(
    term: string | null,
    options: { filters?: PagefindFilter; sort?: Record<string, 'asc' | 'desc'> },
  ): Promise<PagefindAnswer | null>;
}

/** What a sorted list needs: Pagefind, its parts and the listing's scope (its key's values only). */
export interface Index {
  pagefind: Pagefind;
  parts: number[];
  scope: PagefindFilter;
}

/** What filters and counts need besides: the facets' values, loaded after the index. */
export interface Facets {
  values: ValueIndex;
  /** Every value the listing's products have. */
  scopeCounts: Counts;
  facets: ReadonlySet<string>;
}

const FACET_KEYS = [
  FILTER_KEYS.category,
  FILTER_KEYS.store,
  FILTER_KEYS.brand,
  FILTER_KEYS.feature,
  FILTER_KEYS.stock,
  FILTER_KEYS.monthly,
];

/** The index (and the listing's stylesheet), or null when it cannot answer for this listing. */
export async function loadIndex(where: ListingScope): Promise<Index | null> {
  try {
    const [index] = await Promise.all([loadSearchIndex<Pagefind>(), loadStylesheets(css)]);
    if (!index) return null;
    const { pagefind, parts } = index;
    if ('top' in where) return { pagefind, parts, scope: { [FILTER_KEYS.top]: YES } };
    const key = filterKeyOf(where.facet);
    const scope = { [key]: where.value };
    if ((await pagefind.search(null, { filters: scope }))?.results.length) return { pagefind, parts, scope };
    // Product pages that name the category or store otherwise than the listing: the value by its token.
    const all = await pagefind.search(null, { filters: loadKeys([key]) });
    const value = valueIndex(all?.filters ?? {})
      .get(where.facet)
      ?.get(where.token);
    // An index without the listing's facets (built before them): the prerendered list stays.
    return value ? { pagefind, parts, scope: { [key]: value } } : null;
  } catch {
    return null;
  }
}

/**
 * The facets' values, loaded once the index is: Pagefind loads and counts only the keys a search names, so one
 * search over the listing names them all (a sort alone never waits for them).
 */
export async function loadFacets(loading: Promise<Index | null>): Promise<Facets | null> {
  const index = await loading;
  if (!index) return null;
  try {
    const inScope = await index.pagefind.search(null, { filters: { all: [index.scope, loadKeys(FACET_KEYS)] } });
    const scopeCounts = inScope?.filters ?? {};
    const values = valueIndex(scopeCounts);
    return { values, scopeCounts, facets: new Set(values.keys()) };
  } catch {
    return null;
  }
}

/** A product page's card from its Pagefind answer (`data-pagefind-meta="card"`), with its sort values. */
export function readCard(data: PagefindData): (ListingCard & { order?: (number | null)[] }) | null {
  try {
    return JSON.parse(data.meta['card'] ?? '') as ListingCard & { order?: (number | null)[] };
  } catch {
    return null;
  }
}
