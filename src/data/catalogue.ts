/**
 * Build-time catalogue loading: everything the prerendered pages need, read
 * through the API client once per language per build and shared by every
 * route's getStaticPaths (the data is fetched at build time, never imported as
 * a module, so it stays out of the bundler's graph). Any backend that answers
 * the spec's calls will do: answers are read into the shop's types at the
 * client's boundary (src/backend), a malformed item is skipped and reported,
 * and what the backend lacks (src/data/capabilities.ts) is built from what it
 * has. The build fails only when the backend cannot be reached or a whole list
 * call fails: a nightly build must not publish an empty shop.
 */
import type { Capability } from '#contract/capabilities.ts';
import { backendCapabilities } from './capabilities.ts';
import { ApiError, createApi, type Api } from '../backend/client.ts';
import { readEveryAnswer } from '../backend/answers.ts';
import { onceEach } from '../backend/read.ts';
import type { Banner, CatalogueProduct, Product, Review, Store } from '../backend/shop.ts';
import { LATEST_REVIEWS, type Catalogue } from '../shared/catalogue-view.ts';
import { readCatalogue } from './catalogue-file.ts';
import type { NightReads } from './night-reads.ts';
import { pacedFetch, pacerFor } from './pacing.ts';
import { pageFromNext } from '../shared/paging.ts';
import { newestFirst } from '../shared/product.ts';
import type { Lang } from '#contract/schemas.ts';

const CATALOGUE_PAGE_SIZE = 1000;
/**
 * Reads queued at a time (products, their reviews, category listings); how many are sent at once and how often is the
 * pacer's (pacing.ts).
 */
const AT_ONCE = 16;

/** Reviews kept after a failed read that the log names one by one. */
const NAMED_FAILURES = 20;

const env = (name: string): string | undefined => (typeof process !== 'undefined' ? process.env[name] : undefined);

const reported = new Set<string>();
/** Skipped items, in the build's log: each named once, though both languages read it. */
const report = (problem: string) => {
  if (reported.has(problem)) return;
  reported.add(problem);
  console.warn(`[catalogue] ${problem}`);
};

const tokens = new Map<string, Promise<string | undefined>>();

/**
 * The build token (API_BUILD_TOKEN), sent as the bearer token only to a
 * backend that accepts it (the reference API then lifts its rate limits); a
 * backend that refuses an unknown bearer token (401, 403) is read without it.
 */
function acceptedBuildToken(apiUrl: string): Promise<string | undefined> {
  const token = env('API_BUILD_TOKEN');
  if (!token) return Promise.resolve(undefined);
  let accepted = tokens.get(apiUrl);
  if (!accepted) {
    pacerFor(apiUrl);
    const probe = createApi({
      baseURL: apiUrl,
      lang: 'uz',
      token: () => token,
      fetch: pacedFetch,
      paced: true,
      read: readEveryAnswer,
      report,
    });
    accepted = probe.call('categories').then(
      () => {
        pacerFor(apiUrl).lift();
        return token;
      },
      (error: unknown) => {
        if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) throw error;
        console.warn(`[catalogue] ${apiUrl} refuses API_BUILD_TOKEN (${error.status}): the build reads without it`);
        return undefined;
      },
    );
    tokens.set(apiUrl, accepted);
  }
  return accepted;
}

/**
 * The build's API client: the build token when the backend accepts it, every request paced and a refused one waited
 * out (pacing.ts).
 */
export async function buildApi(apiUrl: string, lang: Lang): Promise<Api> {
  pacerFor(apiUrl);
  const token = await acceptedBuildToken(apiUrl);
  return createApi({
    baseURL: apiUrl,
    lang,
    token: () => token,
    fetch: pacedFetch,
    paced: true,
    read: readEveryAnswer,
    report,
  });
}

const loaded = new Map<string, Promise<Catalogue>>();
const reviewLists = new Map<string, Promise<Review[]>>();

/** Lets the catalogues loaded so far go (a process that loads them once to count them, not to build from them). */
export function forgetCatalogues(): void {
  loaded.clear();
  reviewLists.clear();
  reported.clear();
}

/** A product's reviews, newest first: read once per build for both languages (they are the shoppers' own text). */
export function productReviews(api: Api, id: number): Promise<Review[]> {
  const key = `${api.baseURL}|${id}`;
  let reviews = reviewLists.get(key);
  if (!reviews) {
    reviews = api.call('productComments', { params: { id } }).then(newestFirst);
    reviewLists.set(key, reviews);
  }
  return reviews;
}

