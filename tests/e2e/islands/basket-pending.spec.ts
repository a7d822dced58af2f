/**
 * A signed-in shopper's basket never loses or misstates a line (spec §4's
 * local fallback, kept honest): a change the server could not take waits in
 * browser storage and is sent again at the next page load, before checkout
 * and after signing in again; a refused line shows the server's reason and is
 * not counted; checkout orders exactly what it shows. Faults by page.route.
 */
import type { Page } from '@playwright/test';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';
import {
  addToServerBasket,
  api,
  codeFor,
  products,
  randomPhone,
  serverBasket,
  serverLines,
  signIn,
} from '../support/api.ts';
import { QARSHI_ADDRESS } from '../../fixtures/address.ts';
import { addButton, badge, expectToast, fail, pendingChanges, toast, useTokens } from './helpers.ts';

const ADD = /\/api\/v1\/orders\/add-basket\/$/;

// A test that takes the browser offline never leaves the shared context so.
test.afterEach(({ context }) => context.setOffline(false));
const BASKET = /\/api\/v1\/orders\/basket\/$/;

test('a failed add waits on this device, with no success toast, and is sent at the next page load', async ({
  page,
}) => {
  const [a] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.goto('/uz/about');
  await fail(page, ADD, '500');
  await (await addButton(page, a!.id)).click();
  await expectToast(page, 'Savatga qoʻshishda xato yuz berdi!');
  await expect(toast(page, 'shu qurilmada saqlandi')).toBeVisible();
  await expect(toast(page, 'Mahsulot savatga qoʻshildi!')).toHaveCount(0);
  expect(await pendingChanges(page)).toMatchObject([{ product: a!.id, kind: 'add', state: 'waiting' }]);
  await expect.poll(() => badge(page)).toBe('1');
  expect(await serverBasket(tokens)).toEqual([]);

  await page.unroute(ADD);
  const sent = page.waitForResponse((r) => ADD.test(r.url()) && r.request().method() === 'POST');
  await page.goto('/uz/basket');
  expect((await sent).ok()).toBe(true);
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expect(page.locator('.basket-line')).toHaveAttribute('data-status', 'saved');
  await expect.poll(() => pendingChanges(page)).toBeNull();
  expect(await serverLines(tokens)).toEqual([[a!.id, 1]]);
});

test('a change still waiting survives signing out, and reaches the server when the same phone signs in again', async ({
  page,
}) => {
  test.setTimeout(60_000);
  const [a] = await products();
  const phone = randomPhone();
  const tokens = await signIn(phone);
  await useTokens(page, tokens);
  await page.goto('/uz/about');
  await fail(page, ADD, '500');
  await (await addButton(page, a!.id)).click();
  await expectToast(page, 'Savatga qoʻshishda xato yuz berdi!');

  await page.goto('/uz/profile');
  await page.locator('[data-sign-out]:visible').first().click();
  await expect(page.getByTestId('profile-sign-in')).toBeVisible();
  expect(await pendingChanges(page)).toMatchObject([{ product: a!.id, state: 'waiting' }]);

  await page.unroute(ADD);
  await page.goto('/uz/profile');
  await page.getByTestId('profile-sign-in').click();
  await page.getByTestId('phone-input').fill('');
  await page.getByTestId('phone-input').pressSequentially(phone.slice(1));
  await Promise.all([
    // The code is sent once the answer is 200 (a 428 first asks the page for its proof of work).
    page.waitForResponse(
      (r) => r.url().endsWith('/users/auth/') && r.request().method() === 'POST' && r.status() === 200,
    ),
    page.getByRole('button', { name: 'Kod olish' }).click(),
  ]);
  // Signed in, the page reloads; signing out revoked the first session, so the basket is read with the new one.
  await Promise.all([
    page.waitForEvent('load'),
    page.getByTestId('code-input').pressSequentially(await codeFor(phone)),
  ]);
  const access = (await page.evaluate(() => localStorage.getItem('access')))!;
  expect(access).toBeTruthy();
  await expect.poll(() => serverLines({ ...tokens, access }), { timeout: 15_000 }).toEqual([[a!.id, 1]]);
});

