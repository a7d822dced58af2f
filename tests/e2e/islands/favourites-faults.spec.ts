/**
 * Favourites faults (spec §4 Favourites, §7, §8): load, add and remove fail
 * with 500, timeout, an aborted request and 404/400 where the spec names them;
 * each shows its message and keeps exactly the favourites the shopper chose.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { addServerFavourite, products, serverFavourites, signIn } from '../support/api.ts';
import { expectToast, fail, likedIds, passTimeouts, toast, useTokens, type Fault } from './helpers.ts';

const FAVOURITES = /\/api\/v1\/favorite\/$/;
const ONE = /\/api\/v1\/favorite\/\d+\/$/;

async function heart(page: Page, id: number) {
  await page.goto('/uz/about');
  await page.evaluate((productId) => {
    const button = document.createElement('button');
    button.dataset['favourite'] = String(productId);
    button.id = `heart-${productId}`;
    button.textContent = 'heart';
    document.querySelector('main')!.prepend(button);
  }, id);
  return page.locator(`#heart-${id}`);
}

for (const fault of ['500', 'timeout', 'abort'] as Fault[]) {
  test(`favourite add ${fault}: 'Sevimlilarga qoʻshib boʻlmadi' and the id is kept locally`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    const [a] = await products();
    const tokens = await signIn();
    await useTokens(page, tokens);
    const button = await heart(page, a!.id);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    await fail(page, FAVOURITES, fault, 'POST');
    await button.click();
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    const message = 'Sevimlilarga qoʻshib boʻlmadi. Qaytadan urinib koʻring.';
    if (fault === 'timeout') await passTimeouts(page, toast(page, message));
    await expectToast(page, message);
    expect(await likedIds(page)).toEqual([a!.id]);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
  });

  test(`favourite remove ${fault}: 'Sevimlilardan oʻchirib boʻlmadi' and it is removed locally`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    const [a] = await products();
    const tokens = await signIn();
    await addServerFavourite(tokens, a!.id);
    await useTokens(page, tokens);
    const button = await heart(page, a!.id);
    await expect(button).toHaveAttribute('aria-pressed', 'true');
    await fail(page, ONE, fault, 'DELETE');
    await button.click();
    const message = 'Sevimlilardan oʻchirib boʻlmadi. Mahalliy roʻyxat yangilandi.';
    if (fault === 'timeout') await passTimeouts(page, toast(page, message));
    await expectToast(page, message);
    await expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(await likedIds(page)).toEqual([]);
  });

  test(`favourites load ${fault}: an empty server list, the local favourites stay`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    const [a] = await products();
    const tokens = await signIn();
    await useTokens(page, tokens);
    await page.evaluate((id) => localStorage.setItem('liked', JSON.stringify([id])), a!.id);
    await fail(page, FAVOURITES, fault, 'GET');
    await page.goto('/uz/favorites');
    // The page says it is loading until the server's list has come (or failed).
    const loading = page.getByTestId('favourites-page').getByRole('status');
    if (fault === 'timeout') await passTimeouts(page, loading, 'hidden');
    await expect(loading).toBeHidden();
    const tiles = page.locator('[data-testid=favourites-list] .card');
    await expect(tiles).toHaveCount(1);
    await expect(tiles.locator(`[data-favourite="${a!.id}"]`)).toHaveAttribute('aria-pressed', 'true');
    expect(await likedIds(page)).toEqual([a!.id]);
  });
}

test("favourites load 404: 'Sevimlilar hozircha ishlamayapti' and the local list is used", async ({ page }) => {
  const [a, b] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.evaluate((id) => localStorage.setItem('liked', JSON.stringify([id])), a!.id);
  await fail(page, /\/api\/v1\/favorite\//, '404');
  const button = await heart(page, b!.id);
  await expectToast(page, 'Sevimlilar hozircha ishlamayapti. Mahalliy xotira ishlatilmoqda.');
  await button.click();
  expect(await likedIds(page)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
});

test('favourite add 400: the message, nothing kept', async ({ page }) => {
  const [a] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  const button = await heart(page, a!.id);
  await fail(page, FAVOURITES, '400', 'POST');
  await button.click();
  await expectToast(page, 'Sevimlilarga qoʻshib boʻlmadi. Qaytadan urinib koʻring.');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  expect(await likedIds(page)).toEqual([]);
});

test('favourite add 404: saved locally, then the message', async ({ page }) => {
  const [a] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  const button = await heart(page, a!.id);
  await fail(page, FAVOURITES, '404', 'POST');
  await button.click();
  await expectToast(page, 'Sevimlilarga qoʻshib boʻlmadi. Qaytadan urinib koʻring.');
  expect(await likedIds(page)).toEqual([a!.id]);
});

test("favourite remove 404: 'Sevimli mahsulot topilmadi.'", async ({ page }) => {
  const [a] = await products();
  const tokens = await signIn();
  await addServerFavourite(tokens, a!.id);
  await useTokens(page, tokens);
  const button = await heart(page, a!.id);
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await fail(page, ONE, '404', 'DELETE');
  await button.click();
  await expectToast(page, 'Sevimli mahsulot topilmadi.');
});

test("local favourites sync fails: 'Mahalliy sevimlilarni sinxronlashtirib boʻlmadi' and they stay local", async ({
  page,
}) => {
  const [a] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.evaluate((id) => localStorage.setItem('liked', JSON.stringify([id])), a!.id);
  await fail(page, FAVOURITES, '500', 'POST');
  await page.goto('/uz/favorites');
  await expectToast(page, 'Mahalliy sevimlilarni sinxronlashtirib boʻlmadi. Mahalliy xotira ishlatilmoqda.');
  expect(await likedIds(page)).toEqual([a!.id]);
  expect(await serverFavourites(tokens)).toEqual([]);
});

test('favourites page: an item whose product fetch fails is dropped from the list', async ({ page }) => {
  const [a, b] = await products();
  await page.goto('/uz/about');
  await page.evaluate((ids) => localStorage.setItem('liked', JSON.stringify(ids)), [a!.id, b!.id]);
  await fail(page, new RegExp(`/api/v1/products/product/${a!.id}/$`), '500');
  await page.goto('/uz/favorites');
  await expect(page.locator('[data-testid=favourites-list] .card')).toHaveCount(1);
  expect(await likedIds(page)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
});
