/**
 * Product cards on a 360 px phone, in both languages: the rating (★ and the number) when the product has one and
 * nothing when it has none, and a basket button whose words fit one line before and after adding.
 */
import type { Locator } from '@playwright/test';
import { seedData } from '../support/api.ts';
import { expect, test } from '../support/test.ts';

const PHONE = { width: 360, height: 780 };

/** Lines the words of `element` take: its height in line heights (text hidden for screen readers takes none). */
const linesOf = (element: Locator) =>
  element.evaluate((node) => {
    const style = getComputedStyle(node);
    const line = Number.parseFloat(style.lineHeight) || 1.2 * Number.parseFloat(style.fontSize);
    return Math.round(node.getBoundingClientRect().height / line);
  });

/** A category whose page lists products with a rating and products without one. */
async function mixedCategory() {
  const { products, categories } = await seedData();
  const rated = (p: (typeof products)[number]) => typeof p.rating === 'number' && p.rating > 0;
  const category = categories.find((c) => {
    const listed = products.filter((p) => p.category?.id === c.id);
    return listed.some(rated) && listed.some((p) => !rated(p));
  })!;
  const listed = products.filter((p) => p.category?.id === category.id);
  return { category, withRating: listed.find(rated)!, withoutRating: listed.find((p) => !rated(p))! };
}

async function expectOneLine(button: Locator) {
  const text = button.locator('.card-add-text');
  expect(await linesOf(text)).toBe(1);
  const fits = await button.evaluate((node) => node.scrollWidth <= node.clientWidth + 1);
  expect(fits).toBe(true);
}

for (const lang of ['uz', 'ru'] as const) {
  test(`${lang}: cards at 360 px show the rating and a one-line basket button @mobile`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    const { category, withRating, withoutRating } = await mixedCategory();
    await page.goto(`/${lang}/category/${category.id}`);

    const rated = page.locator(`[data-product-card="${withRating.id}"]`).first();
    const rating = rated.locator('.card-rating');
    await expect(rating).toBeVisible();
    await expect(rating).toContainText('★');
    await expect(rating).toContainText(withRating.rating!.toFixed(1));
    if (withRating.reviews_count > 0) await expect(rating).toContainText(`(${withRating.reviews_count})`);
    await expect(page.locator(`[data-product-card="${withoutRating.id}"]`).first().locator('.card-rating')).toHaveCount(
      0,
    );

    // Every basket button's words on one line, before adding and once in the basket.
    const buttons = page.locator('main [data-product-card] .card-add');
    const count = await buttons.count();
    expect(count).toBeGreaterThan(1);
    for (let i = 0; i < count; i++) await expectOneLine(buttons.nth(i));
    const add = rated.locator('.card-add');
    await expect(add).toBeEnabled();
    await add.click();
    await expect(add).toHaveAttribute('data-in-basket', 'true');
    await expectOneLine(add);
    // The link to the basket sits beside the button, inside the card.
    const [button, go, card] = await Promise.all([
      add.boundingBox(),
      rated.locator('.card-go').boundingBox(),
      rated.boundingBox(),
    ]);
    expect(button!.x + button!.width).toBeLessThanOrEqual(go!.x);
    expect(go!.x + go!.width).toBeLessThanOrEqual(card!.x + card!.width);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });
}
