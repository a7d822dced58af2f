/** A listing's choices (sort, facets, price, monthly, stock) and the address that holds them. */
import { MONTHLY_STEPS } from './monthly.ts';
import { DEFAULT_SORT, SORTS, type SortKey } from './sorts.ts';
import { NAMED_FACETS } from './values.ts';

/** Parameters that set the list's controls, never a facet. */
const CONTROLS = new Set<string>(['sort', 'min', 'max', 'monthly', 'stock', 'page']);

export interface ListingState {
  sort: SortKey;
  /** Soʻm, or null for an open end. */
  min: number | null;
  max: number | null;
  /** Up to this many soʻm a month (one of MONTHLY_STEPS), or null. */
  monthly: number | null;
  /** In stock only. */
  stock: boolean;
  /** Chosen tokens by facet (category, store, brand, a feature key), each list sorted. */
  facets: Record<string, string[]>;
}

export const EMPTY_STATE: ListingState = {
  sort: DEFAULT_SORT,
  min: null,
  max: null,
  monthly: null,
  stock: false,
  facets: {},
};

const amount = (raw: string | null): number | null => {
  if (raw === null || raw.trim() === '') return null;
  const value = Number(raw.replace(/[\s\u00a0]/g, ''));
  return Number.isFinite(value) && value >= 0 ? Math.round(value) : null;
};

/**
 * The state a query string stands for (`?sort=price-asc&brand=Apple,Samsung&min=1000000`).
 * Unknown sorts and bad amounts are dropped; a parameter that is not one of
 * ours names a feature, and the page ignores those its products do not have.
 */
export function parseListingQuery(query: string | URLSearchParams): ListingState {
  const params = typeof query === 'string' ? new URLSearchParams(query) : query;
  const sort = params.get('sort');
  let min = amount(params.get('min'));
  let max = amount(params.get('max'));
  if (min !== null && max !== null && min > max) [min, max] = [max, min];
  const monthly = amount(params.get('monthly'));
  const facets: Record<string, string[]> = {};
  for (const [name, raw] of params) {
    if (CONTROLS.has(name)) continue;
    if (!/^[\p{L}\p{N}_-]{1,40}$/u.test(name)) continue;
    const tokens = raw
      .split(',')
      .map((token) => token.trim())
      .filter(Boolean);
    if (tokens.length > 0) facets[name] = [...new Set([...(facets[name] ?? []), ...tokens])].sort();
  }
  return {
    sort: (SORTS as readonly string[]).includes(sort ?? '') ? (sort as SortKey) : DEFAULT_SORT,
    min,
    max,
    // Only a step: one the panel does not offer would have no index value to match.
    monthly: monthly !== null && (MONTHLY_STEPS as readonly number[]).includes(monthly) ? monthly : null,
    stock: params.get('stock') === '1',
    facets,
  };
}

/** The query string of a state ('' for the default), parameters in one order, so one state has one URL. */
export function listingQuery(state: ListingState): string {
  const parts: string[] = [];
  const put = (name: string, value: string) => parts.push(`${encodeURIComponent(name)}=${encodeValue(value)}`);
  if (state.sort !== DEFAULT_SORT) put('sort', state.sort);
  const names = Object.keys(state.facets)
    .filter((name) => (state.facets[name]?.length ?? 0) > 0)
    .sort((a, b) => facetOrder(a) - facetOrder(b) || a.localeCompare(b));
  for (const name of names) put(name, [...state.facets[name]!].sort().join(','));
  if (state.min !== null) put('min', String(state.min));
  if (state.max !== null) put('max', String(state.max));
  if (state.monthly !== null) put('monthly', String(state.monthly));
  if (state.stock) put('stock', '1');
  return parts.length > 0 ? `?${parts.join('&')}` : '';
}

const facetOrder = (name: string) => {
  const index = (NAMED_FACETS as readonly string[]).indexOf(name);
  return index === -1 ? NAMED_FACETS.length : index;
};
/** Commas stay readable: they separate a facet's tokens. */
const encodeValue = (value: string) => encodeURIComponent(value).replaceAll('%2C', ',');

export function isDefaultState(state: ListingState): boolean {
  return listingQuery(state) === '';
}

/** Whether anything narrows the list (the sort does not). */
export function isFiltered(state: ListingState): boolean {
  return (
    state.stock ||
    state.min !== null ||
    state.max !== null ||
    state.monthly !== null ||
    Object.values(state.facets).some((t) => t.length > 0)
  );
}

/** How many filters are on, for the button's badge: each chosen value, the price range, the monthly step, in stock. */
export function activeCount(state: ListingState): number {
  return (
    Object.values(state.facets).reduce((sum, tokens) => sum + tokens.length, 0) +
    (state.min !== null || state.max !== null ? 1 : 0) +
    (state.monthly !== null ? 1 : 0) +
    (state.stock ? 1 : 0)
  );
}

/** The state with one facet token chosen or not. */
export function toggleToken(state: ListingState, facet: string, token: string, on: boolean): ListingState {
  const current = new Set(state.facets[facet] ?? []);
  if (on) current.add(token);
  else current.delete(token);
  const facets = { ...state.facets, [facet]: [...current].sort() };
  if (current.size === 0) delete facets[facet];
  return { ...state, facets };
}

/** The state with the facets' parameters this listing does not have left out. */
export function knownFacets(state: ListingState, facets: ReadonlySet<string>): ListingState {
  return {
    ...state,
    facets: Object.fromEntries(Object.entries(state.facets).filter(([facet]) => facets.has(facet))),
  };
}
