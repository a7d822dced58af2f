/**
 * The shop's own domain types and the reshape functions that read a backend's
 * answers into them: the one boundary between a backend and the pages,
 * islands and stores (as vercel/commerce's lib/shopify). What the spec names
 * (§3) is read leniently and given its defaults ('Unknown Product', features
 * with count > 0); every field the spec does not name is optional, and pages
 * show what they have. The reference API's contract is one dialect of these.
 */
import type { InstallmentPlan } from '#contract/schemas.ts';
import { DEFAULT_TITLE } from '../product.ts';
import {
  entity,
  id,
  images,
  list,
  Malformed,
  maybeNumber,
  number,
  numberOrNull,
  record,
  textOrNull,
  type Raw,
  type Report,
} from './read.ts';

export interface Category {
  id: number;
  name: string;
  /** The first image, or null. */
  image: string | null;
}

export interface FeatureAttribute {
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

// ---------- readers ----------

const text = (raw: Raw, field: string): string => {
  const value = textOrNull(raw[field]);
  if (value === null) throw new Malformed(`${field} is missing`);
  return value;
};
const maybeText = (value: unknown): string | undefined => textOrNull(value) ?? undefined;
/** Copies a present optional field; leaves out an absent one. */
const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

export function readCategory(value: unknown): Category {
  const raw = record(value, 'category');
  return { id: id(raw['id']), name: text(raw, 'name'), image: images(raw['image'] ?? raw['images'])[0] ?? null };
}

/** Attributes as `{name, value}` (a `key` when the backend sends one); one without a name or value is left out. */
function readAttributes(value: unknown): FeatureAttribute[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): FeatureAttribute[] => {
    if (typeof item !== 'object' || item === null) return [];
    const raw = item as Raw;
    const name = textOrNull(raw['name']) ?? textOrNull(raw['key']);
    const shown = textOrNull(raw['value']);
    return name === null || shown === null ? [] : [{ key: textOrNull(raw['key']) ?? name, name, value: shown }];
  });
}

export function readFeature(value: unknown): Feature {
  const raw = record(value, 'feature');
  return {
    id: id(raw['id']),
    count: number(raw['count'], 'count'),
    price: numberOrNull(raw['price']),
    images: images(raw['images']),
    attributes: readAttributes(raw['attributes']),
  };
}

export function readStoreSummary(value: unknown): StoreSummary {
  const raw = record(value, 'store');
  const storeId = id(raw['id']);
  return {
    id: storeId,
    name: text(raw, 'name'),
    address: textOrNull(raw['address']) ?? String(storeId),
    logo: images(raw['logo'])[0] ?? null,
    ...optional('location', maybeText(raw['location'])),
  };
}

export function readStore(value: unknown): Store {
  const raw = record(value, 'store');
  return {
    ...readStoreSummary(raw),
    banner: images(raw['banner'])[0] ?? null,
    ...optional('legal_name', maybeText(raw['legal_name'])),
    ...optional('orders_count', maybeNumber(raw['orders_count'])),
    ...optional('reviews_count', maybeNumber(raw['reviews_count'])),
  };
}

function readInstallment(value: unknown): InstallmentPlan | null | undefined {
  if (value === null) return null;
  if (typeof value !== 'object') return undefined;
  const months = maybeNumber((value as Raw)['months']);
  const markup = maybeNumber((value as Raw)['markup_percent']);
  return months !== undefined && markup !== undefined ? { months, markup_percent: markup } : undefined;
}

export function readProductSummary(value: unknown): ProductSummary {
  const raw = record(value, 'product');
  const rating = raw['rating'] === null ? null : maybeNumber(raw['rating']);
  return {
    id: id(raw['id']),
    title: textOrNull(raw['title']) ?? DEFAULT_TITLE,
    price: number(raw['price'], 'price'),
    discount: numberOrNull(raw['discount']),
    discount_price: numberOrNull(raw['discount_price']),
    images: images(raw['images']),
    ...optional('rating', rating),
    ...optional('reviews_count', maybeNumber(raw['reviews_count'])),
    ...optional('installment', readInstallment(raw['installment'])),
  };
}

function readNestedStore(value: unknown): StoreSummary | null {
  const raw = entity(value);
  if (!raw || raw['name'] === undefined) return null;
  try {
    return readStoreSummary(raw);
  } catch {
    return null;
  }
}

