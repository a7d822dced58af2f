/**
 * Listing filters and sort: the rules shared by the build
 * (what a product page tells Pagefind) and the browser (the URL's state, the
 * Pagefind filter it stands for, the counts beside each value).
 *
 * A product page carries its facets as Pagefind filters and sorts; a filter
 * value is `token|label` (feature values `key|key label|token|label`): the
 * token is the same in both languages (a category id, a store address, a
 * brand, the Uzbek spelling of a colour folded into a slug) and is what the
 * URL holds, so `?brand=Samsung&color=qora` means the same on /uz and /ru;
 * the label is the page language's text, shown beside the checkbox.
 */

// ---------- sorts ----------

export const SORTS = ['popular', 'price-asc', 'price-desc', 'monthly', 'newest', 'rating', 'discount'] as const;
export type SortKey = (typeof SORTS)[number];
export const DEFAULT_SORT: SortKey = 'popular';

/** The sorts a listing offers: by rating only when the backend rates products (a rating, even null, is sent). */
export function offeredSorts(products: readonly { rating?: number | null }[]): SortKey[] {
  const rated = products.some((product) => product.rating !== undefined);
  return SORTS.filter((sort) => sort !== 'rating' || rated);
}

/** Pagefind sort keys a product page carries (`data-pagefind-sort`), all numbers. */
export const SORT_FIELDS = ['popular', 'price', 'new', 'rating', 'discount', 'top', 'monthly'] as const;
export type SortField = (typeof SORT_FIELDS)[number];

/**
 * The Pagefind sort of a choice. "Popular" is the API's order: the catalogue's
 * on category and store pages, the top list's own order on the top page.
 */
export function pagefindSort(sort: SortKey, top = false): Partial<Record<SortField, 'asc' | 'desc'>> {
  switch (sort) {
    case 'popular':
      return top ? { top: 'asc' } : { popular: 'asc' };
    case 'price-asc':
      return { price: 'asc' };
    case 'price-desc':
      return { price: 'desc' };
    case 'monthly':
      return { monthly: 'asc' };
    case 'newest':
      return { new: 'desc' };
    case 'rating':
      return { rating: 'desc' };
    case 'discount':
      return { discount: 'desc' };
  }
}

// ---------- facets ----------

/** Pagefind filter keys (short: every product page of both languages carries them). */
export const FILTER_KEYS = {
  type: 'type',
  category: 'ct',
  store: 'st',
  brand: 'br',
  feature: 'ft',
  stock: 'stk',
  top: 'top',
  monthly: 'mo',
} as const;

/** The value of the yes/no filters (in stock, in the top list). */
export const YES = 'yes';

/** Facets named in the URL by these names; any other parameter names a feature (colour, memory...). */
const NAMED_FACETS = ['category', 'store', 'brand'] as const;
export type NamedFacet = (typeof NAMED_FACETS)[number];
/** Parameters that set the list's controls, never a facet. */
const CONTROLS = new Set<string>(['sort', 'min', 'max', 'monthly', 'stock', 'page']);

/** A filter value for the index: `token|label`. */
export function facetValue(token: string, label: string): string {
  return `${clean(token)}|${clean(label)}`;
}

/** A feature's filter value: `key|key label|token|label`. */
export function featureValue(key: string, keyLabel: string, token: string, label: string): string {
  return `${clean(key)}|${clean(keyLabel)}|${clean(token)}|${clean(label)}`;
}

const clean = (text: string) => text.replaceAll('|', '/').replace(/\s+/g, ' ').trim();

export interface ParsedValue {
  /** The facet: category, store, brand, or a feature's key. */
  facet: string;
  /** A feature's name in the page's language ('Rang'); the others have none. */
  facetLabel: string | null;
  token: string;
  label: string;
}

/** Reads an index value of a Pagefind filter key back; null for a value of another shape. */
export function parseValue(key: string, value: string): ParsedValue | null {
  const parts = value.split('|');
  if (key === FILTER_KEYS.feature) {
    if (parts.length !== 4 || !parts[0] || !parts[2]) return null;
    return { facet: parts[0], facetLabel: parts[1] || parts[0], token: parts[2], label: parts[3] || parts[2] };
  }
  const facet = (Object.entries(FILTER_KEYS).find(([, k]) => k === key)?.[0] ?? null) as NamedFacet | null;
  if (!facet || !(NAMED_FACETS as readonly string[]).includes(facet) || parts.length !== 2 || !parts[0]) return null;
  return { facet, facetLabel: null, token: parts[0], label: parts[1] || parts[0] };
}

/** The Pagefind key that holds a facet's values. */
export function filterKeyOf(facet: string): string {
  return (NAMED_FACETS as readonly string[]).includes(facet) ? FILTER_KEYS[facet as NamedFacet] : FILTER_KEYS.feature;
}

/**
 * A token for a text shown in one language: lower case, Uzbek apostrophes
 * (oʻ, gʻ, o', o‘, o`) dropped, runs of anything but letters and digits
 * turned into one hyphen. "Toʻq koʻk" → "toq-kok", "128 GB" → "128-gb".
 */
