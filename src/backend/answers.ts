/**
 * Every call's answer read into the shop's domain types (shop.ts), by call
 * name: the client passes each answer through `readShopperAnswer` (the
 * browser's calls) or, at build time, `readEveryAnswer`, so no page, island
 * or store sees a backend's raw shape. The operations (operations/) name the
 * call, so each answer meets its reader here. Calls without one answer what
 * the shop takes as it came (a pay link, a delivery quote, the basket, read by
 * its own feature): those keep the shape of the reference API's contract.
 */
import type { Answer as ContractAnswer } from '#contract/calls.ts';
import type { CallName } from '#contract/routes.ts';
import {
  entity,
  id,
  images,
  line,
  list,
  Malformed,
  maybeNumber,
  maybeText,
  onceEach,
  optional,
  optionalId,
  record,
  text,
  textOrNull,
  type Raw,
  type Report,
} from './read.ts';
import { readOrder } from './orders.ts';
import { countOrUndefined, oneLine, safeLink, shownText, TEXT_MAX, within } from './rules.ts';
import {
  name,
  readProduct,
  readProductSummary,
  readStoreSummary,
  type AuthAnswer,
  type Banner,
  type Banners,
  type CatalogueProduct,
  type Category,
  type MainProductsGroup,
  type OwnReview,
  type Page,
  type Product,
  type ProductSummary,
  type RequiredComment,
  type Review,
  type SearchSuggestions,
  type Store,
  type VerifyAnswer,
} from './shop.ts';
import { readFavourite, readFavourites, readProfile } from './shopper.ts';

export type { Report };

// ---------- readers of whole answers (the browser's client and the build only) ----------

export function readCategory(value: unknown): Category {
  const raw = record(value, 'category');
  return { id: id(raw['id']), name: name(raw), image: images(raw['image'] ?? raw['images'])[0] ?? null };
}

export function readStore(value: unknown, report: Report = () => {}): Store {
  const raw = record(value, 'store');
  return {
    ...readStoreSummary(raw, report),
    banner: images(raw['banner'])[0] ?? null,
    ...optional('legal_name', line(raw['legal_name'], TEXT_MAX.location) ?? undefined),
    ...optional('orders_count', countOrUndefined(maybeNumber(raw['orders_count']))),
    ...optional('reviews_count', countOrUndefined(maybeNumber(raw['reviews_count']))),
  };
}

/** Stores with their page keys once each: a store whose key another already has is skipped. */
const storeList = (raw: unknown, report: Report) =>
  onceEach(
    list(raw, 'store', (store) => readStore(store, report), report),
    'store',
    report,
    (store) => store.address,
  );

/** A review's text: controls removed, cut at the length a review may have. */
const reviewText = (value: unknown): string => shownText(textOrNull(value) ?? '', TEXT_MAX.review) ?? '';

export function readReview(value: unknown): Review {
  const raw = record(value, 'review');
  const product = entity(raw['product']);
  return {
    id: id(raw['id']),
    ...optional('product', product ? maybeNumber(product['id']) : undefined),
    ...optional('author', line(raw['author'], TEXT_MAX.author) ?? undefined),
    ...optional('rating', within(maybeNumber(raw['rating']), 1, 5)),
    advantage: reviewText(raw['advantage']),
    shortcoming: reviewText(raw['shortcoming']),
    comment: reviewText(raw['comment']),
    images: images(raw['images']),
    ...optional('created_at', line(raw['created_at'], 40) ?? undefined),
  };
}

/** The product a review or a pending item is about: a summary object, or the product object itself. */
function reviewedProduct(raw: Raw): ProductSummary {
  const product = raw['product_summary'] ?? raw['product'];
  if (typeof product !== 'object' || product === null) throw new Malformed('the product is not named in full');
  return readProductSummary(product);
}

function readRequiredComment(value: unknown): RequiredComment {
  const raw = record(value, 'pending review');
  return {
    order: optionalId(raw['order']),
    product: reviewedProduct(raw),
  };
}

