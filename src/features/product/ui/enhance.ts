/**
 * The product page without a framework: the server-rendered gallery, price,
 * stock and feature picker (src/components/product/ProductPanel.astro) come
 * alive here, and are re-checked against the API (src/features/product/state/live.ts). A
 * variant is always chosen while any is in stock (the first in stock on
 * opening, as built; another by a click; the first in stock again when the
 * chosen one sold out since the build), and the basket button carries it. A
 * product the API no longer has shows as unavailable (no price, no picker,
 * add-to-basket disabled) rather than at the price it had when the page was
 * built. The reviews are re-read once their section nears the screen.
 */
import type { Feature } from '../../../backend/shop.ts';
import labels from 'virtual:labels/product';
import { makeT } from '../../../i18n/messages.ts';
import {
  buyView,
  choosableFeatures,
  firstChoosable,
  galleryFor,
  type LiveProduct,
  reviewsShown,
  soldOut,
  stockText,
} from '../rules/live-product.ts';
import { installmentOffer, type InstallmentPlan } from '../../../shared/installment.ts';
import { formatAmount, formatPrice } from '../../../shared/price.ts';
import { $lang } from '../../../i18n/language.ts';
import { liveProduct, liveReviews } from '../state/live.ts';
import { whenNear } from '../../../shared/ui/when-near.ts';
import { LATEST_REVIEWS } from '../../../shared/catalogue-view.ts';
import { enhanceGallery } from './gallery.ts';

const json = <T>(raw: string | undefined): T => JSON.parse(raw ?? 'null') as T;
const all = <E extends HTMLElement>(root: ParentNode, selector: string) => [...root.querySelectorAll<E>(selector)];

