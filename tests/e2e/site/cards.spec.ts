/**
 * Product cards on a 360 px phone, in both languages. Every list of cards (a category's built list, the filtered
 * list Pagefind draws, search results, favourites) prints the same card in the same two-column grid: the rating
 * (★ and the number) when the product has one and nothing when it has none, the same heart, and a basket button whose
 * words fit one line before and after adding. A product sold in variants is never added from its card: the card
 * leads to its page. Images say their size and load at once only in the first row.
 */
import { CARD_PHOTO } from '#contract/image-url.ts';
import type { Locator } from '@playwright/test';
import type { CatalogueProduct } from '#contract/schemas.ts';
import { localBasket } from '../islands/helpers.ts';
import { api, seedData } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { perLanguage } from '../support/words.ts';

const PHONE = { width: 360, height: 780 };
/** What a card's choosing link and heart say, before the product's title. */
const WORDS = perLanguage((t) => ({ choose: t('product.choose_short'), favourite: t('product.favourite') }));

const rated = (p: CatalogueProduct) => typeof p.rating === 'number' && p.rating > 0;
const inVariants = (p: CatalogueProduct) => p.features.some((feature) => feature.count > 0);

/** Lines the words of `element` take: its height in line heights (text hidden for screen readers takes none). */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight) || 1.2 * Number.parseFloat(style.fontSize);
    return Math.round(node.getBoundingClientRect().height / line);
  });

/**
 * A category whose page lists a rated product sold without variants (in stock), a product nobody rated and a product
 * sold in variants.
 */
async function mixedCategory() {
  const { products, categories } = await seedData();
  const simple = (p: CatalogueProduct) => rated(p) && !inVariants(p) && (p.stock ?? 1) > 0;
  const category = categories.find((c) => {
    const listed = products.filter((p) => p.category?.id === c.id);
    return listed.some(simple) && listed.some((p) => !rated(p)) && listed.some(inVariants);
  })!;
  const listed = products.filter((p) => p.category?.id === category.id);
  return {
    category,
    listed,
    withRating: listed.find(simple)!,
    withoutRating: listed.find((p) => !rated(p))!,
    withVariants: listed.find(inVariants)!,
  };
}

/** The word most product titles of a language start with (a category's name: many search results). */
async function commonWord(lang: 'uz' | 'ru') {
  const { results } = await api({ lang }).call('catalogue', { query: { page_size: '1000' } });
  const counts = new Map<string, number>();
  for (const { title } of results) {
    const word = title?.split(' ')[0];
    if (word) counts.set(word, (counts.get(word) ?? 0) + 1);
  }
  return [...counts].sort((a, b) => b[1] - a[1])[0]![0];
}

async function expectOneLine(button: Locator) {
  const text = button.locator('.card-add-text');
  expect(await linesOf(text)).toBe(1);
  const fits = await button.evaluate((node) => node.scrollWidth <= node.clientWidth + 1);
  expect(fits).toBe(true);
}

/**
 * The cards of `list`, as every list shows them: two columns side by side within the phone, each card with its
 * product's rating or none, the heart named for its product, a one-line basket button, or for a product sold in
 * variants a link to its page (named so) and no basket button.
 */
