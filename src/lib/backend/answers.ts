/**
 * Every call's answer read into the shop's domain types (shop.ts), by call
 * name: the client passes each answer through `readAnswer`, so no page, island
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

const readers = {
  auth: readAuthAnswer,
  resend: readAuthAnswer,
  verify: readVerifyAnswer,
  mainProducts: (raw: unknown, report: Report) => list(raw, 'group', (group) => readGroup(group, report), report),
  product: readProduct,
  relatedProducts: products,
  allProducts: productPage,
  catalogue: (raw: unknown, report: Report) =>
    readPage(raw, 'product', (product) => readCatalogueProduct(product, report), report),
  searchProducts: productPage,
  searchSuggestions: readSearchSuggestions,
  categories: (raw: unknown, report: Report) => list(raw, 'category', readCategory, report),
  categoryProducts: productPage,
  categoryBanners: readBanners,
  banners: readBanners,
  top: products,
  topProducts: products,
  stores: (raw: unknown, report: Report) => list(raw, 'store', readStore, report),
  store: readStore,
  storeProducts: productPage,
  productComments: reviews,
  requiredComments: (raw: unknown, report: Report) => list(raw, 'pending review', readRequiredComment, report),
  comments: (raw: unknown, report: Report) => list(raw, 'review', readOwnReview, report),
  createComment: readOwnReview,
  updateComment: readOwnReview,
} satisfies Partial<Record<CallName, (raw: unknown, report: Report) => unknown>>;

type Read = typeof readers;

/** A call's answer as the shop sees it. */
export type Answer<N extends CallName> = N extends keyof Read ? ReturnType<Read[N]> : ContractAnswer<N>;

/** Reads a call's raw answer (throws `Malformed` when the whole answer cannot be read). */
export function readAnswer(name: CallName, raw: unknown, report: Report): unknown {
  const reader: ((raw: unknown, report: Report) => unknown) | undefined = (readers as Partial<Read>)[
    name as keyof Read
  ];
  return reader ? reader(raw, report) : raw;
}
