/**
 * Build-time catalogue loading: everything the prerendered pages need, read
 * through the API client once per language per build and shared by every
 * route's getStaticPaths (the data is fetched at build time, never imported as
 * a module, so it stays out of the bundler's graph). Failures throw: a nightly
 * build must fail, not publish an empty shop.
 */
import { ApiError, createApi, type Api } from '../lib/api/client.ts';
import { checkAnswer } from '#contract/calls.ts';
import type { Catalogue } from '../lib/catalogue-view.ts';
import type { CatalogueProduct, Lang, Review } from '#contract/schemas.ts';

const CATALOGUE_PAGE_SIZE = 1000;
/** Concurrent product requests when the API has no bulk catalogue call. */
const PRODUCT_CONCURRENCY = 16;

/**
 * A throttled (429) or unavailable (503) read is repeated after the wait its
 * Retry-After names, up to a minute (issue 18, finding 6): a build waits for a
 * busy API instead of failing, but never hangs on it. BUILD_RETRY_AFTER_MAX
 * (seconds) changes the cap; 0 fails at once, as before.
 */
export const BUILD_MAX_RETRY_AFTER_MS = 60_000;
const retryAfterCap = (): number => {
  const seconds = typeof process !== 'undefined' ? process.env['BUILD_RETRY_AFTER_MAX'] : undefined;
  return seconds !== undefined && /^\d+$/.test(seconds) ? Number(seconds) * 1000 : BUILD_MAX_RETRY_AFTER_MS;
};

const loaded = new Map<string, Promise<Catalogue>>();

/**
 * The build's API client: every answer checked against the contract, and the
 * build token (API_BUILD_TOKEN, when set) as its bearer token, so the API's
 * rate limits never throttle a build however large the catalogue; a 429 or
 * 503 from something in front of it is waited out (Retry-After, bounded).
 */
export function buildApi(apiUrl: string, lang: Lang): Api {
  const buildToken = typeof process !== 'undefined' ? process.env['API_BUILD_TOKEN'] : undefined;
  return createApi({
    baseURL: apiUrl,
    lang,
    validate: checkAnswer,
    token: () => buildToken,
    maxRetryAfterMs: retryAfterCap(),
  });
}

/** The catalogue for one language, loaded once per process and API. */
export function loadCatalogue(lang: Lang, apiUrl: string): Promise<Catalogue> {
  const key = `${apiUrl}|${lang}`;
  let catalogue = loaded.get(key);
  if (!catalogue) {
    catalogue = fetchCatalogue(buildApi(apiUrl, lang));
    loaded.set(key, catalogue);
  }
  return catalogue;
}

async function fetchCatalogue(api: Api): Promise<Catalogue> {
  const [categories, products, stores, groups, top, topProducts, phone, laptop] = await Promise.all([
    api.call('categories'),
    fetchProducts(api),
    api.call('stores'),
    api.call('mainProducts'),
    api.call('top'),
    api.call('topProducts'),
    api.call('banners', { query: { type: 'phone' } }),
    api.call('banners', { query: { type: 'laptop' } }),
  ]);
  const categoryBanners = new Map(
    await Promise.all(
      categories.map(async (c) => [c.id, await api.call('categoryBanners', { params: { id: c.id } })] as const),
    ),
  );
  return {
    lang: api.lang,
    categories,
    products,
    stores,
    groups,
    top,
    topProducts,
    banners: { phone, laptop },
    categoryBanners,
  };
}

async function fetchProducts(api: Api): Promise<CatalogueProduct[]> {
  try {
    return await fetchAllPages((page) =>
      api.call('catalogue', { query: { page: String(page), page_size: String(CATALOGUE_PAGE_SIZE) } }),
    );
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 404)) throw error;
  }
  // A backend with only the spec's calls: list every product, then load each one.
  const summaries = await fetchAllPages((page) => api.call('allProducts', { query: { page: String(page) } }));
  return mapLimited(summaries, PRODUCT_CONCURRENCY, async ({ id }) => {
    const [product, reviews] = await Promise.all([
      api.call('product', { params: { id } }),
      api.call('productComments', { params: { id } }),
    ]);
    return { ...product, latest_reviews: latest(reviews) };
  });
}

function latest(reviews: Review[]): Review[] {
  return [...reviews].sort((a, b) => b.created_at.localeCompare(a.created_at)).slice(0, 3);
}

async function fetchAllPages<T>(load: (page: number) => Promise<{ next: string | null; results: T[] }>): Promise<T[]> {
  const items: T[] = [];
  for (let page = 1; ; page++) {
    const answer = await load(page);
    items.push(...answer.results);
    if (!answer.next) return items;
  }
}

async function mapLimited<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}