async function expectPhoneCards(list: Locator, lang: 'uz' | 'ru') {
  const cards = list.locator(':scope > li.card[data-product-card]');
  const count = await cards.count();
  expect(count, 'cards listed').toBeGreaterThan(2);
  const boxes = await cards.evaluateAll((nodes) => nodes.slice(0, 3).map((node) => node.getBoundingClientRect()));
  const [first, second, third] = boxes as [DOMRect, DOMRect, DOMRect];
  // Two columns: the second card beside the first, the third under the first, all within the phone's width.
  expect(Math.abs(second.top - first.top)).toBeLessThan(1);
  expect(second.left).toBeGreaterThanOrEqual(first.right);
  expect(second.right).toBeLessThanOrEqual(PHONE.width);
  expect(third.top).toBeGreaterThanOrEqual(first.bottom);
  expect(Math.abs(third.left - first.left)).toBeLessThan(1);
  expect(first.width).toBeLessThan(PHONE.width / 2);

  const { products } = await seedData();
  const byId = new Map(products.map((p) => [p.id, p]));
  const titles = new Map(
    (await api({ lang }).call('catalogue', { query: { page_size: '1000' } })).results.map((p) => [p.id, p.title]),
  );
  for (let i = 0; i < count; i++) {
    const card = cards.nth(i);
    const id = Number(await card.getAttribute('data-product-card'));
    const product = byId.get(id)!;
    const title = titles.get(id) ?? '';
    const rating = card.locator('.card-rating');
    if (rated(product)) {
      await expect(rating).toContainText('★');
      await expect(rating).toContainText(product.rating!.toFixed(1));
    } else await expect(rating).toHaveCount(0);
    await expect(card.locator('.card-fav')).toHaveAccessibleName(`${WORDS[lang].favourite}: ${title}`);
    const button = card.locator('.card-add');
    await expectOneLine(button);
    if (inVariants(product)) {
      await expect(card.locator('[data-add-to-basket]')).toHaveCount(0);
      await expect(button).toHaveAccessibleName(`${WORDS[lang].choose}: ${title}`);
      await expect(button).toHaveAttribute('href', `/${lang}/product/${id}`);
    } else await expect(button).toHaveAttribute('data-add-to-basket', String(id));
  }
}