/** The folder where the rebuild handed this build its catalogue and reviews (BUILD_CATALOGUE), if it did. */
export const handedFolder = (): string | undefined => env('BUILD_CATALOGUE') || undefined;

/**
 * The catalogue for one language, loaded once per process and API; from BUILD_CATALOGUE's folder when the rebuild
 * handed over the one it read from that API and checked (catalogue-file.ts). The rebuild passes what the last night
 * read (`night`): then only what changed is read again.
 */
export function loadCatalogue(lang: Lang, apiUrl: string, night?: NightReads): Promise<Catalogue> {
  const key = `${apiUrl}|${lang}`;
  let catalogue = loaded.get(key);
  if (!catalogue) {
    const handed = handedFolder();
    catalogue = handed
      ? readCatalogue(handed, lang)
      : Promise.all([buildApi(apiUrl, lang), backendCapabilities(apiUrl, env('API_CAPABILITIES'))]).then(
          ([api, capabilities]) => fetchCatalogue(api, new Set(capabilities), night),
        );
    loaded.set(key, catalogue);
  }
  return catalogue;
}

async function fetchCatalogue(api: Api, has: ReadonlySet<Capability>, night?: NightReads): Promise<Catalogue> {
  const [categories, loadedProducts, groups, top, topProducts, phone, laptop] = await Promise.all([
    api.call('categories'),
    fetchProducts(api, has.has('catalogue'), night),
    api.call('mainProducts'),
    api.call('top'),
    api.call('topProducts'),
    api.call('banners', { query: { type: 'phone' } }),
    api.call('banners', { query: { type: 'laptop' } }),
  ]);
  const products = await withCategories(api, onceEach(loadedProducts, 'product', report), categories);
  // A product skipped as malformed has no page: no list links to it either. A listed one carries its variants, so
  // its card leads to the choice.
  const built = new Map(products.map((product) => [product.id, product]));
  const builtOnly = <T extends { id: number }>(list: readonly T[]) =>
    list.flatMap((item) => {
      const product = built.get(item.id);
      return product ? [{ ...item, features: product.features }] : [];
    });
  const categoryBanners = new Map(
    await mapLimited(categories, AT_ONCE, async (c) => [c.id, await categoryBannersOf(api, c.id)] as const),
  );
  return {
    lang: api.lang,
    categories,
    products,
    stores: has.has('stores') ? await api.call('stores') : storesNamed(products),
    groups: groups.map((group) => ({ ...group, products: builtOnly(group.products) })),
    top: builtOnly(top),
    topProducts: builtOnly(topProducts),
    banners: { phone: leadingToBuilt(phone, built, categories), laptop: leadingToBuilt(laptop, built, categories) },
    categoryBanners: new Map(
      [...categoryBanners].map(([id, banners]) => [id, leadingToBuilt(banners, built, categories)]),
    ),
  };
}

/**
 * Banners whose link names a product or category the site has no page for (skipped, or never there) lead nowhere:
 * a link to a missing page would break the release's link check.
 */
