/**
 * Build-time only: the labels an island renders, for its `labels` prop.
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

export function islandLabels(
  lang: Lang,
  prefixes: string[] = ['isl.search.', 'isl.basket.', 'isl.fav.', 'isl.auth.'],
): Labels {
  const table = lang === 'ru' ? ru : uz;
  const labels: Labels = {};
  for (const key of Object.keys(table) as MessageKey[]) {
    if (EXTRA.includes(key) || prefixes.some((prefix) => key.startsWith(prefix))) labels[key] = table[key];
  }
  return labels;
}
