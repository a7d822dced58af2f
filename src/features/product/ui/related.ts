/**
 * The product page's related products (spec §7 GET /products/related-products/{id}/): read from the API once
 * their place nears the screen, drawn as copies of the build's card (shared/ui/fill-card.ts), kept for the
 * session like the live price. The built page does not carry them: a product's page then depends on itself
 * only, so a price change elsewhere rebuilds no other product page. None related: nothing shown.
 * A failure says so (spec §10 'Could not load related products') with a retry.
 */
import labels from 'virtual:labels/product';
import type { InstallmentPlan } from '../../../shared/installment.ts';
import { listingCard } from '../../listing/index.ts';
import { makeT } from '../../../i18n/messages.ts';
import { localizedPath } from '../../../i18n/urls.ts';
import { $lang } from '../../../i18n/language.ts';
import { liveRelated } from '../state/live.ts';
import { loadSiteFragment } from '../../site/index.ts';
import cardCss from '../../../shared/ui/card.css?url';
import { fillCard } from '../../../shared/ui/fill-card.ts';
import { loadStylesheets } from '../../../shared/ui/stylesheet.ts';

/** Reads and draws the related products into their place (see related-place.ts for when). */
export function showRelated(place: HTMLElement): void {
  const id = Number(place.dataset['relatedOf']);
  const plan = JSON.parse(place.dataset['plan'] ?? 'null') as InstallmentPlan | null;
  const section = place.querySelector<HTMLElement>('section')!;
  const list = section.querySelector<HTMLElement>('[data-related-list]')!;
  const failure = section.querySelector<HTMLElement>('[data-related-failed]')!;
  const retry = failure.querySelector<HTMLButtonElement>('button')!;
  const lang = $lang.get();
  const t = makeT(labels[lang]);

  const cardTemplate = async () => {
    const html = await loadSiteFragment(localizedPath(lang, '/card-template'));
    if (html === null) return null;
    return document.createRange().createContextualFragment(html).querySelector('template');
  };

  const load = async () => {
    retry.setAttribute('aria-busy', 'true');
    // The page has no cards of its own, so the cards' styles come with them.
    const [answer, template] = await Promise.all([liveRelated(lang, id), cardTemplate(), loadStylesheets(cardCss)]);
    retry.removeAttribute('aria-busy');
    if (answer.state === 'fresh' && template) {
      list.replaceChildren(
        ...answer.value.map((product) => fillCard(template, listingCard(product, t, plan, lang), lang)),
      );
      failure.hidden = true;
      section.hidden = answer.value.length === 0;
    } else {
      failure.hidden = false;
      section.hidden = false;
    }
  };
  retry.addEventListener('click', () => void load());
  void load();
}
