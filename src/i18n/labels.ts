/**
 * Build-time only: the labels an island renders, for its `labels` prop or
 * through `virtual:labels/<set>` (integrations/island-labels.ts).
 * Client code never imports this (it holds both languages).
 */
import type { MessageKey } from './index.ts';
import { ru } from './ru.ts';
import { uz } from './uz.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Labels } from './messages.ts';

const EXTRA: MessageKey[] = ['search.no_results', 'product.discount', 'product.installment', 'shell.search.title'];

/** What a list of reviews shows (src/islands/shared/ReviewList.tsx), with the product page's lines about it. */
export const REVIEW_LABELS = [
  'review.',
  'product.rating',
  'product.no_reviews',
  'product.all_comments',
  'isl.reviews.image',
  'isl.reviews.first_review',
];

const picked = new Map<string, Labels>();

export function islandLabels(
  lang: Lang,
  // The search, favourites and basket islands, with the words of their product tiles' rating line.
  prefixes: string[] = ['isl.search.', 'isl.basket.', 'isl.fav.', 'isl.auth.', 'product.rating', 'review.rating'],
): Labels {
  // Every page asks for the same few sets: picked once each (the build renders tens of thousands of pages).
  const cacheKey = `${lang}:${prefixes.join(',')}`;
  const cached = picked.get(cacheKey);
  if (cached) return cached;
  const table = lang === 'ru' ? ru : uz;
  const labels: Labels = {};
  for (const key of Object.keys(table) as MessageKey[]) {
    if (EXTRA.includes(key) || prefixes.some((prefix) => key.startsWith(prefix))) labels[key] = table[key];
  }
  picked.set(cacheKey, labels);
  return labels;
}

/**
 * Labels that client modules import as `virtual:labels/<set>` (both languages, a few hundred bytes),
 * instead of every page carrying them in its HTML: the header search on every page, the product
 * page's panel and its reviews, the toasts of pages without React.
 */
export const LABEL_SETS = {
  search: ['isl.search.', 'header.search.'],
  product: [
    'product.discount',
    'product.stock.',
    'product.image_alt',
    'product.thumb',
    'product.installment',
    'product.related_',
    'product.rating',
    'review.rating',
  ],
  reviews: REVIEW_LABELS,
  // The React-free toasts' texts (islands/toasts/live.ts): a message outside them loads the dictionary.
  toasts: ['isl.toast.', 'isl.basket.', 'isl.fav.', 'isl.profile.saved'],
} satisfies Record<string, string[]>;

export type LabelSet = keyof typeof LABEL_SETS;
