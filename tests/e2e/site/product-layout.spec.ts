/**
 * The product page sells: on a phone the price, the monthly line and the basket button are on the first screen, in
 * a bar fixed above the bottom navigation that stays while the shopper scrolls, and the page never scrolls
 * sideways once the product is in the basket; on a laptop's 1280 × 800 the basket button sits beside the price on
 * the first screen. The rating and the reviews count sit under the title.
 */
import type { Locator, Page } from '@playwright/test';
import type { Lang, Product } from '#contract/schemas.ts';
import { api, seedData } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { perLanguage, words } from '../support/words.ts';

/** A product with variants in stock, a rating, reviews, an installment plan and a seller: every part of the page. */
async function fullProduct(lang: Lang): Promise<Product> {
  const { products } = await seedData();
  const fits = (p: Product) =>
    p.features.some((f) => f.count > 0) && !!p.installment && !!p.rating && (p.reviews_count ?? 0) > 0 && !!p.store;
  for (const seeded of products.filter(fits)) {
    const live = await api({ lang }).call('product', { params: { id: seeded.id } });
    if (fits(live)) return live;
  }
  throw new Error('no product with variants in stock, a rating and an installment plan');
}

const box = async (locator: Locator) => (await locator.boundingBox())!;

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    width: document.documentElement.clientWidth,
  }));
  expect(scrollWidth, `${where}: the page is wider than the window`).toBeLessThanOrEqual(width);
}

const TEXT = perLanguage((t) => ({ inBasket: t('product.in_basket'), goToBasket: t('product.go_to_basket') }));

/** The rating line's words: '4.6 / 5 · 12 ta sharh', '4.6 / 5 · отзывов: 12'. */
function ratingWords(lang: Lang, product: Product): string {
  return words(lang)('product.rating', { rating: product.rating!.toFixed(1), count: product.reviews_count });
}

for (const lang of ['uz', 'ru'] as const) {
  test(`${lang}: a phone keeps the price, the monthly line and the basket button in a bar at the bottom @mobile`, async ({
    page,
  }) => {
    const product = await fullProduct(lang);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto(`/${lang}/product/${product.id}`);
    await expect(page.locator('[data-live="checked"]')).toBeAttached();
    const price = page.locator('[data-product-panel] [data-price]');
    const monthly = page.locator('[data-product-panel] [data-installment]');
    const add = page.locator(`.actions [data-add-to-basket="${product.id}"]`);
    const navigation = page.getByTestId('mobile-bar');

    // The rating and the reviews count, under the title.
    const rating = page.locator('[data-title-rating]');
    await expect(rating).toHaveText(`★${ratingWords(lang, product)}`);
    await expect(rating).toHaveAccessibleName(ratingWords(lang, product));
    await expect(rating).toHaveAttribute('href', '#reviews');
    const title = await box(page.locator('h1'));
    expect((await box(rating)).y).toBeGreaterThanOrEqual(title.y + title.height);

    for (const where of ['first screen', 'scrolled to the end']) {
      for (const part of [price, monthly, add]) await expect(part, where).toBeInViewport({ ratio: 1 });
      // Above the bottom navigation, not under it.
      const navigationTop = (await box(navigation)).y;
      for (const part of [price, monthly, add])
        expect((await box(part)).y + (await box(part)).height, where).toBeLessThanOrEqual(navigationTop);
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      await expect.poll(() => page.evaluate(() => window.scrollY), where).toBeGreaterThan(0);
    }
    // The end of the page is not hidden under the bar: scrolled to the end, the footer ends above it (the related
    // products, read as their place nears, lengthen the page, so each try scrolls to the end again).
    const footer = page.getByTestId('site-footer');
    const bar = page.locator('[data-buybox]');
    await expect
      .poll(async () => {
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const [end, top] = [await box(footer), await box(bar)];
        return top.y - (end.y + end.height);
      })
      .toBeGreaterThanOrEqual(0);

    // Scrolled into view as focus and in-page links scroll it, a link ends above the bar, not under it.
    const seller = page.locator('a.seller');
    await seller.evaluate((link) => link.scrollIntoView({ block: 'end' }));
    expect((await box(seller)).y + (await box(seller)).height).toBeLessThanOrEqual((await box(bar)).y);

    // In the basket: the button says so, the link to the basket shows beside it, and nothing leaves the screen.
    await add.click();
    await expect(add).toHaveAttribute('data-in-basket', 'true');
    await expect(add).toContainText(TEXT[lang].inBasket);
    const go = page.getByRole('link', { name: TEXT[lang].goToBasket });
    await expect(go).toBeInViewport({ ratio: 1 });
    await expect(page.locator(`[data-favourite="${product.id}"]`)).toBeInViewport({ ratio: 1 });
    await expect(add).toBeInViewport({ ratio: 1 });
    await expectNoSidewaysScroll(page, `/${lang}/product/${product.id} in the basket at 360 px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await expectNoSidewaysScroll(page, `/${lang}/product/${product.id} in the basket at 360 px, at the top`);
  });
}

test('a laptop shows the basket button beside the price, on the first screen at 1280 × 800', async ({ page }) => {
  const product = await fullProduct('uz');
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`/uz/product/${product.id}`);
  await expect(page.locator('[data-live="checked"]')).toBeAttached();
  const price = page.locator('[data-product-panel] [data-price]');
  const add = page.locator(`.actions [data-add-to-basket="${product.id}"]`);
  for (const part of [price, page.locator('[data-product-panel] [data-installment]'), add])
    await expect(part).toBeInViewport({ ratio: 1 });
  // Beside: on the same line, to the right of the price.
  const [priceBox, addBox] = [await box(price), await box(add)];
  expect(addBox.x).toBeGreaterThanOrEqual(priceBox.x + priceBox.width);
  expect(addBox.y).toBeLessThan(priceBox.y + priceBox.height);
  expect(addBox.y + addBox.height).toBeGreaterThan(priceBox.y);
  // The rating and the reviews count, under the title.
  await expect(page.locator('[data-title-rating]')).toHaveText(`★${ratingWords('uz', product)}`);
  // In the basket, the button stays where it was and the link to the basket shows under it.
  await add.click();
  await expect(add).toHaveAttribute('data-in-basket', 'true');
  expect((await box(add)).y).toBeCloseTo(addBox.y, 0);
  await expect(page.getByRole('link', { name: 'Savatga oʻtish' })).toBeInViewport({ ratio: 1 });
});
