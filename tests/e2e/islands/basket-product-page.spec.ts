/**
 * The product page's basket button tells the truth when the basket's server
 * cannot: an add the server refuses (the product sold out since the page
 * read it) says why on the page and does not claim the line, and an add made
 * while the basket could not be read never takes a line out. Faults by
 * page.route.
 */
import type { Page } from '@playwright/test';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';
import { addToServerBasket, products, serverBasket, serverLines, signIn } from '../support/api.ts';
import { GET_RETRIES } from '../../../src/backend/client.ts';
import { words } from '../support/words.ts';
import { badge, expectToast, fail, pendingChanges, toast, useTokens } from './helpers.ts';

const ADD = /\/api\/v1\/orders\/add-basket\/$/;
const BASKET = /\/api\/v1\/orders\/basket\/$/;
const t = words('uz');

const addOn = (page: Page, id: number) => page.locator(`.buybox [data-add-to-basket="${id}"]`);
test('an add refused because the product sold out meanwhile says why on the page, and the button does not claim the line', async ({
  page,
}) => {
  const [a] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.goto(`/uz/product/${a!.id}`);
  // The live check found it in stock, and the basket's hooks have drawn the button.
  await expect(page.locator('[data-product-panel]')).toHaveAttribute('data-live', 'checked');
  const button = addOn(page, a!.id);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toBeEnabled();

  // Sold out since: the server refuses the add with its reason, in the page's language.
  const reason = 'Bu mahsulot sotuvda qolmadi.';
  expectConsole(page, failedLoad(400, ADD));
  await page.route(ADD, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ detail: 'Invalid input.', errors: { quantity: [reason] } }),
    }),
  );
  await button.click();
  await expectToast(page, t('isl.toast.addFailed'));
  await expect(toast(page, reason)).toBeVisible();
  // Said beside the button too, where the shopper looks, after the toast has gone.
  const said = page.locator('[data-basket-refused]');
  await expect(said).toBeVisible();
  await expect(said).toContainText(reason);
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(button).toHaveAttribute('data-in-basket', 'false');
  await expect(button.getByText(t('product.in_basket'))).toBeHidden();
  await expect(page.locator('[data-basket-go]')).toBeHidden();
  expect(await badge(page)).toBeNull();
  expect(await serverBasket(tokens)).toEqual([]);
});

test('after the quiet basket load failed, an add of a product already in the basket keeps it there', async ({
  page,
}) => {
  test.slow();
  const [a] = await products();
  const tokens = await signIn();
  await addToServerBasket(tokens, a!.id, a!.feature);
  await useTokens(page, tokens);
  await page.goto(`/uz/product/${a!.id}`);
  const button = addOn(page, a!.id);
  // Read from the server: the line is kept on this device.
  await expect(button).toHaveAttribute('aria-pressed', 'true');

  await fail(page, BASKET, '500', 'GET');
  let failedReads = 0;
  const loadFailed = new Promise<void>((resolve) =>
    page.on('response', (response) => {
      if (BASKET.test(response.url()) && response.status() === 500 && ++failedReads === GET_RETRIES + 1) resolve();
    }),
  );
  await page.reload();
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  // The page's quiet load has tried every time and given up.
  await loadFailed;

  // The line stays, and the shopper is told the basket could not be read.
  await button.click();
  await expectToast(page, t('isl.toast.basketLoadFailed'));
  await expect(toast(page, t('isl.toast.removeFailed'))).toHaveCount(0);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  expect((await pendingChanges(page)) ?? []).not.toContainEqual(expect.objectContaining({ kind: 'remove' }));

  // The server answers again: the line is there, once.
  await page.unroute(BASKET);
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expect.poll(() => pendingChanges(page)).toBeNull();
  expect(await serverLines(tokens)).toEqual([[a!.id, 1]]);
});
