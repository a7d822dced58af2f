/**
 * Basket faults (spec §4, §7, §8): every basket call of a signed-in shopper
 * and the visitor's product refetch fail with 500, timeout, an aborted
 * request and, where the spec names it, 404; each shows the spec's message
 * and fallback, and afterwards the basket holds what the shopper put there.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { addToServerBasket, products, serverBasket, signIn } from '../support/api.ts';
import { watchErrors } from '../support/site.ts';
import {
  addButton,
  badge,
  expectToast,
  fail,
  localBasket,
  passTimeouts,
  setLocalBasket,
  storedJson,
  toast,
  useTokens,
  type Fault,
} from './helpers.ts';

const BASKET = /\/api\/v1\/orders\/basket\/$/;
const ADD = /\/api\/v1\/orders\/add-basket\/$/;
const QUANTITY = /\/api\/v1\/orders\/basket\/quantity\/$/;
const DELETE = /\/api\/v1\/orders\/basket\/delete\/(\?.*)?$/;
const PRODUCT = /\/api\/v1\/products\/product\/\d+\/$/;

const faults: Fault[] = ['500', 'timeout', 'abort'];

async function prepare(page: Page, fault: Fault) {
  if (fault === 'timeout') {
    test.slow();
    await page.clock.install();
  }
}

for (const fault of faults) {
  test(`basket load ${fault}: 'Savatni yangilashda xato yuz berdi!' and the lines known on this device are shown`, async ({
    page,
  }) => {
    await prepare(page, fault);
    const errors = await watchErrors(page);
    const [a] = await products();
    const tokens = await signIn();
    await addToServerBasket(tokens, a!.id, a!.feature, 2);
    await useTokens(page, tokens);
    await page.goto('/uz/basket');
    await expect(page.locator('.basket-line output')).toHaveText('2');
    await fail(page, BASKET, fault, 'GET');
    await page.reload();
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Savatni yangilashda xato yuz berdi!'));
    await expectToast(page, 'Savatni yangilashda xato yuz berdi!');
    await expect(page.locator('.basket-line output')).toHaveText('2');
    await expect(page.getByTestId('basket-load-failed')).toBeVisible();
    await expect(page.getByText('Savatingiz boʻsh')).toHaveCount(0);
    // The server answers again: the retry reads it.
    await page.unroute(BASKET);
    await page.getByTestId('basket-load-failed').getByRole('button').click();
    await expect(page.getByTestId('basket-load-failed')).toHaveCount(0);
    await expect(page.locator('.basket-line output')).toHaveText('2');
    expect(errors).toEqual([]);
  });

  test(`add to basket ${fault}: 'Savatga qoʻshishda xato yuz berdi!' and the add waits on this device`, async ({
    page,
  }) => {
    await prepare(page, fault);
    const [a] = await products();
    const tokens = await signIn();
    await useTokens(page, tokens);
    await page.goto('/uz/about');
    await fail(page, ADD, fault);
    await (await addButton(page, a!.id)).click();
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Savatga qoʻshishda xato yuz berdi!'));
    await expectToast(page, 'Savatga qoʻshishda xato yuz berdi!');
    expect(await storedJson(page, 'basketPending')).toMatchObject([
      { product: a!.id, feature: a!.feature, kind: 'add', state: 'waiting' },
    ]);
    await expect.poll(() => badge(page)).toBe('1');
    expect(await serverBasket(tokens)).toEqual([]);
  });

  test(`quantity ${fault}: 'Mahsulot sonini yangilashda xato yuz berdi!' and the change stays`, async ({ page }) => {
    await prepare(page, fault);
    const [a] = await products();
    const tokens = await signIn();
    await addToServerBasket(tokens, a!.id, a!.feature, 2);
    await useTokens(page, tokens);
    await page.goto('/uz/basket');
    await expect(page.locator('.basket-line output')).toHaveText('2');
    await fail(page, QUANTITY, fault);
    await page.locator('.basket-qty button').last().click();
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Mahsulot sonini yangilashda xato yuz berdi!'));
    await expectToast(page, 'Mahsulot sonini yangilashda xato yuz berdi!');
    await expect(page.locator('.basket-line output')).toHaveText('3');
    expect((await serverBasket(tokens)).map((l) => l.quantity)).toEqual([2]);
  });

  test(`delete one ${fault}: 'Mahsulotni oʻchirishda xato yuz berdi!' and it is removed locally`, async ({ page }) => {
    await prepare(page, fault);
    const [a, b] = await products();
    const tokens = await signIn();
    await addToServerBasket(tokens, a!.id, a!.feature);
    await addToServerBasket(tokens, b!.id, b!.feature);
    await useTokens(page, tokens);
    await page.goto('/uz/basket');
    await expect(page.locator('.basket-line')).toHaveCount(2);
    await fail(page, DELETE, fault);
    await page.locator('.basket-remove').first().click();
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Mahsulotni oʻchirishda xato yuz berdi!'));
    await expectToast(page, 'Mahsulotni oʻchirishda xato yuz berdi!');
    await expect(page.locator('.basket-line')).toHaveCount(1);
    await expect.poll(() => badge(page)).toBe('1');
  });

  test(`delete selected ${fault}: 'Mahsulotlarni oʻchirishda xato yuz berdi!' and they are removed locally`, async ({
    page,
  }) => {
    await prepare(page, fault);
    const [a, b, c] = await products();
    const tokens = await signIn();
    for (const p of [a!, b!, c!]) await addToServerBasket(tokens, p.id, p.feature);
    await useTokens(page, tokens);
    await page.goto('/uz/basket');
    await expect(page.locator('.basket-line')).toHaveCount(3);
    await fail(page, DELETE, fault);
    await page.locator('.basket-line input[type=checkbox]').first().uncheck();
    await page.getByRole('button', { name: 'Tanlanganlarni oʻchirish' }).click();
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Mahsulotlarni oʻchirishda xato yuz berdi!'));
    await expectToast(page, 'Mahsulotlarni oʻchirishda xato yuz berdi!');
    await expect(page.locator('.basket-line')).toHaveCount(1);
    await expect(page.locator('.basket-line')).toHaveAttribute('data-product', String(a!.id));
  });

  test(`visitor product refetch ${fault}: reported, the entry stays stored`, async ({ page }) => {
    await prepare(page, fault);
    const [a] = await products();
    await page.goto('/uz/about');
    await setLocalBasket(page, [{ product: a!.id, feature: a!.feature, quantity: 1 }]);
    await fail(page, PRODUCT, fault, 'GET');
    await page.goto('/uz/basket');
    if (fault === 'timeout') await passTimeouts(page, toast(page, 'Mahsulotlar yoki savatni yuklab boʻlmadi'));
    await expectToast(page, 'Mahsulotlar yoki savatni yuklab boʻlmadi');
    expect(await localBasket(page)).toEqual([[a!.id, a!.feature, 1]]);
    await expect.poll(() => badge(page)).toBe('1');
  });
}

test("delete one 404: 'Savatda mahsulot topilmadi: ID {id}'", async ({ page }) => {
  const [a] = await products();
  const tokens = await signIn();
  await addToServerBasket(tokens, a!.id, a!.feature);
  await useTokens(page, tokens);
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  const [line] = await serverBasket(tokens);
  await fail(page, DELETE, '404');
  await page.locator('.basket-remove').click();
  await expectToast(page, `Savatda mahsulot topilmadi: ID ${line!.id}`);
});

test("add to basket 400: the server's field errors are shown, and the refused line is kept but not counted", async ({
  page,
}) => {
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.goto('/uz');
  await fail(page, ADD, '400');
  await page.locator(`[data-add-to-basket]`).first().click();
  await expectToast(page, 'Savatga qoʻshishda xato yuz berdi!');
  await expect(page.getByText('Test field error.')).toBeVisible();
  expect(await storedJson(page, 'basketPending')).toMatchObject([{ kind: 'add', state: 'refused' }]);
  expect(await badge(page)).toBeNull();
});

test("visitor product 404: 'Mahsulot topilmadi: ID {id}', dropped from the list, kept stored", async ({ page }) => {
  expectConsole(page, failedLoad(404, /\/api\/v1\/products\/product\/\d+\/$/));
  const [a, b] = await products();
  await page.goto('/uz/about');
  await setLocalBasket(page, [
    { product: a!.id, feature: a!.feature, quantity: 1 },
    { product: b!.id, feature: b!.feature, quantity: 1 },
  ]);
  await page.route(new RegExp(`/api/v1/products/product/${a!.id}/$`), (route) =>
    route.fulfill({
      status: 404,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: '{"detail":"Not found."}',
    }),
  );
  await page.goto('/uz/basket');
  await expectToast(page, `Mahsulot topilmadi: ID ${a!.id}`);
  await expect(page.locator('.basket-line')).toHaveCount(1);
  expect((await localBasket(page)).length).toBe(2);
});

test("visitor feature gone: 'Xususiyat topilmadi: ID {id}'", async ({ page }) => {
  const [a] = await products();
  await page.goto('/uz/about');
  await page.evaluate(
    (p) => localStorage.setItem('basket', JSON.stringify([{ id: 1, product: p.id, feature: 999999, quantity: 1 }])),
    a!,
  );
  await page.goto('/uz/basket');
  await expectToast(page, 'Xususiyat topilmadi: ID 999999');
  await expect(page.locator('.basket-line')).toHaveCount(0);
});

test("invalid product id: 'Notoʻgʻri mahsulot maʼlumotlari!' and nothing is added", async ({ page }) => {
  await page.goto('/uz/about');
  await (await addButton(page, 'abc')).click();
  await expectToast(page, 'Notoʻgʻri mahsulot maʼlumotlari!');
  expect(await localBasket(page)).toEqual([]);
});
