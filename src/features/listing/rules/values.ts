/**
 * How a listing's facets are written: the Pagefind filter keys, and the
 * values that both the build (what a product page tells Pagefind) and the
 * browser (the URL's state, the counts beside each value) read.
 *
 * A product page carries its facets as Pagefind filters and sorts; a filter
 * value is `token|label` (feature values `key|key label|token|label`): the
 * token is the same in both languages (a category id, a store address, a
 * brand, the Uzbek spelling of a colour folded into a slug) and is what the
 * URL holds, so `?brand=Samsung&color=qora` means the same on /uz and /ru;
 * the label is the page language's text, shown beside the checkbox.
 */
import { BRANDS } from './brands.ts';

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
export const NAMED_FACETS = ['category', 'store', 'brand'] as const;
export type NamedFacet = (typeof NAMED_FACETS)[number];

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

const BRAND_BY_WORD = new Map<string, string>(BRANDS.map((brand) => [brand.toLowerCase(), brand]));

/**
 * A title's brand: the first of its words that is one of BRANDS (the words
 * before it name the kind: "Smartfon Samsung Galaxy A55").
 */
export function brandOf(title: string | null | undefined): string | null {
  for (const word of (title ?? '').toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    const brand = BRAND_BY_WORD.get(word);
    if (brand) return brand;
  }
  return null;
}

/** How many products carry each value of each filter: counts[filter][value]. */
export type Counts = Record<string, Record<string, number>>;
