/**
 * The shop's own domain types and the reshape functions of products (which a
 * basket line reads too; the other entities' are in answers.ts): the one
 * boundary between a backend and the pages, islands and stores (as
 * vercel/commerce's lib/shopify). What the spec names (§3) is read leniently
 * and given its defaults ('Unknown Product', features with count > 0); every
 * field the spec does not name is optional, and pages show what they have. The
 * reference API's contract is one dialect of these.
 */
import type { InstallmentPlan } from '#contract/schemas.ts';
import {
  entity,
  id,
  images,
  line,
  list,
  Malformed,
  maybeNumber,
  optional,
  price,
  priceOrNull,
  record,
  textOrNull,
  type Raw,
  type Report,
} from './read.ts';
import { countOrUndefined, shownText, STORE_KEY, TEXT_MAX, within } from './rules.ts';

/** The spec's title for a product that has none (§3). */
export const DEFAULT_TITLE = 'Unknown Product';

export interface Category {
  id: number;
  name: string;
  /** The first image, or null. */
  image: string | null;
}

interface FeatureAttribute {
  /** A machine key ('color', 'memory'); the name when the backend sends none. */
  key: string;
  /** The label in the request's language, e.g. 'Rang' / 'Цвет'. */
  name: string;
  value: string;
}

export interface Feature {
  id: number;
  count: number;
  /** Price of this variant when the backend gives one that differs; null means the product price. */
  price: number | null;
  images: string[];
  attributes: FeatureAttribute[];
}

export interface StoreSummary {
  id: number;
  name: string;
  /** URL key of the store page (/{lang}/store/{address}); the id's digits when the backend names none. */
  address: string;
  logo: string | null;
  /** Street address shown to shoppers, when the backend sends one. */
  location?: string;
}

export interface Store extends StoreSummary {
  banner: string | null;
  legal_name?: string;
  orders_count?: number;
  reviews_count?: number;
}

export interface ProductSummary {
  id: number;
  title: string;
  price: number;
  /** Percent off, or null. */
  discount: number | null;
  discount_price: number | null;
  /** Possibly empty; pages show the placeholder then. */
  images: string[];
  /** Not in the spec: without it no stars and no rating sort. */
  rating?: number | null;
  reviews_count?: number;
  /** Not in the spec: the product's installment plan, null when it has none; absent lets the configured plan apply. */
  installment?: InstallmentPlan | null;
  /** How many variants are in stock; absent when the answer does not say (a card then offers the add). */
  feature_count?: number;
}

export interface Product extends ProductSummary {
  description: string | null;
  /** Units (or kilograms) left; absent means unknown: the add is offered and the server decides. */
  stock?: number;
  /** Absent means pieces. */
  unit?: 'pcs' | 'kg';
  warranty_years?: number;
  /** The category object, or only its id (then pages use the category it was listed under). */
  category?: { id: number; name?: string } | null;
  /** Absent or null: no store link. */
  store?: StoreSummary | null;
  /** Only those with count > 0. */
  features: Feature[];
  updated_at?: string;
}

export interface Review {
  id: number;
  product?: number;
  author?: string;
  rating?: number;
  advantage: string;
  shortcoming: string;
  comment: string;
  images: string[];
  created_at?: string;
}

/** A delivered product the shopper has not reviewed yet ('pending evaluation'). */
export interface RequiredComment {
  order: number | null;
  product: ProductSummary;
}

/** One of the shopper's own reviews ('rated'), with the product it is about. */
export interface OwnReview extends Review {
  product_summary: ProductSummary;
}

/** A product with the latest reviews its static page shows. */
export interface CatalogueProduct extends Product {
  latest_reviews: Review[];
}

export interface MainProductsGroup {
  id: number | null;
  title: string | null;
  products: ProductSummary[];
}

export interface Banner {
  id: number | null;
  /** The alt text. */
  title: string | null;
  image: string;
  /** Site path (without language) or absolute URL the banner leads to; null: none. */
  link: string | null;
}

/** Banners come in two lists, b and t. */
export interface Banners {
  b: Banner[];
  t: Banner[];
}

export interface SearchSuggestions {
  products: ProductSummary[];
  categories: Category[];
  stores: StoreSummary[];
}

/** A Django REST page; the next page's number is read from `next`. */
export interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}

export interface AuthAnswer {
  user: number;
  time: number;
}

export interface VerifyAnswer {
  data: { access: string; refresh: string };
  /** This browser's device token, when the backend gives one. */
  device?: string;
}

// ---------- the product's readers (what a basket line needs too) ----------

/** Attributes as `{name, value}` (a `key` when the backend sends one); one without a name or value is left out. */
function readAttributes(value: unknown): FeatureAttribute[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FeatureAttribute[] => {
    if (typeof item !== 'object' || item === null) return [];
    const raw = item as Raw;
    const name = line(raw['name'], TEXT_MAX.name) ?? line(raw['key'], TEXT_MAX.name);
    const shown = line(raw['value'], TEXT_MAX.name);
    return name === null || shown === null
      ? []
      : [{ key: line(raw['key'], TEXT_MAX.name) ?? name, name, value: shown }];
  });
}