function leadingToBuilt(
  banners: Catalogue['banners']['phone'],
  products: ReadonlyMap<number, unknown>,
  categories: readonly { id: number }[],
): Catalogue['banners']['phone'] {
  const has = {
    product: (id: number) => products.has(id),
    category: (id: number) => categories.some((c) => c.id === id),
  };
  const checked = (banner: Banner): Banner => {
    const [, kind, id] = /^\/(product|category)\/(\d+)(?:[?#].*)?$/.exec(banner.link ?? '') ?? [];
    if (!kind || has[kind as keyof typeof has](Number(id))) return banner;
    report(`banner ${banner.id ?? '?'}: ${kind} ${id} has no page, the banner leads nowhere`);
    return { ...banner, link: null };
  };
  return { b: banners.b.map(checked), t: banners.t.map(checked) };
}

/**
 * A category's own banners; none when the backend has none for it (404, or 400: the spec does not say what the id
 * names). Any other failure fails the night: a refused or broken call must not publish a category without its banners.
 */
async function categoryBannersOf(api: Api, id: number): Promise<Catalogue['banners']['phone']> {
  try {
    return await api.call('categoryBanners', { params: { id } });
  } catch (error) {
    if (error instanceof ApiError && (error.status === 404 || error.status === 400)) return { b: [], t: [] };
    throw error;
  }
}

/** Without the stores list, the stores the products name (their pages show what the product gave). */
function storesNamed(products: readonly CatalogueProduct[]): Store[] {
  const stores = new Map<number, Store>();
  for (const { store } of products)
    if (store && !stores.has(store.id)) stores.set(store.id, { ...store, banner: null });
  return onceEach([...stores.values()], 'store', report, (store) => store.address);
}

/**
 * Every product with its category named: a product that came with only the
 * category's id gets its name from the categories list, and one that came
 * with none gets the category it is listed under (the spec's category listing,
 * read only when some product needs it).
 */
async function withCategories(
  api: Api,
  products: CatalogueProduct[],
  categories: Catalogue['categories'],
): Promise<CatalogueProduct[]> {
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const listedUnder = new Map<number, number>();
  if (products.some((product) => !product.category)) {
    await mapLimited(categories, AT_ONCE, async (category) => {
      const listed = await fetchAllPages((page) =>
        api.call('categoryProducts', { params: { id: category.id }, query: { page: String(page) } }),
      );
      for (const { id } of listed) if (!listedUnder.has(id)) listedUnder.set(id, category.id);
    });
  }
  return products.map((product) => {
    const id = product.category?.id ?? listedUnder.get(product.id);
    if (id === undefined) return product;
    return { ...product, category: { id, name: product.category?.name ?? names.get(id) ?? String(id) } };
  });
}

async function fetchProducts(api: Api, bulk: boolean, night?: NightReads): Promise<CatalogueProduct[]> {
  if (bulk) {
    return fetchAllPages((page) =>
      api.call('catalogue', { query: { page: String(page), page_size: String(CATALOGUE_PAGE_SIZE) } }),
    );
  }
  // The spec's calls only: the paged list carries each product; one whose entry lacks what its page shows is read
  // on its own. Its reviews are a call of their own.
  const listed = onceEach(
    await fetchAllPages((page) => api.call('allProducts', { query: { page: String(page) } })),
    'product',
    report,
    ({ product }) => product.id,
  );
  const lacking = listed.filter(({ lacks }) => lacks.length > 0);
  if (lacking.length > 0) {
    const fields = [...new Set(lacking.flatMap(({ lacks }) => lacks))].join(', ');
    report(`${lacking.length} of ${listed.length} listed products lack ${fields} (${api.lang}): each read on its own`);
  }
  const products = await mapLimited(listed, AT_ONCE, async ({ product: entry, lacks }) => {
    const product = lacks.length > 0 ? await productOrSkip(api, entry.id) : entry;
    if (!product) return null;
    const reviews = await nightReviews(api, product, night);
    const full: CatalogueProduct = {
      ...product,
      reviews_count: product.reviews_count ?? reviews.length,
      latest_reviews: reviews.slice(0, LATEST_REVIEWS),
    };
    return full;
  });
  return products.filter((product): product is CatalogueProduct => product !== null);
}

/**
 * A product's reviews for tonight's pages: read when the night says they are due (or there is no last night), else
 * the last release's; a read that fails after every wait keeps the last release's and says so, and fails the night
 * when there are none to keep. Read once for every language.
 */
function nightReviews(api: Api, product: Product, night?: NightReads): Promise<Review[]> {
  const key = `${api.baseURL}|${product.id}`;
  let reviews = reviewLists.get(key);
  if (!reviews) {
    const last = night?.lastReviews(product.id);
    if (night && last && !night.due(product)) {
      reviews = Promise.resolve(night.keep(product.id, false));
    } else {
      reviews = api
        .call('productComments', { params: { id: product.id } })
        .then(newestFirst)
        .then(
          (read) => {
            night?.read(product, read);
            return read;
          },
          (error: unknown) => {
            if (!night || !last) throw error;
            const kept = night.keep(product.id, true);
            // The first few are named; the night's summary counts them all.
            if (night.tally.keptAfterFailure <= NAMED_FAILURES)
              report(
                `reviews of product ${product.id} not read (${String(error)}): the last release's of ${last.readAt} kept`,
              );
            return kept;
          },
        );
    }
    reviewLists.set(key, reviews);
  }
  return reviews;
}

/** One product; a product the backend no longer has (404) or sends malformed is skipped and reported. */
async function productOrSkip(api: Api, id: number) {
  try {
    return await api.call('product', { params: { id } });
  } catch (error) {
    if (!(error instanceof ApiError && (error.status === 404 || error.status === 200))) throw error;
    report(`product ${id} skipped: ${error.message}`);
    return null;
  }
}

/** Every page of a paged list, following `next` (the page number read from it). */
async function fetchAllPages<T>(load: (page: number) => Promise<{ next: string | null; results: T[] }>): Promise<T[]> {
  const items: T[] = [];
  for (let page: number | null = 1; page !== null;) {
    const answer = await load(page);
    items.push(...answer.results);
    const next = pageFromNext(answer.next);
    page = next !== null && next > page ? next : null;
  }
  return items;
}

async function mapLimited<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
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