export function readProduct(value: unknown, report: Report = () => {}): Product {
  const raw = record(value, 'product');
  const category = entity(raw['category']);
  const store = readNestedStore(raw['store']);
  const unit = raw['unit'] === 'kg' ? 'kg' : raw['unit'] === 'pcs' ? 'pcs' : undefined;
  return {
    ...readProductSummary(raw),
    description: textOrNull(raw['description']),
    // The stock left: `stock`, or `count` as a backend that names it after the features' field sends it.
    ...optional('stock', maybeNumber(raw['stock'] ?? raw['count'])),
    ...(unit ? { unit } : {}),
    ...optional('warranty_years', maybeNumber(raw['warranty_years'])),
    ...(category && maybeNumber(category['id']) !== undefined
      ? { category: { id: id(category['id'], 'category'), ...optional('name', maybeText(category['name'])) } }
      : {}),
    ...(store ? { store } : {}),
    features:
      raw['features'] == null ? [] : list(raw['features'], 'feature', readFeature, report).filter((f) => f.count > 0),
    ...optional('updated_at', maybeText(raw['updated_at'])),
  };
}

export function readReview(value: unknown): Review {
  const raw = record(value, 'review');
  const product = entity(raw['product']);
  return {
    id: id(raw['id']),
    ...optional('product', product ? maybeNumber(product['id']) : undefined),
    ...optional('author', maybeText(raw['author'])),
    ...optional('rating', maybeNumber(raw['rating'])),
    advantage: textOrNull(raw['advantage']) ?? '',
    shortcoming: textOrNull(raw['shortcoming']) ?? '',
    comment: textOrNull(raw['comment']) ?? '',
    images: images(raw['images']),
    ...optional('created_at', maybeText(raw['created_at'])),
  };
}

/** The product a review or a pending item is about: a summary object, or the product object itself. */
function reviewedProduct(raw: Raw): ProductSummary {
  const product = raw['product_summary'] ?? raw['product'];
  if (typeof product !== 'object' || product === null) throw new Malformed('the product is not named in full');
  return readProductSummary(product);
}

export function readRequiredComment(value: unknown): RequiredComment {
  const raw = record(value, 'pending review');
  return { order: maybeNumber(raw['order']) ?? null, product: reviewedProduct(raw) };
}

export function readOwnReview(value: unknown): OwnReview {
  const raw = record(value, 'review');
  return { ...readReview(raw), product_summary: reviewedProduct(raw) };
}

export function readGroup(value: unknown, report: Report): MainProductsGroup {
  const raw = record(value, 'group');
  return {
    id: maybeNumber(raw['id']) ?? null,
    title: textOrNull(raw['title']) ?? textOrNull(raw['name']),
    products: list(raw['products'] ?? [], 'product', readProductSummary, report),
  };
}

export function readBanner(value: unknown): Banner {
  const raw = record(value, 'banner');
  const image = images(raw['image'] ?? raw['images'])[0];
  if (!image) throw new Malformed('image is missing');
  return {
    id: maybeNumber(raw['id']) ?? null,
    title: textOrNull(raw['title']) ?? textOrNull(raw['alt']),
    image,
    link: textOrNull(raw['link']) ?? textOrNull(raw['url']),
  };
}

/** Banners as {b, t}; a backend that sends one plain list has them all in b. */
export function readBanners(value: unknown, report: Report): Banners {
  if (Array.isArray(value)) return { b: list(value, 'banner', readBanner, report), t: [] };
  const raw = record(value, 'banners');
  return {
    b: list(raw['b'] ?? [], 'banner', readBanner, report),
    t: list(raw['t'] ?? [], 'banner', readBanner, report),
  };
}

export function readSearchSuggestions(value: unknown, report: Report): SearchSuggestions {
  const raw = record(value, 'search');
  return {
    products: list(raw['products'] ?? [], 'product', readProductSummary, report),
    categories: list(raw['categories'] ?? [], 'category', readCategory, report),
    stores: list(raw['stores'] ?? [], 'store', readStoreSummary, report),
  };
}

/** A paged list; a backend that answers a plain list gives it as one page. */
export function readPage<T>(value: unknown, what: string, read: (raw: unknown) => T, report: Report): Page<T> {
  if (Array.isArray(value)) return { count: value.length, next: null, results: list(value, what, read, report) };
  const raw = record(value, `${what} page`);
  const results = list(raw['results'], what, read, report);
  return { count: maybeNumber(raw['count']) ?? results.length, next: textOrNull(raw['next']), results };
}

export function readAuthAnswer(value: unknown): AuthAnswer {
  const raw = record(value, 'sign-in answer');
  return { user: id(raw['user'], 'user'), time: maybeNumber(raw['time']) ?? 1 };
}

export function readVerifyAnswer(value: unknown): VerifyAnswer {
  const raw = record(value, 'verify answer');
  const tokens = record(raw['data'], 'tokens');
  return {
    data: { access: text(tokens, 'access'), refresh: text(tokens, 'refresh') },
    ...optional('device', maybeText(raw['device'])),
  };
}