test('a refused add (out of stock) shows the reason, is not counted, and can be removed or retried', async ({
  page,
}) => {
  const [a, b] = await products();
  const tokens = await signIn();
  await addToServerBasket(tokens, a!.id, a!.feature, 2);
  await useTokens(page, tokens);
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  const totalBefore = await page.getByTestId('basket-total').textContent();

  expectConsole(page, failedLoad(400, ADD));
  await page.route(ADD, (route) =>
    route.fulfill({
      status: 400,
      contentType: 'application/json',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ detail: 'Invalid input.', errors: { quantity: ['Out of stock.'] } }),
    }),
  );
  await (await addButton(page, b!.id)).click();
  await expectToast(page, 'Savatga qoʻshishda xato yuz berdi!');
  const refused = page.locator(`.basket-line[data-product="${b!.id}"]`);
  await expect(refused).toHaveAttribute('data-status', 'refused');
  await expect(refused.getByTestId('basket-status')).toContainText('Out of stock.');
  await expect(page.getByTestId('basket-total')).toHaveText(totalBefore!);
  await expect.poll(() => badge(page)).toBe('1');
  await expect(refused.locator('input[type=checkbox]')).toBeDisabled();

  // Retried while still refused: stays refused; then removed: gone, nothing sent.
  await refused.getByRole('button', { name: /Qayta urinish/ }).click();
  await expect(refused).toHaveAttribute('data-status', 'refused');
  await refused.locator('.basket-remove').click();
  await expect(refused).toHaveCount(0);
  expect(await pendingChanges(page)).toBeNull();
  expect(await serverLines(tokens)).toEqual([[a!.id, 2]]);
});

test('after a failed basket load, a product already on the server is neither duplicated nor falsely removed', async ({
  page,
}) => {
  const [a] = await products();
  const tokens = await signIn();
  await addToServerBasket(tokens, a!.id, a!.feature);
  await useTokens(page, tokens);
  await fail(page, BASKET, '500', 'GET');
  await page.goto('/uz/about');
  await (await addButton(page, a!.id)).click();
  await expectToast(page, 'Savatga qoʻshishda xato yuz berdi!');
  await expect(toast(page, 'Mahsulot savatga qoʻshildi!')).toHaveCount(0);

  // The server answers again: the waiting add finds its line there and sends nothing.
  await page.unroute(BASKET);
  const adds: string[] = [];
  page.on('request', (r) => {
    if (ADD.test(r.url()) && r.method() === 'POST') adds.push(r.url());
  });
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expect(page.locator('.basket-line')).toHaveAttribute('data-status', 'saved');
  await expect.poll(() => pendingChanges(page)).toBeNull();
  expect(adds).toEqual([]);
  expect(await serverLines(tokens)).toEqual([[a!.id, 1]]);

  // Removing it removes the server's line.
  await page.locator('.basket-remove').click();
  await expectToast(page, 'Mahsulot savatdan oʻchirildi!');
  await expect.poll(() => serverLines(tokens)).toEqual([]);
});

/** A shopper with a name and an address in the profile, line `a` saved and `b` added while the add failed. */
async function checkoutWithWaitingLine(page: Page) {
  const [a, b] = await products();
  const tokens = await signIn();
  await addToServerBasket(tokens, a!.id, a!.feature);
  await api({ tokens }).call('updateProfile', {
    body: { first_name: 'Ali', last_name: 'Valiyev', address: QARSHI_ADDRESS },
  });
  await useTokens(page, tokens);
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await fail(page, ADD, '500');
  await (await addButton(page, b!.id)).click();
  await expect(page.locator('.basket-line')).toHaveCount(2);
  await expect(page.locator(`.basket-line[data-product="${b!.id}"]`)).toHaveAttribute('data-status', 'waiting');
  await page.locator('.basket-order').click();
  await expect(page.getByTestId('checkout-lines').locator('li')).toHaveCount(2);
  // Both lines' products have come: the total counts them.
  await expect(page.getByTestId('checkout-place')).toBeEnabled();
  await page.getByText('Yetkazib berilganda naqd pul').click();
  return { tokens, a: a!, b: b! };
}

