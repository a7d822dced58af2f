import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import type { Product } from '#contract/schemas.ts';
import { api, seedData } from '../support/api.ts';
import { hasNoImages, watchErrors } from '../support/site.ts';

const imagesOf = (images: string[] | string | null) =>
  (Array.isArray(images) ? images : (images ?? '').split(',')).map((s) => s.trim()).filter(Boolean);

test.describe('product page', () => {
  test('feature picker shows only features in stock and switches images and attributes', async ({ page }) => {
    const { products } = await seedData();
    const fits = (p: Pick<Product, 'features'>) =>
      p.features.some((f) => f.count === 0) && p.features.some((f) => f.count > 0 && imagesOf(f.images).length > 0);
    // Stock as it is now: other tests place orders, which take stock (and may sell a variant out).
    let product: Product | undefined;
    for (const seeded of products.filter(fits)) {
      const live = await api().call('product', { params: { id: seeded.id } });
      if (fits(live)) {
        product = live;
        break;
      }
    }
    if (!product) throw new Error('no product with a sold-out variant and an in-stock one with images');
    const inStock = product.features.filter((f) => f.count > 0);
    const withImages = inStock.find((f) => imagesOf(f.images).length > 0)!;
    await page.goto(`/uz/product/${product.id}`);
    await expect(page.locator('[data-live="checked"]')).toBeAttached();
    await expect(page.locator('[data-feature]')).toHaveCount(inStock.length);
    for (const hidden of product.features.filter((f) => f.count === 0)) {
      await expect(page.locator(`[data-feature="${hidden.id}"]`)).toHaveCount(0);
    }
    await page.locator(`[data-feature="${withImages.id}"]`).click();
    await expect(page.locator(`[data-feature="${withImages.id}"]`)).toHaveAttribute('aria-pressed', 'true');
    await expect(page.locator('[data-gallery-main]')).toHaveAttribute('src', imagesOf(withImages.images)[0]!);
    for (const attribute of withImages.attributes) {
      await expect(page.locator(`[data-feature-attributes="${withImages.id}"]`)).toContainText(attribute.value);
    }
    await expect(page.locator('[data-feature-attributes]:visible')).toHaveCount(1);
    await expect(page.locator('[data-stock]')).toContainText(String(withImages.count));
    await expect(page.locator(`[data-add-to-basket="${product.id}"]`).first()).toHaveAttribute(
      'data-feature-id',
      String(withImages.id),
    );
    // The chosen feature's thumbnails are drawn from the page's data; choosing it again brings back the product's.
    const thumbs = page.locator('[data-thumbs] img');
    await expect(thumbs).toHaveCount(imagesOf(withImages.images).length);
    await expect(thumbs.first()).toHaveAttribute('src', imagesOf(withImages.images)[0]!);
    await page.locator(`[data-feature="${withImages.id}"]`).click();
    await expect(page.locator('[data-feature-attributes]')).toBeHidden();
    await expect(page.locator('[data-gallery-main]')).toHaveAttribute('src', imagesOf(product.images)[0]!);
    await expect(thumbs).toHaveCount(imagesOf(product.images).length > 1 ? imagesOf(product.images).length : 0);
  });

  test('related products: not in the page, read from the API as their place nears; a failure is said, with a retry', async ({
    page,
    request,
  }) => {
    const id = 1;
    const related = await api().call('relatedProducts', { params: { id } });
    expect(related.length).toBeGreaterThan(1);
    const html = await (await request.get(`/uz/product/${id}`)).text();
    expect(html).not.toContain(`href="/uz/product/${related[0]!.id}"`);

    expectConsole(page, failedLoad(500, /related-products/));
    let fail = true;
    await page.route(`**/api/v1/products/related-products/${id}/`, (route) =>
      fail ? route.fulfill({ status: 500, body: '{}' }) : route.fallback(),
    );
    await page.goto(`/uz/product/${id}`);
    const section = page.locator('[data-related-of] section');
    await expect(section).toBeHidden();
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    const failure = section.getByRole('alert');
    // A read is tried four times, 1 s apart (spec §7), before the failure is said.
    await expect(failure).toContainText('Oʻxshash mahsulotlarni yuklab boʻlmadi.', { timeout: 15_000 });
    fail = false;
    await failure.getByRole('button', { name: 'Qayta urinish' }).click();
    const cards = section.locator('[data-product-card]');
    await expect(cards).toHaveCount(related.length);
    await expect(failure).toBeHidden();
    await expect(section.getByRole('heading', { name: 'Oʻxshash mahsulotlar' })).toBeVisible();
    for (const [index, product] of related.entries()) {
      const card = cards.nth(index);
      await expect(card.locator('a.card-link')).toHaveAttribute('href', `/uz/product/${product.id}`);
      await expect(card.locator('.card-title')).toHaveText(product.title ?? '');
    }
    // The copies are real cards, styled as the catalogue's (the page has no card of its own, so their styles come
    // with them): the way to the basket shows only once in it, and the basket button works on them.
    const add = cards.first().locator('[data-add-to-basket]');
    await expect(cards.first().locator('[data-basket-go]')).toBeHidden();
    await add.click();
    await expect(add).toHaveAttribute('data-in-basket', 'true');
    await expect(cards.first().locator('[data-basket-go]')).toBeVisible();
    await expect(page.locator('[data-basket-count]').first()).toHaveText('1');
  });

  test('placeholder image when a product has none', async ({ page }) => {
    const { products } = await seedData();
    const product = products.find(hasNoImages)!;
    await page.goto(`/uz/product/${product.id}`);
    await expect(page.locator('[data-gallery-main]')).toHaveAttribute('src', '/placeholder.svg');
  });

  test('description is sanitised: no script runs, no handler survives', async ({ page }) => {
    const { products } = await seedData();
    const product = products.find((p) => (p.description ?? '').includes('<script'))!;
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const errors = await watchErrors(page);
    // Loaded (inline scripts have run, images have loaded or failed) and the page's own script has finished.
    await page.goto(`/uz/product/${product.id}`);
    await expect(page.locator('[data-live="checked"]')).toBeAttached();
    const description = page.locator('[data-description]');
    await expect(description).toBeVisible();
    await expect(description.locator('script, img, [onerror]')).toHaveCount(0);
    expect(dialogs).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('price and stock are re-checked live and cached for the session', async ({ page }) => {
    const { products } = await seedData();
    const product = products.find((p) => p.features.length === 0 && p.discount_price === null) ?? products[0]!;
    let calls = 0;
    await page.route(`**/api/v1/products/product/${product.id}/`, async (route) => {
      calls++;
      const response = await route.fetch();
      const body = { ...(await response.json()), price: 1_234_000, discount_price: null, discount: null, stock: 7 };
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/uz/product/${product.id}`);
    await expect(page.locator('[data-price]')).toContainText('1 234 000');
    await expect(page.locator('[data-stock]')).toContainText('7');
    await page.reload();
    await expect(page.locator('[data-live="checked"]')).toBeAttached();
    await expect(page.locator('[data-price]')).toContainText('1 234 000');
    expect(calls).toBe(1);
  });

  test('one GET of the product serves both the live check and the basket button', async ({ page }) => {
    const { products } = await seedData();
    const product = products.find((p) => p.features.length === 0 && p.stock > 5)!;
    const gets: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'GET' && request.url().includes(`/api/v1/products/product/${product.id}/`))
        gets.push(request.url());
    });
    await page.goto(`/uz/product/${product.id}`);
    await expect(page.locator('[data-live="checked"]')).toBeAttached();
    const add = page.locator(`.actions [data-add-to-basket="${product.id}"]`);
    await add.click();
    await expect(add).toHaveAttribute('data-in-basket', 'true');
    await expect(page.locator('[data-basket-count]').first()).toHaveText('1');
    expect(gets).toHaveLength(1);
  });

  test('a product added after the build is loaded on the 404 page', async ({ page }) => {
    expectConsole(page, failedLoad(404, /\/uz\/product\/987654$/));
    const { products } = await seedData();
    const template = products[0]!;
    const id = 987654;
    await page.route(`**/api/v1/products/product/${id}/`, (route) =>
      route.fulfill({
        status: 200,
        headers: { 'Access-Control-Allow-Origin': '*' },
        json: {
          ...template,
          id,
          title: null,
          images: null,
          price: 555_000,
          discount: null,
          discount_price: null,
          description: '<p>Yangi</p><img src=x onerror="alert(1)"><script>alert(2)</script>',
        },
      }),
    );
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`/uz/product/${id}`);
    expect(response?.status()).toBe(404);
    const late = page.locator('#late-product');
    await expect(late.locator('h1')).toHaveText('Unknown Product');
    await expect(late).toContainText('555 000');
    await expect(late.locator('img')).toHaveAttribute('src', '/placeholder.svg');
    await expect(late.locator('[data-description]')).toHaveText('Yangi');
    await expect(late.locator('[data-description] script, [data-description] img')).toHaveCount(0);
    await expect(page.locator('[data-error-page]')).toBeHidden();
    expect(dialogs).toEqual([]);
  });

  test('an unknown product id stays a 404', async ({ page }) => {
    expectConsole(
      page,
      failedLoad(404, /\/ru\/product\/99999999$/),
      failedLoad(404, /\/api\/v1\/products\/product\/99999999\/$/),
    );
    await page.goto('/ru/product/99999999');
    await expect(page.locator('[data-error-page="notfound"]')).toBeVisible();
  });
});
