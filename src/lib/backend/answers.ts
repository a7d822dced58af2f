/**
 * Every call's answer read into the shop's domain types (shop.ts), by call
 * name: the client passes each answer through `readShopperAnswer` (the
 * browser's calls) or, at build time, `readEveryAnswer`, so no page, island
 * or store sees a backend's raw shape. Calls without a reader here are the
 * capabilities beyond the spec (orders, profile, the basket's own reading, ...):
 * their answers keep the shape of the reference API's contract.
 */
import type { Answer as ContractAnswer } from '#contract/calls.ts';
import type { CallName } from '#contract/routes.ts';
import { list, type Report } from './read.ts';
import {
  readAuthAnswer,
  readBanners,
  readCategory,
  readGroup,
  readOwnReview,
  readRequiredComment,
  readPage,
  readProduct,
  readProductSummary,
  readReview,
  readSearchSuggestions,
  readStore,
  readVerifyAnswer,
  type CatalogueProduct,
} from './shop.ts';

export type { Report };

const products = (raw: unknown, report: Report) => list(raw, 'product', readProductSummary, report);
const productPage = (raw: unknown, report: Report) => readPage(raw, 'product', readProductSummary, report);
const reviews = (raw: unknown, report: Report) => list(raw, 'review', readReview, report);

/** A product of the bulk catalogue, with its latest reviews. */
export function readCatalogueProduct(raw: unknown, report: Report): CatalogueProduct {
  const product = readProduct(raw, report);
  const latest = (raw as { latest_reviews?: unknown }).latest_reviews;
  return { ...product, latest_reviews: latest == null ? [] : reviews(latest, report) };
}

type Reader = (raw: unknown, report: Report) => unknown;

/** The answers of the calls the browser makes (sign-in, a product and its reviews, search, the profile's reviews). */
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
} satisfies Partial<Record<CallName, Reader>>;

/** The answers only the build reads (the catalogue): kept out of the browser's client. */
const catalogueReaders = {
  mainProducts: (raw: unknown, report: Report) => list(raw, 'group', (group) => readGroup(group, report), report),
  allProducts: productPage,
  catalogue: (raw: unknown, report: Report) =>
    readPage(raw, 'product', (product) => readCatalogueProduct(product, report), report),
  categories: (raw: unknown, report: Report) => list(raw, 'category', readCategory, report),
  categoryProducts: productPage,
  categoryBanners: readBanners,
  banners: readBanners,
  top: products,
  topProducts: products,
  stores: (raw: unknown, report: Report) => list(raw, 'store', readStore, report),
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
  return reader ? reader(raw, report) : raw;
};

/** The browser's reading: the answers of its own calls. */
export function readShopperAnswer(name: CallName, raw: unknown, report: Report): unknown {
  return readWith(shopperReaders, name, raw, report);
}

/** The build's reading: every call's answer, the catalogue's too. */
export function readEveryAnswer(name: CallName, raw: unknown, report: Report): unknown {
  return readWith(name in catalogueReaders ? catalogueReaders : shopperReaders, name, raw, report);
}
