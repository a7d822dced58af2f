/**
 * The storefront built from a backend that answers only the spec's calls, in
 * both dialects (plain; loose: decimal strings, comma-separated images, bare
 * ids, null titles, unknown fields): its pages show the backend's data, a
 * visitor's basket and a signed-in shopper's favourites work, and checkout
 * offers the fallback for a backend without order placement. Any console error
 * or uncaught page error fails a test (tests/e2e/support/test.ts).
 */
import type { Page, TestInfo } from '@playwright/test';
import { expect, expectConsole, failedLoad, test } from '../e2e/support/test.ts';
import { TOASTS } from '../e2e/islands/helpers.ts';
import { backendGet, basketLines, codeFor, expireTokens, favouriteProducts, randomPhone } from './backend.ts';

interface RawProduct {
  id: number;
  title: string | null;
}

test('home shows the backend’s categories and product groups', async ({ page }, info) => {
  const categories = await backendGet<{ name: string }[]>(info, '/products/categories/');
  const groups = await backendGet<{ products: RawProduct[] }[]>(info, '/products/main-products/');
  await page.goto('/uz');
  for (const { name } of categories) await expect(page.locator('main').getByText(name).first()).toBeAttached();
  const shown = groups[0]!.products.find((p) => p.title)!;
  await expect(page.locator(`main a[href="/uz/product/${shown.id}"]`).first()).toBeAttached();
  await expect(page.locator('main').getByText(shown.title!).first()).toBeAttached();
});

test('a category page lists what the backend lists under it', async ({ page }, info) => {
  const { results } = await backendGet<{ results: RawProduct[] }>(info, '/products/category-products/1/');
  await page.goto('/uz/category/1');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Smartfonlar');
  for (const product of results.slice(0, 3))
    await expect(page.locator(`main a[href="/uz/product/${product.id}"]`).first()).toBeAttached();
});

