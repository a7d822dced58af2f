/**
 * The product cards of island-rendered lists (search results, favourites): lib/card.ts's markup, the catalogue's
 * cards, in the catalogue's grid. The page-wide hooks (features/basket/ui/enhance.ts, features/favourites/ui/enhance.ts)
 * handle their buttons, as on every other card.
 */
import type { Lang } from '#contract/schemas.ts';
import type { Translate } from '../../i18n/messages.ts';
import { cardHtml, FIRST_ROW, listingCard, type CardKey, type CardSetup } from '../card.ts';
import type { CardProduct } from '../catalogue-view.ts';
import { configuredPlan } from './installment-plan.ts';
import './card.css';

export function CardList({
  products,
  t,
  setup,
  lang,
  heading = 'h3',
  testId,
}: {
  products: readonly CardProduct[];
  /** The island's labels: the cards' discount, monthly and rating lines. */
  t: Translate<CardKey>;
  setup: CardSetup;
  lang: Lang;
  /** h2 where the cards sit right under the page's h1 (headings never skip a level). */
  heading?: 'h2' | 'h3';
  testId?: string;
}) {
  // The same string again leaves the list alone: React compares it.
  const html = products
    .map((product, index) =>
      cardHtml(listingCard(product, t, configuredPlan(), lang), { ...setup, lang, heading, eager: index < FIRST_ROW }),
    )
    .join('');
  return <ul className="grid" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}
