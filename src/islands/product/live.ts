/**
 * What the product page re-reads from the API after it loads: the product's
 * price and stock (`product`), so a stale build never sells at an old price,
 * and its reviews (`product-comments`), so a new review shows at once. Each
 * answer is cached in sessionStorage for 5 minutes (spec §9). An answer cached
 * before the page was built, or (reviews) before the shopper's own last review
 * of the product, is older than what it would replace and is not used. A
 * product the API no longer has (404) is `gone`. Plain fetch keeps the island
 * small.
 */
import type { Feature, Lang, Review } from '#contract/schemas.ts';
import { reviewedAt } from '../../stores/reviewed.ts';

export const LIVE_TTL_MS = 300_000;

export interface LiveProduct {
  price: number;
  discount: number | null;
  discount_price: number | null;
  stock: number;
  unit: 'pcs' | 'kg';
  features: Feature[];
}

interface Cached {
  at: number;
  value: unknown;
}

export const liveKey = (lang: Lang, id: number) => `bozor:product:${lang}:${id}`;
/** Reviews are the shoppers' own words, the same in both languages. */
export const reviewsKey = (id: number) => `bozor:comments:${id}`;

/** Accepts an API answer only when the fields the page shows have the right types. */
export function asLiveProduct(data: unknown): LiveProduct | null {
  if (!data || typeof data !== 'object') return null;
  const d = data as Record<string, unknown>;
  const num = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  const numOrNull = (v: unknown) => v === null || num(v);
  if (!num(d.price) || !num(d.stock) || !numOrNull(d.discount) || !numOrNull(d.discount_price)) return null;
  if (!Array.isArray(d.features)) return null;
  const features = (d.features as Feature[]).filter(
    (f) => f && typeof f.id === 'number' && typeof f.count === 'number' && Array.isArray(f.attributes),
  );
  return {
    price: d.price as number,
    discount: d.discount as number | null,
    discount_price: d.discount_price as number | null,
    stock: d.stock as number,
    unit: d.unit === 'kg' ? 'kg' : 'pcs',
    features,
  };
}

/** The reviews of an answer that have what a review card shows; null when it is not a list. */
export function asReviews(data: unknown): Review[] | null {
  if (!Array.isArray(data)) return null;
  const text = (v: unknown) => typeof v === 'string';
  return (data as Review[]).filter(
    (r) =>
      r &&
      typeof r.id === 'number' &&
      typeof r.rating === 'number' &&
      [r.author, r.advantage, r.shortcoming, r.comment, r.created_at].every(text) &&
      Array.isArray(r.images) &&
      r.images.every(text),
  );
}

/** A cached answer younger than the TTL and not older than `notBefore` (ms), else null. */
export function readCached<T>(
  key: string,
  notBefore: number,
  accept: (data: unknown) => T | null,
  now = Date.now(),
): T | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Cached;
    return now - cached.at < LIVE_TTL_MS && !(cached.at < notBefore) ? accept(cached.value) : null;
  } catch {
    return null;
  }
}

/** What the live check found: the value now, a product the API no longer has, or no answer. */
export type Live<T> = { state: 'fresh'; value: T } | { state: 'gone' } | { state: 'failed' };

async function fetchCached<T>(
  url: string,
  lang: Lang,
  key: string,
  notBefore: number,
  accept: (data: unknown) => T | null,
): Promise<Live<T>> {
  const cached = readCached(key, notBefore, accept);
  if (cached) return { state: 'fresh', value: cached };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(url, {
      headers: { Accept: 'application/json', 'Accept-Language': lang },
      signal: controller.signal,
    });
    if (response.status === 404) return { state: 'gone' };
    if (!response.ok) return { state: 'failed' };
    const value = accept(await response.json());
    if (!value) return { state: 'failed' };
    try {
      sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), value } satisfies Cached));
    } catch {
      // Storage full or unavailable: the answer is still used.
    }
    return { state: 'fresh', value };
  } catch {
    return { state: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}

const apiBase = (apiUrl: string) => `${apiUrl.replace(/\/+$/, '')}/api/v1`;

export const fetchLive = (apiUrl: string, lang: Lang, id: number, builtAt: string) =>
  fetchCached(
    `${apiBase(apiUrl)}/products/product/${id}/`,
    lang,
    liveKey(lang, id),
    Date.parse(builtAt),
    asLiveProduct,
  );

/** The product's reviews, newest first, as GET /product-comments/{id}/ answers them. */
export const fetchLiveReviews = (apiUrl: string, lang: Lang, id: number, builtAt: string) =>
  fetchCached(
    `${apiBase(apiUrl)}/product-comments/${id}/`,
    lang,
    reviewsKey(id),
    Math.max(Date.parse(builtAt), reviewedAt(id)),
    asReviews,
  );