const price = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
const ordersOf = async (tokens: Parameters<typeof serverBasket>[0]) => (await api({ tokens }).call('orders')).results;

test('checkout sends the waiting line before ordering: the order has the lines and total it showed', async ({
  page,
}) => {
  const { tokens, a, b } = await checkoutWithWaitingLine(page);
  const shownTotal = price(await page.getByTestId('checkout-total').textContent());
  await page.unroute(ADD);
  const [placed] = await Promise.all([
    page.waitForRequest((r) => /\/api\/v1\/orders\/$/.test(r.url()) && r.method() === 'POST'),
    page.getByTestId('checkout-place').click(),
  ]);
  expect((placed.postDataJSON() as { items: number[] }).items).toHaveLength(2);
  await expect(page).toHaveURL(/orders-success/);
  const [order] = await ordersOf(tokens);
  expect(order!.items.map((i) => i.product.id).sort()).toEqual([a.id, b.id].sort());
  expect(order!.price).toBe(shownTotal);
  expect(await serverBasket(tokens)).toEqual([]);
});

test('checkout leaves out a line it still cannot save, names it, and orders the rest only when confirmed again', async ({
  page,
}) => {
  const { tokens, a, b } = await checkoutWithWaitingLine(page);
  const orders: string[] = [];
  page.on('request', (r) => {
    if (/\/api\/v1\/orders\/$/.test(r.url()) && r.method() === 'POST') orders.push(r.url());
  });
  await page.getByTestId('checkout-place').click();
  await expect(page.getByTestId('checkout-notice')).toContainText('buyurtmaga kiritilmadi');
  await expect(page.getByTestId('checkout-lines').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('checkout-lines').locator('li')).toHaveAttribute('data-product', String(a.id));
  expect(orders).toEqual([]);
  const shownTotal = price(await page.getByTestId('checkout-total').textContent());

  await page.getByTestId('checkout-place').click();
  await expect(page).toHaveURL(/orders-success/);
  const [order] = await ordersOf(tokens);
  expect(order!.items.map((i) => i.product.id)).toEqual([a.id]);
  expect(order!.price).toBe(shownTotal);
  expect(orders).toHaveLength(1);
  expect(await pendingChanges(page)).toMatchObject([{ product: b.id, state: 'waiting' }]);
});

test('offline, a change is queued on this device and sent as soon as the browser is back online', async ({
  page,
  context,
}) => {
  const [a] = await products();
  const tokens = await signIn();
  await useTokens(page, tokens);
  // Every module the signed-in page loads as it starts has come (without the service worker none is kept offline).
  await page.goto('/uz/about', { waitUntil: 'networkidle' });
  // Offline, the toast's code cannot load (no service worker here): the change is stored all the same.
  expectConsole(page, failedLoad('aborted'), /^console\.warning: \[toast\] the toaster failed to load/);
  await context.setOffline(true);
  const sent: string[] = [];
  page.on('request', (r) => {
    if (ADD.test(r.url())) sent.push(r.method());
  });
  await (await addButton(page, a!.id)).click();
  await expect.poll(() => pendingChanges(page)).toMatchObject([{ product: a!.id, kind: 'add', state: 'waiting' }]);
  await expect.poll(() => badge(page)).toBe('1');
  // Offline, nothing is even tried: the change waits for the network.
  expect(sent).toEqual([]);

  await context.setOffline(false);
  await expect.poll(() => serverLines(tokens), { timeout: 15_000 }).toEqual([[a!.id, 1]]);
  await expect.poll(() => pendingChanges(page)).toBeNull();
});