function readOwnReview(value: unknown): OwnReview {
  const raw = record(value, 'review');
  return { ...readReview(raw), product_summary: reviewedProduct(raw) };
}

function readGroup(value: unknown, report: Report): MainProductsGroup {
  const raw = record(value, 'group');
  return {
    id: optionalId(raw['id']),
    title: line(raw['title'], TEXT_MAX.name) ?? line(raw['name'], TEXT_MAX.name),
    products: list(raw['products'] ?? [], 'product', readProductSummary, report),
  };
}

/**
 * Where a banner leads: its `link` or `url` when that is an http(s) URL or a site path; else the product or category
 * it names by id, as a Django model's foreign key is sent (`product: 102`, `category: {id: 3}`). A link refused is
 * reported; the banner is shown without one.
 */
function bannerTarget(raw: Raw, report: Report): string | null {
  const given = textOrNull(raw['link']) ?? textOrNull(raw['url']);
  const link = given === null ? null : safeLink(given);
  if (given !== null && link === null)
    report(`banner ${String(raw['id'] ?? '?')}: link ${JSON.stringify(given.slice(0, 80))} refused, it leads nowhere`);
  if (link !== null) return link;
  for (const kind of ['product', 'category'] as const) {
    const target = optionalId(entity(raw[kind])?.['id']);
    if (target !== null) return `/${kind}/${target}`;
  }
  return null;
}

function readBanner(value: unknown, report: Report): Banner {
  const raw = record(value, 'banner');
  const image = images(raw['image'] ?? raw['images'])[0];
  if (!image) throw new Malformed('image is missing');
  return {
    id: optionalId(raw['id']),
    title: line(raw['title'], TEXT_MAX.name) ?? line(raw['alt'], TEXT_MAX.name),
    image,
    link: bannerTarget(raw, report),
  };
}

/** Banners as {b, t}; a backend that sends one plain list has them all in b. */
export function readBanners(value: unknown, report: Report): Banners {
  const banners = (raw: unknown) => list(raw, 'banner', (banner) => readBanner(banner, report), report);
  if (Array.isArray(value)) return { b: banners(value), t: [] };
  const raw = record(value, 'banners');
  return { b: banners(raw['b'] ?? []), t: banners(raw['t'] ?? []) };
}

function readSearchSuggestions(value: unknown, report: Report): SearchSuggestions {
  const raw = record(value, 'search');
  return {
    products: list(raw['products'] ?? [], 'product', readProductSummary, report),
    categories: list(raw['categories'] ?? [], 'category', readCategory, report),
    stores: list(raw['stores'] ?? [], 'store', (store) => readStoreSummary(store, report), report),
  };
}

/** A paged list; a backend that answers a plain list gives it as one page. */
export function readPage<T>(value: unknown, what: string, read: (raw: unknown) => T, report: Report): Page<T> {
  if (Array.isArray(value)) return { count: value.length, next: null, results: list(value, what, read, report) };
  const raw = record(value, `${what} page`);
  const results = list(raw['results'], what, read, report);
  // `next` is the next page's URL (Django REST: absolute), or its query alone.
  const next = textOrNull(raw['next']);
  return {
    count: countOrUndefined(maybeNumber(raw['count'])) ?? results.length,
    next: next === null ? null : (safeLink(next) ?? (/^\?[\x21-\x7E]*$/.test(next) ? next : null)),
    results,
  };
}