export function slug(text: string): string {
  return text
    .normalize('NFC')
    .toLowerCase()
    .replace(/[ʻʼ'‘’`´]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * Brands shoppers narrow by, as they are written. The API has no brand field:
 * a title's brand is the first of its words that is one of these (the words
 * before it name the kind: "Smartfon Samsung Galaxy A55").
 */
const BRANDS = [
  'A4Tech', 'Acer', 'Amazfit', 'Anker', 'Apple', 'Artel', 'Asus', 'Baseus', 'Beko', 'Bosch', 'Braun', 'Canon',
  'Dell', 'Dyson', 'Electrolux', 'Epson', 'Fujifilm', 'Garmin', 'Gree', 'Google', 'Haier', 'Hisense', 'Hofmann',
  'Honor', 'HP', 'Huawei', 'Indesit', 'Infinix', 'JBL', 'Kenwood', 'Lenovo', 'LG', 'Logitech', 'Marshall', 'Midea',
  'Microsoft', 'Motorola', 'Moulinex', 'MSI', 'Nikon', 'Nintendo', 'Nokia', 'OnePlus', 'Oppo', 'Panasonic',
  'Philips', 'Polaris', 'Razer', 'Realme', 'Redmond', 'Redragon', 'Rowenta', 'Samsung', 'Sharp', 'Shivaki',
  'Sony', 'TCL', 'Tecno', 'Tefal', 'Toshiba', 'Vitek', 'Vivo', 'Whirlpool', 'Xiaomi',
] as const; // prettier-ignore

const BRAND_BY_WORD = new Map<string, string>(BRANDS.map((brand) => [brand.toLowerCase(), brand]));

export function brandOf(title: string | null | undefined): string | null {
  for (const word of (title ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    const brand = BRAND_BY_WORD.get(word);
    if (brand) return brand;
  }
  return null;
}

// ---------- price range ----------

/**
 * Prices are filtered in whole thousands of soʻm, through keys at four
 * scales (p0: thousands, p1: hundred thousands, p2: ten millions, p3:
 * billions), so that any range is at most a few hundred exact values: the blocks of
 * the range that are whole at each scale (a decimal range tree, base 100).
 */
const PRICE_UNIT = 1_000;
const PRICE_BASE = 100;
const PRICE_LEVELS = 4;
/** Above this the top scale is not split further (10^11 soʻm). */
const PRICE_CEILING = PRICE_BASE ** PRICE_LEVELS - 1;

const priceKey = (level: number) => `p${level}`;

/** A price's values for the p0..p3 keys. */
export function priceValues(price: number): Record<string, string> {
  let units = Math.min(Math.floor(Math.max(0, price) / PRICE_UNIT), PRICE_CEILING);
  const values: Record<string, string> = {};
  for (let level = 0; level < PRICE_LEVELS; level++) {
    values[priceKey(level)] = String(units);
    units = Math.floor(units / PRICE_BASE);
  }
  return values;
}

/**
 * The blocks of a price range (soʻm, either end open), as values per key; an
 * empty object for an empty range. A price counts by its whole thousands: a
 * bound is rounded to them (min up, max down), so 12 500 ≤ a price matches
 * from 13 000.
 */
export function priceBlocks(min: number | null, max: number | null): Record<string, string[]> {
  let from = min === null ? 0 : Math.ceil(Math.max(0, min) / PRICE_UNIT);
  let to = max === null ? PRICE_CEILING : Math.min(PRICE_CEILING, Math.floor(max / PRICE_UNIT));
  const blocks: Record<string, string[]> = {};
  const add = (level: number, value: number) => (blocks[priceKey(level)] ??= []).push(String(value));
  for (let level = 0; from <= to; level++) {
    if (level === PRICE_LEVELS - 1) {
      for (let value = from; value <= to; value++) add(level, value);
      break;
    }
    while (from % PRICE_BASE !== 0 && from <= to) add(level, from++);
    while ((to + 1) % PRICE_BASE !== 0 && from <= to) add(level, to--);
    if (from > to) break;
    from /= PRICE_BASE;
    to = (to + 1) / PRICE_BASE - 1;
  }
  return blocks;
}

// ---------- the monthly payment ----------

/**
 * "Up to N soʻm a month": the steps a shopper picks from.
 * A product page with an installment offer carries, under the `mo` key, every
 * step its monthly amount is within (215 000 → 300000, 500000, ...), so a step
 * is one filter value and its count is the products within it; a product
 * without an offer carries none, and no step keeps it.
 */
export const MONTHLY_STEPS = [100_000, 200_000, 300_000, 500_000, 1_000_000, 2_000_000] as const;

/** The steps a monthly amount (soʻm) is within; none without an offer. */
export function monthlyValues(monthly: number | null | undefined): string[] {
  if (monthly === null || monthly === undefined || !(monthly > 0)) return [];
  return MONTHLY_STEPS.filter((step) => monthly <= step).map(String);
}

/** The monthly sort's key: the offer's amount; a product without one sorts last. */
export function monthlySortKey(monthly: number | null | undefined): number {
  return monthly !== null && monthly !== undefined && monthly > 0 ? monthly : Number.MAX_SAFE_INTEGER;
}

export interface MonthlyOption {
  step: number;
  /** Products within the step among those the other groups leave. */
  count: number;
}

/**
 * The steps offered on a listing: those that add products of its scope to the
 * step below (a step under every offer, or over all of them, narrows nothing),
 * and the chosen one whatever it holds. Empty when no product has an offer.
 */
export function monthlyOptions(scopeCounts: Counts, counts: Counts, chosen: number | null = null): MonthlyOption[] {
  const inScope = scopeCounts[FILTER_KEYS.monthly] ?? {};
  const left = counts[FILTER_KEYS.monthly] ?? {};
  const options: MonthlyOption[] = [];
  let below = 0;
  for (const step of MONTHLY_STEPS) {
    const here = inScope[String(step)] ?? 0;
    if (here > below || step === chosen) options.push({ step, count: left[String(step)] ?? 0 });
    below = Math.max(below, here);
  }
  return options;
}

// ---------- the URL's state ----------

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

// ---------- Pagefind filters ----------

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

// ---------- counts ----------

/** Pagefind's counts: filter key → value → pages. */
export type Counts = Record<string, Record<string, number>>;

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
