/**
 * Build-time only: the label sets, the one list of which messages each island
 * and client module renders, and the labels of a set in one language. What is
 * drawn at build time gets them there: a React island as its `labels` prop, in
 * its page's language. What is drawn in the browser imports its set in both
 * languages from `virtual:labels/<set>` (integrations/island-labels.ts), a
 * cached chunk rather than JSON every page repeats. A set names message keys or key prefixes;
 * its keys' type (`LabelKey<set>` in messages.ts) follows from them, so an
 * island asking for a label outside its set does not compile. Client code
 * imports only the types (this module holds both languages).
 */
import type { MessageKey } from './uz.ts';
import { ru } from './ru.ts';
import { uz } from './uz.ts';
import type { Lang } from '#contract/schemas.ts';

/** What a product card says besides its data (src/shared/card.ts). */
const CARD = ['product.rating', 'review.rating', 'product.discount', 'product.installment'] as const;
/** What a list of reviews shows (src/features/reviews/ui/ReviewList.tsx), with the product page's lines about it. */
const REVIEWS = [
  'review.',
  'product.rating',
  'product.no_reviews',
  'product.all_comments',
  'isl.reviews.image',
  'isl.reviews.first_review',
] as const;
/** The sign-in gate of the shopper's pages. */
const GATE = ['isl.auth.sign_in_to_access', 'isl.auth.login'] as const;

export const LABEL_SETS = {
  /** The header's search box, on every page (virtual module). */
  search: ['isl.search.', 'header.search.', 'search.no_results', 'shell.search.title'],
  /** The search results page. */
  searchResults: ['isl.search.', 'search.no_results', 'shell.search.title', ...CARD],
  favourites: ['isl.fav.', ...CARD],
  basket: ['isl.basket.', 'isl.fav.', 'isl.auth.', ...CARD],
  checkout: [
    'isl.checkout.',
    'isl.basket.summary',
    'isl.basket.items',
    'isl.basket.discount',
    'isl.basket.total',
    'isl.basket.status_waiting',
  ],
  orderSuccess: ['isl.order.', 'isl.checkout.line_price', 'isl.checkout.sign_in', 'isl.checkout.pay_'],
  /** My orders and one order: their own, the order's, payment methods and the sign-in gate's. */
  orders: ['isl.orders.', 'isl.order.', 'isl.checkout.pay_', 'isl.checkout.line_price', ...GATE],
  profile: ['isl.profile.', 'isl.auth.'],
  /** My reviews. */
  reviewsPage: ['isl.reviews.', ...GATE, ...REVIEWS],
  /** The product page's reviews (virtual module and the product page's island). */
  reviews: REVIEWS,
  /** The comments page of a product built without reviews, drawn in the browser. */
  comments: [...REVIEWS, 'comments.', 'isl.reviews.loading', 'isl.reviews.empty_hint', 'isl.reviews.write'],
  /** A product page built after the site, drawn in the browser. */
  lateProduct: [
    'product.loading',
    'product.price',
    'product.old_price',
    'product.discount',
    'product.description',
    'product.stock.',
    'product.warranty',
    'product.image_alt',
  ],
  /** The product page's panel: price, stock, gallery and related products (virtual module). */
  product: [
    'product.discount',
    'product.stock.',
    'product.image_alt',
    'product.thumb',
    'product.zoom',
    'product.installment',
    'product.related_',
    'product.rating',
    'review.rating',
  ],
  /** The listing's filters and sorts. */
  listing: ['listing.'],
  /** The React-free toasts (islands/toasts/live.ts) and sonner's: every message a toast shows. */
  toasts: ['isl.toast.', 'isl.basket.', 'isl.fav.', 'isl.profile.saved', 'dialog.failed'],
  /** The sign-in dialog (virtual module, loaded with it). */
  auth: ['isl.auth.'],
  /** The address picker (virtual module, loaded with it). */
  address: ['isl.address.'],
} as const satisfies Record<string, readonly string[]>;

export type LabelSet = keyof typeof LABEL_SETS;

/** The message keys of a label set: those starting with one of its prefixes. */
export type LabelKey<S extends LabelSet> = Extract<MessageKey, `${(typeof LABEL_SETS)[S][number]}${string}`>;
/** A label set's labels in one language. */
export type Labels<S extends LabelSet> = Readonly<Record<LabelKey<S>, string>>;

const picked = new Map<string, Labels<LabelSet>>();

/** One set's labels in one language. */
export function islandLabels<S extends LabelSet>(lang: Lang, set: S): Labels<S> {
  // Every page asks for the same few sets: picked once each (the build renders tens of thousands of pages).
  const cacheKey = `${lang}:${set}`;
  const cached = picked.get(cacheKey);
  if (cached) return cached as Labels<S>;
  const table = lang === 'ru' ? ru : uz;
  const prefixes: readonly string[] = LABEL_SETS[set];
  const labels: Partial<Record<MessageKey, string>> = {};
  for (const key of Object.keys(table) as MessageKey[]) {
    if (prefixes.some((prefix) => key.startsWith(prefix))) labels[key] = table[key];
  }
  picked.set(cacheKey, labels as Labels<LabelSet>);
  return labels as Labels<S>;
}
