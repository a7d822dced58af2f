import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { seedData } from '../support/api.ts';
import { pageOfEveryType, watchErrors } from '../support/site.ts';
import { E2E_SITE } from '../../../playwright.config.ts';

test.describe('routes', () => {
  test('every route answers 200 with real data in both languages', async ({ page, request }) => {
    const { products, categories } = await seedData();
    const big = categories.find((c) => products.filter((p) => p.category?.id === c.id).length > 24)!;
    const product = products[0]!;
    const routes = [...Object.values(await pageOfEveryType()), `/category/${big.id}/page/2`];
    for (const lang of ['uz', 'ru']) {
      for (const route of routes) {
        const response = await request.get(`/${lang}${route}`, { maxRedirects: 0 });
        expect(response.status(), `/${lang}${route}`).toBe(200);
        const html = await response.text();
        expect(html).toContain(`<html lang="${lang}"`);
        expect(html).toMatch(/http-equiv="content-security-policy"/);
        expect(html).not.toMatch(/script-src[^;"]*'unsafe-inline'/);
      }
    }
    // Real data: a category page lists its products and links page 2 with rel=next.
    const errors = await watchErrors(page);
    await page.goto(`/uz/category/${big.id}`);
    await expect(page.locator('h1')).toHaveText(big.name);
    await expect(page.locator('[data-product-card]')).toHaveCount(24);
    await expect(page.locator('link[rel="next"]')).toHaveAttribute(
      'href',
      new RegExp(`/uz/category/${big.id}/page/2$`),
    );
    await page.goto(`/ru/product/${product.id}`);
    await expect(page.locator('h1')).toBeVisible();
    await expect(page.locator('[data-price]')).toContainText('сум');
    expect(errors).toEqual([]);
  });

  test('unknown paths give the 404 page', async ({ page }) => {
    expectConsole(page, failedLoad(404, /\/no-such-page$/));
    const response = await page.goto('/uz/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(page.locator('[data-error-page="notfound"] h1')).toBeVisible();
  });

  test('noindex on private and error pages, canonical and hreflang everywhere', async ({ request }) => {
    for (const path of [
      '/uz/basket',
      '/ru/profile',
      '/uz/search',
      '/uz/orders-confirmation',
      '/ru/orders-success',
      '/ru/server-error',
    ]) {
      expect(await (await request.get(path)).text(), path).toContain('content="noindex');
    }
    const html = await (await request.get('/ru/about')).text();
    expect(html).toContain(`<link rel="canonical" href="${E2E_SITE}/ru/about">`);
    expect(html).toContain(`hreflang="uz" href="${E2E_SITE}/uz/about"`);
    expect(html).toContain(`hreflang="x-default" href="${E2E_SITE}/uz/about"`);
    expect(html).toContain('content="index, follow"');
    const robots = await (await request.get('/robots.txt')).text();
    expect(robots).toContain(`Sitemap: ${E2E_SITE}/sitemap-index.xml`);
    const index = await (await request.get('/sitemap-index.xml')).text();
    expect(index).toContain('/sitemaps/ru-1.xml');
    const ru = await (await request.get('/sitemaps/ru-1.xml')).text();
    expect(ru).toContain(`<loc>${E2E_SITE}/ru/product/1</loc>`);
    expect(ru).not.toContain('/basket');
  });
});
