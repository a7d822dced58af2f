/**
 * The Pagefind filter a listing's state stands for, and the counts beside
 * each value of its filters panel.
 */
import { priceBlocks, priceKey } from './price.ts';
import type { ListingState } from './state.ts';
import { FILTER_KEYS, filterKeyOf, parseValue, YES, type Counts } from './values.ts';

/** A Pagefind filter object (`{ all: [...] }`, `{ key: { any: [...] } }`...). */
export type PagefindFilter = Record<string, unknown>;

/** Index values by facet and token: what a URL token stands for in this language's index. */
export type ValueIndex = Map<string, Map<string, string>>;

/** One thing the list is narrowed by: a facet, the price or the stock; counts leave their own group out. */
export type Group = string;
export const PRICE_GROUP = ':price';
export const STOCK_GROUP = ':stock';
export const MONTHLY_GROUP = ':monthly';

/**
 * The clauses of a state, by group: values of one facet are alternatives
 * (Samsung or Apple), groups all apply (and in stock, and up to 5 million).
 * A token the index does not know matches nothing.
 */
export function stateClauses(state: ListingState, values: ValueIndex): Map<Group, PagefindFilter> {
  const clauses = new Map<Group, PagefindFilter>();
  for (const [facet, tokens] of Object.entries(state.facets)) {
    if (tokens.length === 0) continue;
    const known = values.get(facet);
    const chosen = tokens.map((token) => known?.get(token) ?? `${facet}|${token}|unknown`);
    clauses.set(facet, { [filterKeyOf(facet)]: { any: chosen } });
  }
  if (state.stock) clauses.set(STOCK_GROUP, { [FILTER_KEYS.stock]: YES });
  if (state.monthly !== null) clauses.set(MONTHLY_GROUP, { [FILTER_KEYS.monthly]: String(state.monthly) });
  if (state.min !== null || state.max !== null) {
    const blocks = Object.entries(priceBlocks(state.min, state.max));
    // An empty range: a value no page has.
    clauses.set(
      PRICE_GROUP,
      blocks.length === 0
        ? { [priceKey(0)]: 'none' }
        : { any: blocks.map(([key, list]) => ({ [key]: { any: list } })) },
    );
  }
  return clauses;
}

/**
 * The filter of the page's scope and the clauses, but for the group left out (for that group's counts). Only
 * product pages carry the scope keys (ct, st, top), so no `type` clause is needed (and its values, every page of
 * the index, are never fetched).
 */
export function combine(
  scope: PagefindFilter,
  clauses: ReadonlyMap<Group, PagefindFilter>,
  without?: Group,
): PagefindFilter {
  const all = [scope];
  for (const [group, clause] of clauses) if (group !== without) all.push(clause);
  return { all };
}

/**
 * A filter that leaves the results as they are but names these keys, so
 * Pagefind loads their values and counts them (it counts only loaded keys).
 */
export function loadKeys(keys: readonly string[]): PagefindFilter {
  return { none: Object.fromEntries(keys.map((key) => [key, ''])) };
}

/** Pagefind's counts: filter key → value → pages. */

interface FacetOption {
  token: string;
  label: string;
  /** The index value. */
  value: string;
  /** Products with this value among those the other groups leave. */
  count: number;
}

export interface FacetGroup {
  facet: string;
  /** A feature's name in the page's language; null for category, store and brand (the page names them). */
  label: string | null;
  options: FacetOption[];
}

/** Facets shown, in this order; the page's own scope facet (a category page's category) is left out. */
const FACET_ORDER = ['category', 'store', 'brand'];

/**
 * The facets of a listing from its scope's counts (every value its products
 * have), each option's count from `counts` (0: shown disabled). A facet with
 * a single value over the whole listing narrows nothing and is left out,
 * unless chosen.
 */
export function facetGroups(
  scopeCounts: Counts,
  countsFor: (facet: string) => Counts,
  omit: readonly string[],
  chosen: ListingState['facets'] = {},
): FacetGroup[] {
  const groups = new Map<string, FacetGroup>();
  for (const key of [FILTER_KEYS.category, FILTER_KEYS.store, FILTER_KEYS.brand, FILTER_KEYS.feature]) {
    for (const [value, inScope] of Object.entries(scopeCounts[key] ?? {})) {
      if (inScope <= 0) continue;
      const parsed = parseValue(key, value);
      if (!parsed || omit.includes(parsed.facet)) continue;
      let group = groups.get(parsed.facet);
      if (!group) {
        group = { facet: parsed.facet, label: parsed.facetLabel, options: [] };
        groups.set(parsed.facet, group);
      }
      group.options.push({ token: parsed.token, label: parsed.label, value, count: 0 });
    }
  }
  for (const group of groups.values()) {
    const counts = countsFor(group.facet)[filterKeyOf(group.facet)] ?? {};
    for (const option of group.options) option.count = counts[option.value] ?? 0;
    group.options.sort(byLabel);
  }
  return [...groups.values()]
    .filter((group) => group.options.length > 1 || (chosen[group.facet]?.length ?? 0) > 0)
    .sort((a, b) => rank(a.facet) - rank(b.facet) || (a.label ?? a.facet).localeCompare(b.label ?? b.facet));
}

const rank = (facet: string) => {
  const index = FACET_ORDER.indexOf(facet);
  return index === -1 ? FACET_ORDER.length : index;
};

/** Labels in natural order: "64 GB" before "128 GB", then alphabetically. */
function byLabel(a: FacetOption, b: FacetOption): number {
  return a.label.localeCompare(b.label, undefined, { numeric: true, sensitivity: 'base' });
}

/** Token → index value for every facet, from counts that list all of the scope's values. */
export function valueIndex(counts: Counts): ValueIndex {
  const index: ValueIndex = new Map();
  for (const key of [FILTER_KEYS.category, FILTER_KEYS.store, FILTER_KEYS.brand, FILTER_KEYS.feature]) {
    for (const value of Object.keys(counts[key] ?? {})) {
      const parsed = parseValue(key, value);
      if (!parsed) continue;
      let tokens = index.get(parsed.facet);
      if (!tokens) index.set(parsed.facet, (tokens = new Map()));
      tokens.set(parsed.token, value);
    }
  }
  return index;
}
