/**
 * Product cards drawn in the browser (the filtered listing, the product page's related products) are copies of
 * the card the build rendered (components/CardTemplate.astro), filled with a product's texts: one markup, Astro's.
 */
import type { Lang } from '#contract/schemas.ts';
import { localizedPath } from '../../i18n/urls.ts';
import { CARD_TITLE_MARK, type ListingCard } from '../../lib/listing-facets.ts';

/** A copy of the page's card template (components/CardTemplate.astro) with a product's texts. */
export function fillCard(template: HTMLTemplateElement, card: ListingCard, lang: Lang): HTMLElement {
  const item = (template.content.firstElementChild as HTMLElement).cloneNode(true) as HTMLElement;
  const id = String(card.id);
  // The sample's title, wherever the card prints it (heading, alt, labels).
  const walker = document.createTreeWalker(item, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT);
  for (let node: Node | null = walker.currentNode; node; node = walker.nextNode()) {
    if (node instanceof Text) {
      if (node.data.includes(CARD_TITLE_MARK)) node.data = node.data.replaceAll(CARD_TITLE_MARK, card.title);
    } else if (node instanceof Element) {
      for (const attribute of node.attributes)
        if (attribute.value.includes(CARD_TITLE_MARK))
          attribute.value = attribute.value.replaceAll(CARD_TITLE_MARK, card.title);
    }
  }
  item.setAttribute('data-product-card', id);
  item.querySelector('.card-link')?.setAttribute('href', localizedPath(lang, `/product/${id}`));
  const image = item.querySelector('img');
  if (image) image.src = card.image;
  setText(item.querySelector('.price'), card.price);
  const old = item.querySelector('.old-price');
  if (old && card.old) {
    for (const child of [...old.childNodes]) if (child instanceof Text) child.remove();
    old.append(card.old);
  } else old?.remove();
  if (card.badge) setText(item.querySelector('.card-badge'), card.badge);
  else item.querySelector('.card-badge')?.remove();
  if (card.monthly) setText(item.querySelector('[data-installment]'), card.monthly);
  else item.querySelector('[data-installment]')?.remove();
  const rating = item.querySelector('.card-rating');
  const average = rating?.querySelector('b');
  if (rating && average && card.rating) {
    rating.setAttribute('aria-label', card.rating.label);
    average.textContent = card.rating.value;
    // The reviews count is the text after the average.
    average.nextSibling?.remove();
    if (card.rating.reviews) average.after(` ${card.rating.reviews}`);
  } else rating?.remove();
  for (const name of ['data-favourite', 'data-add-to-basket']) item.querySelector(`[${name}]`)?.setAttribute(name, id);
  const add = item.querySelector<HTMLButtonElement>('[data-add-to-basket]');
  if (add && card.soldOut) {
    add.dataset['soldOut'] = 'true';
    add.disabled = true;
  }
  return item;
}

function setText(element: Element | null, text: string): void {
  if (element) element.textContent = text;
}