export function enhanceProductPanel(panel: HTMLElement): void {
  const id = Number(panel.dataset['productPanel']);
  const builtAt = panel.dataset['builtAt'] ?? '';
  const title = panel.dataset['title'] ?? '';
  const data = json<{ images: string[]; product: LiveProduct }>(
    panel.querySelector('[data-product-json]')?.textContent ?? undefined,
  );
  const images = data.images;
  // Texts the panel writes after a choice or the live answer.
  const t = makeT(labels[$lang.get()]);
  let product = data.product;
  // As built: the first variant in stock is chosen.
  const built = firstChoosable(product);
  let selectedId = built?.id ?? null;
  let gone = false;
  const attributes = panel.querySelector<HTMLElement>('[data-feature-attributes]');
  // The photos in the HTML are the chosen variant's own, or else the product's; others are drawn on a choice.
  const builtGallery = galleryFor(images, built);
  // Which photos show: the id of the variant whose own they are, or undefined for the product's.
  let shownOf = builtGallery.own ? built?.id : undefined;
  const gallery = enhanceGallery(panel, t, title, { of: shownOf, images: builtGallery.images });

  const drawAttributes = (feature: Feature | undefined) => {
    if (!attributes) return;
    attributes.hidden = !feature;
    attributes.dataset['featureAttributes'] = String(feature?.id ?? '');
    attributes.replaceChildren(
      ...(feature?.attributes ?? []).map((attribute) => {
        const row = document.createElement('div');
        row.append(
          Object.assign(document.createElement('dt'), { textContent: attribute.name }),
          Object.assign(document.createElement('dd'), { textContent: attribute.value }),
        );
        return row;
      }),
    );
  };

  const paint = () => {
    const selected: Feature | undefined = choosableFeatures(product).find((f) => f.id === selectedId);
    for (const button of all(panel, '[data-feature]'))
      button.setAttribute('aria-pressed', String(Number(button.dataset['feature']) === selectedId));
    drawAttributes(selected);

    // A new choice shows its first photo.
    const photos = galleryFor(images, selected);
    const of = photos.own ? selected?.id : undefined;
    if (of !== shownOf) gallery.show(of, photos, 0);
    shownOf = of;

    const view = buyView(product, selected);
    const price = panel.querySelector('[data-price]');
    if (price) price.textContent = formatPrice(view.amount, $lang.get());
    const discount = panel.querySelector<HTMLElement>('[data-discount]');
    if (discount) {
      discount.hidden = !view.discount;
      if (view.discount) {
        discount.querySelector('[data-old-price]')!.textContent = formatPrice(view.discount.price, $lang.get());
        discount.querySelector('[data-percent]')!.textContent = t('product.discount', {
          percent: view.discount.percent,
        });
      }
    }
    // The monthly price follows the chosen variant's price and the live one.
    const installment = panel.querySelector<HTMLElement>('[data-installment]');
    if (installment) {
      const offer = installmentOffer(view.amount, json<InstallmentPlan | null>(installment.dataset['installment']));
      installment.hidden = !offer;
      installment.textContent = offer
        ? t('product.installment', { amount: formatAmount(offer.monthly), months: offer.months })
        : '';
    }
    const stock = panel.querySelector('[data-stock]');
    if (stock) stock.textContent = stockText(t, view.stock, product.unit);

    // The add-to-basket button (basket/enhance.ts) learns the chosen feature, or that there is nothing to buy.
    // It says "out of stock" when the choice (or, with none, the product) has none left.
    for (const button of all<HTMLButtonElement>(document, `[data-add-to-basket="${id}"]`)) {
      if (selected) button.dataset['featureId'] = String(selected.id);
      else delete button.dataset['featureId'];
      button.dataset['soldOut'] = String(soldOut(view));
      button.dataset['gone'] = String(gone);
      button.disabled = gone || (soldOut(view) && button.dataset['inBasket'] !== 'true');
    }
    document.dispatchEvent(
      new CustomEvent('bozor:feature-change', { detail: { product: id, feature: selected?.id ?? null } }),
    );
  };

  panel.addEventListener('click', (event) => {
    const target = event.target as Element;
    const feature = target.closest<HTMLElement>('[data-feature]');
    // A variant stays chosen until another is: what the basket button adds is always one the shopper sees.
    if (!feature) return;
    const chosen = Number(feature.dataset['feature']);
    if (chosen === selectedId) return;
    selectedId = chosen;
    paint();
  });

  void liveProduct($lang.get(), id, builtAt).then((answer) => {
    if (answer.state === 'fresh') {
      product = answer.value;
      // A feature sold out since the build can no longer be chosen: the first still shown is chosen instead.
      const choosable = new Set(choosableFeatures(product).map((f) => f.id));
      for (const button of all(panel, '[data-feature]'))
        if (!choosable.has(Number(button.dataset['feature']))) button.remove();
      const shown = all(panel, '[data-feature]').map((button) => Number(button.dataset['feature']));
      if (selectedId !== null && !shown.includes(selectedId)) selectedId = shown[0] ?? null;
      const picker = panel.querySelector<HTMLElement>('.features');
      if (picker) picker.hidden = shown.length === 0;
      panel.querySelector<HTMLElement>('[data-live-updated]')!.hidden = false;
    }
    if (answer.state === 'gone') {
      gone = true;
      for (const part of all(panel, '[data-buy]')) part.remove();
      panel.querySelector<HTMLElement>('[data-unavailable]')!.hidden = false;
    }
    panel.dataset['live'] = answer.state === 'gone' ? 'gone' : 'checked';
    paint();
  });
}

/** Re-reads the reviews once their section is near the screen; draws them again (with React) only if they changed. */
export function enhanceProductReviews(container: HTMLElement): void {
  const id = Number(container.dataset['reviewsOf']);
  const builtAt = container.dataset['builtAt'] ?? '';
  const section = () => container.querySelector<HTMLElement>('[data-live-reviews]');
  whenNear(container, '200px', () => {
    void liveReviews(id, builtAt).then(async (answer) => {
      if (answer.state !== 'fresh') return;
      const live = answer.value;
      if (reviewsShown(live, live.length, LATEST_REVIEWS) === container.dataset['shown']) {
        section()!.dataset['liveReviews'] = 'checked';
        return;
      }
      const { renderReviews } = await import('./render-reviews.tsx');
      renderReviews(container, $lang.get(), id, live);
    });
  });
}
