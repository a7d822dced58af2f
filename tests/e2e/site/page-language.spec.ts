/**
 * A page speaks its path's language throughout: the 404 page under /ru is Russian, and Russian prices say "сум"
 * (Uzbek ones "soʻm"), in the built pages and in what islands draw.
 */
import type { Page } from '@playwright/test';
import type { Lang } from '#contract/langs.ts';
import { ru } from '../../../src/i18n/ru.ts';
import { uz } from '../../../src/i18n/uz.ts';
import { setLocalBasket } from '../islands/helpers.ts';
import { products } from '../support/api.ts';
import { pageOfEveryType } from '../support/site.ts';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';

const dictionaries = { uz, ru } as const;
const currency = { uz: 'soʻm', ru: 'сум' } as const;
const otherCurrency = (lang: Lang) => currency[lang === 'uz' ? 'ru' : 'uz'];

/** Every price shown on the page (cards, the product panel, basket lines and sums) and the whole text. */
async function pricesAndText(page: Page) {
  return page.evaluate(() => ({
    // A definition is a price only where it names an amount (a product's details list its memory, size...).
    prices: [...document.querySelectorAll('.price, .old-price, [data-price], s, dd')]
      .filter(
        (element) => element.tagName !== 'DD' || /\d{1,3}(?:[\s\u00a0\u202f]\d{3})+/.test(element.textContent ?? ''),
      )
      .map((element) => element.textContent?.trim() ?? '')
      .filter((text) => /\d/.test(text)),
    text: document.body.innerText,
  }));
}

for (const lang of ['uz', 'ru'] as const) {
  test(`the 404 page under /${lang} is in ${lang}`, async ({ page }) => {
    expectConsole(page, failedLoad(404, /\/no-such-page$/));
    const response = await page.goto(`/${lang}/no-such-page`);
    expect(response?.status()).toBe(404);
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.locator('[data-error-page="notfound"] h1')).toHaveText(
      dictionaries[lang]['error.notfound.title'],
    );
    await expect(page.locator('[data-error-page="notfound"] a.btn')).toHaveAttribute('href', `/${lang}`);
    await expect(page).toHaveTitle(new RegExp(dictionaries[lang]['error.notfound.title']));
  });

  test(`${lang} prices name the currency in ${lang}: cards, product page and basket`, async ({ page }) => {
    const paths = await pageOfEveryType();
    for (const path of [paths.home, paths.category, paths.product]) {
      await page.goto(`/${lang}${path}`);
      const { prices, text } = await pricesAndText(page);
      expect(prices.length, `${path} shows prices`).toBeGreaterThan(0);
      for (const price of prices) expect(price, `${lang}${path}`).toContain(currency[lang]);
      expect(text, `${lang}${path}`).not.toContain(otherCurrency(lang));
    }
    // An island's prices (the visitor's basket, drawn in the browser).
    const [first] = await products();
    await setLocalBasket(page, [{ product: first!.id, feature: first!.feature, quantity: 1 }]);
    await page.goto(`/${lang}/basket`);
    const total = page.getByTestId('basket-total');
    await expect(total).toContainText(currency[lang]);
    await expect(page.locator('main')).not.toContainText(otherCurrency(lang));
  });
}
