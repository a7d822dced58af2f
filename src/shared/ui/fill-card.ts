/**
 * Product cards drawn in the browser (the filtered listing, the product page's related products): lib/card.ts's
 * markup, with the words and sprite the page's card template carries (components/CardTemplate.astro).
 */
import type { Lang } from '#contract/schemas.ts';
import { cardHtml, type CardSetup, type ListingCard } from '../card.ts';

/** A product's card, set up by the page's card template. */
export function fillCard(template: HTMLTemplateElement, card: ListingCard, lang: Lang): HTMLElement {
  const setup = JSON.parse(template.dataset['cardSetup'] ?? '') as CardSetup;
  const heading = template.dataset['heading'] === 'h2' ? 'h2' : 'h3';
  const html = cardHtml(card, { ...setup, lang, heading, eager: false });
  return document.createRange().createContextualFragment(html).firstElementChild as HTMLElement;
}
