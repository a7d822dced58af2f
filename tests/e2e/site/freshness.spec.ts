/**
 * Freshness between rebuilds: the product page carries its build time, an
 * answer cached before the page was built is not used, and a product the API
 * no longer has shows as unavailable instead of at its built price.
 */
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { seedData } from '../support/api.ts';

const plainProduct = async () => {
  const { products } = await seedData();
  return products.find((p) => p.features.length === 0 && p.discount_price === null && p.stock > 0) ?? products[0]!;
};

test('a product the API no longer has shows as unavailable, not at the price it was built with', async ({ page }) => {
  expectConsole(page, failedLoad(404, /\/api\/v1\/products\/product\/\d+\/$/));
  const product = await plainProduct();
  await page.route(`**/api/v1/products/product/${product.id}/`, (route) =>
    route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' }, json: { detail: 'Not found.' } }),
  );
  for (const [lang, text] of [
    ['uz', 'Bu mahsulot endi sotilmaydi'],
    ['ru', 'Этот товар больше не продаётся'],
  ] as const) {
    await page.goto(`/${lang}/product/${product.id}`);
    await expect(page.locator('[data-live="gone"]')).toBeAttached();
    await expect(page.locator('[data-unavailable]')).toHaveText(text);
    await expect(page.locator('[data-unavailable]')).toHaveAttribute('role', 'status');
    await expect(page.locator('[data-price], [data-stock]')).toHaveCount(0);
    await expect(page.locator(`[data-add-to-basket="${product.id}"]`).first()).toBeDisabled();
  }
});

test('the page carries its build time, and an answer cached before the build is not used', async ({
  page,
  request,
}) => {
  const product = await plainProduct();
  const html = await (await request.get(`/uz/product/${product.id}`)).text();
  const builtAtText = /data-built-at="([^"]+)"/.exec(html)?.[1];
  const builtAt = Date.parse(builtAtText ?? '');
  expect(builtAt, `data-built-at="${builtAtText}"`).toBeLessThanOrEqual(Date.now());

  // The shopper's clock is a minute after the build; the cached answer, within its 5 minutes, is from before it.
  await page.clock.setFixedTime(builtAt + 60_000);
  const stale = { price: 1_111_000, discount: null, discount_price: null, stock: 3, unit: 'pcs', features: [] };
  await page.addInitScript(([key, value]) => sessionStorage.setItem(key, value), [
    `bozor:product:uz:${product.id}`,
    JSON.stringify({ at: builtAt - 60_000, value: stale }),
  ] as const);
  let calls = 0;
  await page.route(`**/api/v1/products/product/${product.id}/`, async (route) => {
    calls++;
    const response = await route.fetch();
    const json = { ...(await response.json()), price: 2_222_000, discount: null, discount_price: null };
    await route.fulfill({ response, json });
  });
  await page.goto(`/uz/product/${product.id}`);
  await expect(page.locator('[data-live="checked"]')).toHaveAttribute('data-built-at', builtAtText!);
  await expect(page.locator('[data-price]')).toContainText('2 222 000');
  expect(calls).toBe(1);
});