/** The first four images load at once and first, the others when near; each says its size; raster ones offer widths. */
async function expectImages(list: Locator) {
  const images = await list.locator(':scope > li.card img').evaluateAll((nodes) =>
    nodes.map((node) => ({
      src: node.getAttribute('src') ?? '',
      loading: node.getAttribute('loading'),
      priority: node.getAttribute('fetchpriority'),
      size: [node.getAttribute('width'), node.getAttribute('height')],
      srcset: node.getAttribute('srcset'),
      sizes: node.getAttribute('sizes'),
    })),
  );
  expect(images.length).toBeGreaterThan(4);
  for (const [index, image] of images.entries()) {
    expect(image.size).toEqual(['300', '300']);
    expect([image.loading, image.priority]).toEqual(index < 4 ? ['eager', 'high'] : ['lazy', null]);
    if (/\.svg(?:[?#]|$)/i.test(image.src)) expect(image.srcset).toBeNull();
    else {
      expect(image.srcset).toBe(CARD_PHOTO.widths.map((width) => `${image.src}?w=${width} ${width}w`).join(','));
      expect(image.sizes).toBe(CARD_PHOTO.sizes);
    }
  }
}

test.describe('cards on a phone', () => {
  test.use({ viewport: PHONE });

  for (const lang of ['uz', 'ru'] as const) {
    test(`${lang}: a category's cards show the rating, add in one line, and a product in variants opens its page @mobile`, async ({
      page,
    }) => {
      const { category, withRating, withoutRating, withVariants } = await mixedCategory();
      await page.goto(`/${lang}/category/${category.id}`);
      const list = page.locator('[data-listing-static] ul.grid');
      await expectPhoneCards(list, lang);
      await expectImages(list);

      const ratedCard = page.locator(`[data-product-card="${withRating.id}"]`).first();
      const rating = ratedCard.locator('.card-rating');
      await expect(rating).toBeVisible();
      if (withRating.reviews_count > 0) await expect(rating).toContainText(`(${withRating.reviews_count})`);
      await expect(page.locator(`[data-product-card="${withoutRating.id}"] .card-rating`)).toHaveCount(0);

      const add = ratedCard.locator('.card-add');
      await expect(add).toBeEnabled();
      await add.click();
      await expect(add).toHaveAttribute('data-in-basket', 'true');
      await expectOneLine(add);
      // The link to the basket sits beside the button, inside the card.
      const [button, go, card] = await Promise.all([
        add.boundingBox(),
        ratedCard.locator('.card-go').boundingBox(),
        ratedCard.boundingBox(),
      ]);
      expect(button!.x + button!.width).toBeLessThanOrEqual(go!.x);
      expect(go!.x + go!.width).toBeLessThanOrEqual(card!.x + card!.width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

      // The product in variants: its card adds nothing and leads to its page, where the shopper chooses.
      await page.locator(`[data-product-card="${withVariants.id}"] .card-add`).first().click();
      await page.waitForURL(`**/${lang}/product/${withVariants.id}`);
      expect(await localBasket(page)).toEqual([[withRating.id, null, 1]]);
    });
  }

  test('uz: the filtered list, search results and favourites print the same cards in the same grid @mobile', async ({
    page,
  }) => {
    const { category, withRating, withoutRating, withVariants } = await mixedCategory();
    await page.goto(`/uz/category/${category.id}`);
    // Favourites: the hearts of three cards, the same heart on every card.
    for (const product of [withRating, withoutRating, withVariants]) {
      const heart = page.locator(`[data-product-card="${product.id}"] .card-fav`).first();
      await heart.click();
      await expect(heart).toHaveAttribute('aria-pressed', 'true');
    }

    // The filtered list (Pagefind's records, drawn in the browser).
    await page.locator('[data-listing-sort]').selectOption('price-asc');
    const filtered = page.locator('[data-listing-results] ul');
    await expect(filtered.locator('[data-product-card]').first()).toBeVisible();
    await expectPhoneCards(filtered, 'uz');

    await page.goto('/uz/favorites');
    const favourites = page.getByTestId('favourites-list');
    await expect(favourites.locator('[data-product-card]')).toHaveCount(3);
    await expectPhoneCards(favourites, 'uz');
    await expect(favourites.locator('.card-fav[aria-pressed="true"]')).toHaveCount(3);

    await page.goto(`/uz/search?q=${encodeURIComponent(await commonWord('uz'))}`);
    const results = page.getByTestId('search-results').locator('ul.grid');
    await expect(results.locator('[data-product-card]').first()).toBeVisible();
    await expectPhoneCards(results, 'uz');
    await expectImages(results);
    // The heart and the button work on them as on every card (one of a product sold without variants, in stock).
    const { products } = await seedData();
    const shown = await results
      .locator('[data-product-card]')
      .evaluateAll((cards) => cards.map((card) => Number(card.getAttribute('data-product-card'))));
    const liked = [withRating.id, withoutRating.id, withVariants.id];
    const simple = products.find(
      (p) => shown.includes(p.id) && !liked.includes(p.id) && !inVariants(p) && (p.stock ?? 1) > 0,
    )!;
    const card = results.locator(`[data-product-card="${simple.id}"]`);
    await expect(card.locator('.card-fav')).toHaveAttribute('aria-pressed', 'false');
    await card.locator('.card-fav').click();
    await expect(card.locator('.card-fav')).toHaveAttribute('aria-pressed', 'true');
    await card.locator('.card-add').click();
    await expect(card.locator('.card-add')).toHaveAttribute('data-in-basket', 'true');
    await expectOneLine(card.locator('.card-add'));
  });

  test('ru: search results and favourites, the same cards in the same grid @mobile', async ({ page }) => {
    const { withRating, withVariants } = await mixedCategory();
    await page.goto('/ru/about');
    await page.evaluate((ids) => localStorage.setItem('liked', JSON.stringify(ids)), [withRating.id, withVariants.id]);
    await page.goto(`/ru/search?q=${encodeURIComponent(await commonWord('ru'))}`);
    const results = page.getByTestId('search-results').locator('ul.grid');
    await expect(results.locator('[data-product-card]').first()).toBeVisible();
    await expectPhoneCards(results, 'ru');

    await page.goto('/ru/favorites');
    const favourites = page.getByTestId('favourites-list');
    await expect(favourites.locator('[data-product-card]')).toHaveCount(2);
    const boxes = await favourites
      .locator('[data-product-card]')
      .evaluateAll((nodes) => nodes.map((node) => node.getBoundingClientRect().top));
    expect(Math.abs(boxes[0]! - boxes[1]!)).toBeLessThan(1);
    await expect(favourites.locator(`[data-product-card="${withVariants.id}"] .card-add`)).toHaveAccessibleName(
      `${WORDS.ru.choose}: ${(await api({ lang: 'ru' }).call('product', { params: { id: withVariants.id } })).title}`,
    );
  });
});
