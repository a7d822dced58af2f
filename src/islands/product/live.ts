/**
 * Live price and stock for the product page: the API's `product` answer,
 * cached in sessionStorage for 5 minutes (spec §9), so a stale build never
 * sells at an old price. The page carries its build time: an answer cached
 * before the page was built is older than the page itself and is not used.
 * A product the API no longer has (404) is `gone`. Plain fetch keeps the
 * island small.
 */
import type { Feature, Lang } from '#contract/schemas.ts';

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
  product: LiveProduct;
}

export const liveKey = (lang: Lang, id: number) => `bozor:product:${lang}:${id}`;

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

/** A cached answer younger than the TTL and than the page's build (`builtAt`, ms), else null. */
export function readCached(key: string, builtAt: number, now = Date.now()): LiveProduct | null {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return null;
    const cached = JSON.parse(raw) as Cached;
    return now - cached.at < LIVE_TTL_MS && !(cached.at < builtAt) ? asLiveProduct(cached.product) : null;
  } catch {
    return null;
  }
}

/** What the live check found: the product now, a product the API no longer has, or no answer. */
export type Live = { state: 'fresh'; product: LiveProduct } | { state: 'gone' } | { state: 'failed' };

export async function fetchLive(apiUrl: string, lang: Lang, id: number, builtAt: string): Promise<Live> {
  const key = liveKey(lang, id);
  const cached = readCached(key, Date.parse(builtAt));
  if (cached) return { state: 'fresh', product: cached };
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), 10_000);
  try {
    const response = await fetch(`${apiUrl.replace(/\/+$/, '')}/api/v1/products/product/${id}/`, {
      headers: { Accept: 'application/json', 'Accept-Language': lang },
      signal: controller.signal,
    });
    if (response.status === 404) return { state: 'gone' };
    if (!response.ok) return { state: 'failed' };
    const product = asLiveProduct(await response.json());
    if (!product) return { state: 'failed' };
    try {
      sessionStorage.setItem(key, JSON.stringify({ at: Date.now(), product } satisfies Cached));
    } catch {
      // Storage full or unavailable: the answer is still used.
    }
    return { state: 'fresh', product };
  } catch {
    return { state: 'failed' };
  } finally {
    clearTimeout(timer);
  }
}