function readAuthAnswer(value: unknown): AuthAnswer {
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

const products = (raw: unknown, report: Report) => list(raw, 'product', readProductSummary, report);
/** A page of product summaries (search, a category's or a store's products). */
export const productPage = (raw: unknown, report: Report) => readPage(raw, 'product', readProductSummary, report);
const reviews = (raw: unknown, report: Report) => list(raw, 'review', readReview, report);

/** A product of the bulk catalogue, with its latest reviews. */
function readCatalogueProduct(raw: unknown, report: Report): CatalogueProduct {
  const product = readProduct(raw, report);
  const latest = (raw as { latest_reviews?: unknown }).latest_reviews;
  return { ...product, latest_reviews: latest == null ? [] : reviews(latest, report) };
}

/**
 * What a product page shows beyond a card, each under the names a backend may give it: a listed product whose entry
 * carries them all needs no call of its own.
 */
const PRODUCT_PAGE_FIELDS: Readonly<Record<string, readonly string[]>> = {
  description: ['description'],
  features: ['features'],
  stock: ['stock', 'count'],
};

/** A product as a paged list gives it, read in full, and the fields of its page that its entry lacks. */
interface ListedProduct {
  product: Product;
  lacks: string[];
}

function readListedProduct(value: unknown, report: Report): ListedProduct {
  const raw = record(value, 'product');
  const lacks = Object.entries(PRODUCT_PAGE_FIELDS)
    .filter(([, names]) => names.every((name) => raw[name] === undefined))
    .map(([field]) => field);
  return { product: readProduct(raw, report), lacks };
}

type Reader = (raw: unknown, report: Report) => unknown;

/**
 * The answers of the calls the browser makes: sign-in, a product and its reviews, search, the shopper's reviews,
 * orders, profile and favourites.
 */
const shopperReaders = {
  auth: readAuthAnswer,
  resend: readAuthAnswer,
  verify: readVerifyAnswer,
  product: readProduct,
  relatedProducts: products,
  searchProducts: productPage,
  searchSuggestions: readSearchSuggestions,
  productComments: reviews,
  requiredComments: (raw: unknown, report: Report) => list(raw, 'pending review', readRequiredComment, report),
  comments: (raw: unknown, report: Report) => list(raw, 'review', readOwnReview, report),
  createComment: readOwnReview,
  updateComment: readOwnReview,
  orders: (raw: unknown, report: Report) => readPage(raw, 'order', (order) => readOrder(order, report), report),
  order: readOrder,
  placeOrder: readOrder,
  cancelOrder: readOrder,
  profile: readProfile,
  updateProfile: readProfile,
  favourites: readFavourites,
  addFavourite: readFavourite,
} satisfies Partial<Record<CallName, Reader>>;

/** The answers only the build reads (the catalogue): kept out of the browser's client. */
const catalogueReaders = {
  mainProducts: (raw: unknown, report: Report) => list(raw, 'group', (group) => readGroup(group, report), report),
  allProducts: (raw: unknown, report: Report) =>
    readPage(raw, 'product', (product) => readListedProduct(product, report), report),
  catalogue: (raw: unknown, report: Report) =>
    readPage(raw, 'product', (product) => readCatalogueProduct(product, report), report),
  categories: (raw: unknown, report: Report) => list(raw, 'category', readCategory, report),
  categoryProducts: productPage,
  categoryBanners: readBanners,
  banners: readBanners,
  top: products,
  topProducts: products,
  stores: storeList,
  store: readStore,
  storeProducts: productPage,
} satisfies Partial<Record<CallName, Reader>>;

type Read = typeof shopperReaders & typeof catalogueReaders;

/** A call's answer as the shop sees it. */
export type Answer<N extends CallName> = N extends keyof Read ? ReturnType<Read[N]> : ContractAnswer<N>;

/** How a client reads a call's raw answer (throws `Malformed` when the whole answer cannot be read). */
export type ReadAnswer = (name: CallName, raw: unknown, report: Report) => unknown;

const readWith = (readers: Partial<Record<CallName, Reader>>, name: CallName, raw: unknown, report: Report) => {
  const reader = readers[name];
  // A report quotes the seller's values: without their controls, a log line cannot be reversed or hidden.
  return reader ? reader(raw, (problem) => report(oneLine(problem))) : raw;
};

/** The browser's reading: the answers of its own calls. */
export function readShopperAnswer(name: CallName, raw: unknown, report: Report): unknown {
  return readWith(shopperReaders, name, raw, report);
}

/** The build's reading: every call's answer, the catalogue's too. */
export function readEveryAnswer(name: CallName, raw: unknown, report: Report): unknown {
  return readWith(name in catalogueReaders ? catalogueReaders : shopperReaders, name, raw, report);
}
