/**
 * The monthly installment price on server-rendered cards, on the
 * product page (following the chosen variant's price) and on island tiles,
 * in both languages; and a backend that sends no plan: nothing shown, nothing
 * broken (the e2e build has no configured plan, INSTALLMENT_MONTHS unset).
 */
import type { Page } from '@playwright/test';
import type { Lang, ProductSummary } from '#contract/schemas.ts';
import { expect, test } from '../support/test.ts';
import { api, seedData } from '../support/api.ts';
import { installmentOffer } from '../../../src/shared/installment.ts';
import { formatAmount, payablePrice } from '../../../src/shared/price.ts';
import { words } from '../support/words.ts';

const RESULTS = /\/api\/v1\/products\/search-product\//;

/** The offer's text as the page must print it. */
function offerText(lang: Lang, price: number, plan: ProductSummary['installment']): string | null {
  const offer = installmentOffer(price, plan);
  if (!offer) return null;
  return words(lang)('product.installment', { amount: formatAmount(offer.monthly), months: offer.months });
}

async function expectCardsOffer(page: Page, lang: Lang, products: ProductSummary[]) {
  const cards = page.locator('[data-product-card]');
  await expect(cards.first()).toBeVisible();
  const byId = new Map(products.map((p) => [p.id, p]));
  let shown = 0;
  for (const card of await cards.all()) {
    const product = byId.get(Number(await card.getAttribute('data-product-card')))!;
    const text = offerText(lang, payablePrice(product), product.installment);
    const line = card.locator('[data-installment]');
    if (text === null) await expect(line).toHaveCount(0);
    else {
      await expect(line).toHaveText(text);
      shown++;
    }
  }
  return shown;
}

test('category cards show the monthly price of the API plan; goods by the kilogram none', async ({ page }) => {
  const { products, categories } = await seedData();
  const planned = products.find((p) => p.installment)!;
  await page.goto(`/uz/category/${planned.category!.id}`);
  expect(await expectCardsOffer(page, 'uz', products)).toBeGreaterThan(0);
  // Dried fruit is sold by the kilogram: no plan, no line.
  const byKg = products.find((p) => p.unit === 'kg')!;
  expect(byKg.installment).toBeNull();
  await page.goto(`/uz/category/${byKg.category!.id}`);
  await expect(page.locator('[data-product-card]').first()).toBeVisible();
  await expect(page.locator('[data-installment]')).toHaveCount(0);
  expect(categories.length).toBeGreaterThan(0);
});

test('the product page shows the monthly price in Russian and follows the chosen variant', async ({ page }) => {
  const { products } = await seedData();
  // The price a variant is sold at: its own, else the product's.
  const priceOf = (p: (typeof products)[number], f: (typeof products)[number]['features'][number]) =>
    f.price ?? payablePrice(p);
  // The first variant in stock is chosen on opening; another in stock has a price of its own.
  const fits = (p: (typeof products)[number]) => {
    const [first, ...others] = p.features.filter((f) => f.count > 0);
    return !!p.installment && !!first && others.some((f) => priceOf(p, f) !== priceOf(p, first));
  };
  // Stock as it is now: other tests' orders take stock.
  let product: (typeof products)[number] | undefined;
  for (const seeded of products.filter(fits)) {
    const live = { ...seeded, ...(await api({ lang: 'ru' }).call('product', { params: { id: seeded.id } })) };
    if (fits(live)) {
      product = live;
      break;
    }
  }
  if (!product) throw new Error('no product with a plan and two variants in stock at different prices');
  const [first, ...others] = product.features.filter((f) => f.count > 0);
  const variant = others.find((f) => priceOf(product, f) !== priceOf(product, first!))!;
  await page.goto(`/ru/product/${product.id}`);
  await expect(page.locator('[data-live="checked"]')).toBeAttached();
  const line = page.locator('[data-product-panel] [data-installment]');
  await expect(line).toHaveText(offerText('ru', priceOf(product, first!), product.installment)!);
  await page.locator(`[data-feature="${variant.id}"]`).click();
  await expect(line).toHaveText(offerText('ru', priceOf(product, variant), product.installment)!);
});

test('search result tiles show the monthly price; a backend without plans shows none and breaks nothing', async ({
  page,
}) => {
  await page.goto('/uz/search?q=Samsung');
  const tiles = page.getByTestId('search-results').locator('.card');
  await expect(tiles.first()).toBeVisible();
  const { results } = await api().call('searchProducts', { query: { q: 'Samsung', page: '1' } });
  expect(await expectCardsOffer(page, 'uz', results)).toBeGreaterThan(0);

  // The same answer from a backend that knows no plans.
  await page.route(RESULTS, async (route) => {
    const answer = (await (await route.fetch()).json()) as { results: Record<string, unknown>[] };
    for (const product of answer.results) delete product['installment'];
    await route.fulfill({ headers: { 'Access-Control-Allow-Origin': '*' }, json: answer });
  });
  await page.goto('/ru/search?q=Samsung');
  await expect(tiles.first()).toBeVisible();
  await expect(page.locator('[data-installment]')).toHaveCount(0);
});