export function readFeature(value: unknown): Feature {
  const raw = record(value, 'feature');
  return {
    id: id(raw['id']),
    count: count(raw['count']),
    price: priceOrNull(raw['price']),
    images: images(raw['images']),
    attributes: readAttributes(raw['attributes']),
  };
}

/** A feature's count: a whole number of units or a weight, not negative; a feature without one is skipped. */
function count(value: unknown): number {
  const read = countOrUndefined(maybeNumber(value), false);
  if (read === undefined) throw new Malformed(`count is not a count: ${JSON.stringify(value)}`);
  return read;
}

/** A name the item cannot do without (a store's, a category's). */
export function name(raw: Raw, field = 'name'): string {
  const value = line(raw[field], TEXT_MAX.name);
  if (value === null) throw new Malformed(`${field} is missing`);
  return value;
}

/**
 * The store's page key (/{lang}/store/{key}): its `address` when that is safe as a URL segment and a file name
 * (rules.ts), else its id. The report names a key that was replaced.
 */
function storeKey(raw: Raw, storeId: number, report: Report): string {
  const key = textOrNull(raw['address']);
  if (key === null || STORE_KEY.test(key)) return key ?? String(storeId);
  report(
    `store ${storeId}: address ${JSON.stringify(key.slice(0, 80))} is not a safe page key, its page is /store/${storeId}`,
  );
  return String(storeId);
}

export function readStoreSummary(value: unknown, report: Report = () => {}): StoreSummary {
  const raw = record(value, 'store');
  const storeId = id(raw['id']);
  return {
    id: storeId,
    name: name(raw),
    address: storeKey(raw, storeId, report),
    logo: images(raw['logo'])[0] ?? null,
    ...optional('location', line(raw['location'], TEXT_MAX.location) ?? undefined),
  };
}

function readInstallment(value: unknown): InstallmentPlan | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const months = within(maybeNumber((value as Raw)['months']), 1, 120);
  const markup = within(maybeNumber((value as Raw)['markup_percent']), 0, 1000);
  return months !== undefined && markup !== undefined ? { months, markup_percent: markup } : undefined;
}

/**
 * How many of a listed product's variants are in stock: `feature_count` (not in the spec), else counted from a
 * `features` list sent with it (the spec's product field); undefined when the answer says neither.
 */
function featuresInStock(raw: Raw): number | undefined {
  const count = countOrUndefined(maybeNumber(raw['feature_count']));
  if (count !== undefined) return count;
  if (!Array.isArray(raw['features'])) return undefined;
  return raw['features'].filter((feature) => (maybeNumber(entity(feature)?.['count']) ?? 0) > 0).length;
}

export function readProductSummary(value: unknown): ProductSummary {
  const raw = record(value, 'product');
  const rating = raw['rating'] === null ? null : within(maybeNumber(raw['rating']), 0, 5);
  const listPrice = price(raw['price']);
  const discountPrice = priceOrNull(raw['discount_price']);
  return {
    id: id(raw['id']),
    title: line(raw['title'], TEXT_MAX.title) ?? DEFAULT_TITLE,
    price: listPrice,
    discount: within(maybeNumber(raw['discount']), 0, 100) ?? null,
    // A discount price is one below the list price; any other is no discount.
    discount_price: discountPrice !== null && discountPrice < listPrice ? discountPrice : null,
    images: images(raw['images']),
    ...optional('rating', rating),
    ...optional('reviews_count', countOrUndefined(maybeNumber(raw['reviews_count']))),
    ...optional('installment', readInstallment(raw['installment'])),
    ...optional('feature_count', featuresInStock(raw)),
  };
}

function readNestedStore(value: unknown, report: Report): StoreSummary | null {
  const raw = entity(value);
  if (!raw || raw['name'] === undefined) return null;
  try {
    return readStoreSummary(raw, report);
  } catch {
    return null;
  }
}

export function readProduct(value: unknown, report: Report = () => {}): Product {
  const raw = record(value, 'product');
  const category = entity(raw['category']);
  const store = readNestedStore(raw['store'], report);
  const unit = raw['unit'] === 'kg' ? 'kg' : raw['unit'] === 'pcs' ? 'pcs' : undefined;
  const features =
    raw['features'] == null ? [] : list(raw['features'], 'feature', readFeature, report).filter((f) => f.count > 0);
  return {
    ...readProductSummary(raw),
    // A product's own answer: its variants in stock are the features read, a malformed one left out.
    feature_count: features.length,
    description: shownText(textOrNull(raw['description']) ?? '', TEXT_MAX.description),
    // The stock left: `stock`, or `count` as a backend that names it after the features' field sends it.
    ...optional('stock', countOrUndefined(maybeNumber(raw['stock'] ?? raw['count']), false)),
    ...(unit ? { unit } : {}),
    ...optional('warranty_years', within(maybeNumber(raw['warranty_years']), 0, 100)),
    ...(category && maybeNumber(category['id']) !== undefined
      ? {
          category: {
            id: id(category['id'], 'category'),
            ...optional('name', line(category['name'], TEXT_MAX.name) ?? undefined),
          },
        }
      : {}),
    ...(store ? { store } : {}),
    features,
    ...optional('updated_at', line(raw['updated_at'], 40) ?? undefined),
  };
}