test('a product page shows its title, price and only the features in stock', async ({ page }) => {
  await page.goto('/uz/product/3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('iPhone 15');
  await expect(page.locator('[data-product-panel] [data-price]')).toHaveText('11 875 000 soʻm');
  // Feature 303 has none left (the loose dialect sends it with count 0).
  await expect(page.locator('[data-feature="301"]')).toBeVisible();
  await expect(page.locator('[data-feature="303"]')).toHaveCount(0);
  await expect(page.locator('[data-live="checked"]')).toBeAttached();
});

test('a product without a title is shown as Unknown Product, one without photos with the placeholder', async ({
  page,
}, info) => {
  const raw = await backendGet<RawProduct>(info, '/products/product/18/');
  await page.goto('/uz/product/18');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(raw.title ?? 'Unknown Product');
  await page.goto('/uz/product/28');
  await expect(page.locator('[data-product-panel] img').first()).toHaveAttribute('src', /placeholder\.svg$/);
});

test('search and top pages show the backend’s products', async ({ page }, info) => {
  await page.goto('/uz/search?q=iPhone');
  await expect(page.getByTestId('search-results').getByText('iPhone 15').first()).toBeVisible();
  const top = await backendGet<RawProduct[]>(info, '/products/top-products/');
  await page.goto('/uz/top-product');
  await expect(page.locator(`main a[href="/uz/product/${top[0]!.id}"]`).first()).toBeAttached();
});

test('a visitor’s basket: added on the product page, shown on the basket page', async ({ page }) => {
  await page.goto('/uz/product/1');
  await expect(page.locator('[data-live="checked"]')).toBeAttached();
  await page.locator('[data-product-panel] [data-add-to-basket="1"], main [data-add-to-basket="1"]').first().click();
  await expect(page.locator(TOASTS, { hasText: 'Mahsulot savatga qoʻshildi!' })).toBeVisible();
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line[data-product="1"]')).toBeVisible();
});

test('a card never picks a variant: search marks it for choosing, a related card without variant counts opens its page', async ({
  page,
}) => {
  // The search answer sends each product's features (§3): the card knows iPhone 15 is chosen on its page.
  await page.goto('/uz/search?q=iPhone');
  const found = page.getByTestId('search-results').locator('[data-product-card="3"] .card-add');
  await expect(found).toHaveAccessibleName('Tanlash: iPhone 15');
  await expect(found).toHaveAttribute('href', '/uz/product/3');
  // Related products come without features: the card offers the add, and the add finds the variants and opens
  // the product's page instead of adding one the shopper did not pick.
  await page.goto('/uz/product/1');
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  const related = page.locator('[data-related-of] [data-product-card="3"] [data-add-to-basket="3"]');
  await related.click();
  await page.waitForURL('**/uz/product/3');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('iPhone 15');
  expect(await page.evaluate(() => JSON.parse(localStorage.getItem('basket') ?? '[]') as unknown[])).toEqual([]);
});

async function signInThroughModal(page: Page, phone: string, code: () => Promise<string>): Promise<void> {
  await page.goto('/uz/profile');
  await page.getByTestId('profile-sign-in').click();
  await page.getByTestId('phone-input').fill('');
  await page.getByTestId('phone-input').pressSequentially(phone.slice(1));
  await page.getByRole('button', { name: 'Kod olish' }).click();
  await expect(page.getByRole('heading', { name: 'Kodni kiriting' })).toBeVisible();
  await page.getByTestId('code-input').pressSequentially(await code());
  await expect(page.locator(TOASTS, { hasText: 'Tasdiqlandi' })).toBeVisible({ timeout: 15_000 });
}

test('sign-in through the modal, then a favourite kept on the backend and shown', async ({ page }, info) => {
  const phone = randomPhone();
  await signInThroughModal(page, phone, () => codeFor(info, phone));
  await page.goto('/uz/product/3');
  await page.locator('[data-favourite="3"]').first().click();
  const access = await page.evaluate(() => localStorage.getItem('access') ?? '');
  await expect.poll(() => favouriteProducts(info, access), { timeout: 10_000 }).toEqual([3]);
  await page.goto('/uz/favorites');
  await expect(page.getByTestId('favourites-list').locator('.card')).toHaveCount(1);
});

test('a visitor’s favourites go to the backend on the first load after sign-in (§4)', async ({ page }, info) => {
  await page.goto('/uz/product/5');
  await page.locator('[data-favourite="5"]').first().click();
  await expect.poll(() => page.evaluate(() => localStorage.getItem('liked'))).toBe('[5]');
  const phone = randomPhone();
  await signInThroughModal(page, phone, () => codeFor(info, phone));
  const access = await page.evaluate(() => localStorage.getItem('access') ?? '');
  await page.goto('/uz/favorites');
  await expect.poll(() => favouriteProducts(info, access), { timeout: 10_000 }).toEqual([5]);
  await expect(page.getByTestId('favourites-list').locator('.card')).toHaveCount(1);
});

/** A new shopper signed in through the modal, on product `id`'s page once its live check is done; their token. */
async function signedInOnProduct(page: Page, info: TestInfo, id: number): Promise<string> {
  const phone = randomPhone();
  await signInThroughModal(page, phone, () => codeFor(info, phone));
  const access = await page.evaluate(() => localStorage.getItem('access') ?? '');
  await page.goto(`/uz/product/${id}`);
  await expect(page.locator('[data-live="checked"]')).toBeAttached();
  return access;
}

test('a signed-in shopper’s basket on the backend: add, quantity and delete, items read as the dialect sends them', async ({
  page,
}, info) => {
  const access = await signedInOnProduct(page, info, 7);
  await page.locator('[data-product-panel] [data-add-to-basket="7"], main [data-add-to-basket="7"]').first().click();
  await expect(page.locator(TOASTS, { hasText: 'Mahsulot savatga qoʻshildi!' })).toBeVisible();
  await expect.poll(() => basketLines(info, access)).toEqual([[7, 1]]);

  await page.goto('/uz/basket');
  const line = page.locator('.basket-line[data-product="7"]');
  await expect(line).toHaveAttribute('data-status', 'saved');
  // An item that names its product by id alone is filled in from the product.
  await expect(line.locator('.basket-info a')).not.toHaveText('…');
  await line.getByRole('button', { name: /Koʻpaytirish/ }).click();
  await expect.poll(() => basketLines(info, access)).toEqual([[7, 2]]);
  await expect(line.locator('output')).toHaveText('2');
  await line.locator('.basket-remove').click();
  await expect.poll(() => basketLines(info, access)).toEqual([]);
  await expect(page.locator('.basket-line')).toHaveCount(0);
});

test('an add the backend refuses as out of stock (§8: {"errors": …}) is said on the product page, and its button does not claim the line', async ({
  page,
}, info) => {
  const access = await signedInOnProduct(page, info, 7);
  const button = page.locator('.buybox [data-add-to-basket="7"]');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  // Sold out since the page read it: the backend refuses the add as the spec's backend does.
  const ADD = /\/orders\/add-basket\/$/;
  expectConsole(page, failedLoad(400, ADD));
  await page.route(ADD, (route) =>
    route.request().method() === 'POST'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: JSON.stringify({ errors: 'Out of stock' }),
        })
      : route.fallback(),
  );
  await button.click();
  await expect(page.locator(TOASTS, { hasText: 'Out of stock' })).toBeVisible();
  await expect(page.locator('[data-basket-refused]')).toContainText('Out of stock');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(await basketLines(info, access)).toEqual([]);
});

test('checkout without order placement offers the phone and support bot, and keeps the basket', async ({ page }) => {
  await page.goto('/uz/product/1');
  await page.locator('[data-product-panel] [data-add-to-basket="1"], main [data-add-to-basket="1"]').first().click();
  await expect(page.locator(TOASTS, { hasText: 'Mahsulot savatga qoʻshildi!' })).toBeVisible();
  await page.goto('/uz/orders-confirmation');
  const unavailable = page.getByTestId('checkout-unavailable');
  await expect(unavailable).toBeVisible();
  await expect(unavailable.locator('a[href^="tel:"]')).toBeVisible();
  await expect(page.locator('main')).not.toContainText('404 Not Found');
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line[data-product="1"]')).toBeVisible();
});

test('without token refresh, an expired session asks to sign in again and keeps the visitor’s basket', async ({
  page,
}, info) => {
  expectConsole(page, failedLoad(401));
  const phone = randomPhone();
  await signInThroughModal(page, phone, () => codeFor(info, phone));
  // The signed-in page's own calls are done first: one answered 401 here would end the session before the next page.
  await page.waitForLoadState('networkidle');
  await expireTokens(info);
  await page.goto('/uz/favorites');
  await expect(page.locator(TOASTS, { hasText: 'Seans tugadi' })).toBeVisible();
  await expect(page.getByTestId('sign-in-dialog')).toBeVisible();
  // Signed out on this device, nothing else forgotten: a product added now is kept as a visitor's.
  await page.goto('/uz/product/1');
  const add = page.locator('[data-product-panel] [data-add-to-basket="1"], main [data-add-to-basket="1"]').first();
  await add.click();
  // The add is kept once the button says so; leaving before that would leave it undone.
  await expect(add).toHaveAttribute('data-in-basket', 'true');
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line[data-product="1"]')).toBeVisible();
});
