/**
 * My orders against the built site and the real reference API (spec §2
 * Profile, §3 Order, §4): an order placed through checkout found in the right
 * tabs, opened by its address after a reload and cancelled through the prompt
 * that names it; an unpaid Payme order paid from its page through the payment
 * sandbox; the faults of the list, of cancelling and of the pay link; axe on
 * both pages and on the open prompt. State is prepared through the API except
 * in the checkout journey.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { E2E_DIST } from '../../../playwright.config.ts';
import type { Lang } from '#contract/langs.ts';
import type { Order } from '#contract/schemas.ts';
import {
  addToServerBasket,
  api,
  placeOrder,
  products,
  serverBasket,
  setOrderStatus,
  signIn,
  type ShopProduct,
  type Tokens,
} from '../support/api.ts';
import { expectNoAxeViolations, watchErrors } from '../support/site.ts';
import { QARSHI_ADDRESS } from '../../fixtures/address.ts';
import { fail, passTimeouts, useTokens } from './helpers.ts';
import { perLanguage } from '../support/words.ts';
import { SANDBOX_TEXT } from '../../../api/payments.ts';

const TEXT = perLanguage((t) => ({
  cash: t('isl.checkout.pay_cash'),
  tabs: {
    all: t('isl.orders.tab_all'),
    cancelled: t('isl.orders.tab_cancelled'),
    delivered: t('isl.orders.tab_delivered'),
    active: t('isl.orders.tab_active'),
  },
  assembling: `${t('isl.orders.label_in_progress')} · ${t('isl.orders.flow_assembling')}`,
  awaitingPayment: `${t('isl.orders.label_new')} · ${t('isl.orders.flow_awaiting_payment')}`,
  cancelled: t('isl.orders.label_cancelled'),
  paid: t('isl.order.paid'),
  unpaid: t('isl.order.unpaid'),
  cancelTitle: (number: string) => t('isl.orders.cancel_title', { number }),
  cancelConfirm: t('isl.orders.cancel_confirm'),
  cancelKeep: t('isl.orders.cancel_keep'),
  cancelledNotice: (number: string) => t('isl.orders.cancelled', { number }),
  cancelFailed: t('isl.orders.cancel_failed'),
  tryLater: t('isl.orders.try_later'),
  listFailed: t('isl.orders.load_failed'),
  moreFailed: t('isl.orders.more_failed'),
  orderFailed: t('isl.order.load_failed'),
  retry: t('isl.orders.retry'),
  payLinkFailed: t('isl.order.pay_link_failed'),
  paymentFailed: t('isl.order.payment_failed'),
  empty: t('isl.orders.empty'),
}));

const LIST = /\/api\/v1\/orders\/(\?.*)?$/;
const NEXT_PAGE = /\/api\/v1\/orders\/\?(.*&)?page=2(&|$)/;
const ORDER = /\/api\/v1\/orders\/\d+\/$/;
const CANCEL = /\/api\/v1\/orders\/\d+\/cancel\/$/;
const PAY = /\/api\/v1\/orders\/\d+\/pay\/$/;

/** A product for each test (1 unit each; a cancel puts it back): never the one checkout's stock test sells out. */
async function product(index: number): Promise<ShopProduct> {
  return (await products())[index]!;
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const items = (page: Page) => page.getByTestId('orders-panel').getByTestId('order-item');
const item = (page: Page, number: string) => items(page).filter({ hasText: number });
const dialog = (page: Page) => page.getByRole('dialog');

/** `count` cancelled orders of the shopper (each cancel puts its unit back on the shelf), oldest first: their numbers. */
async function cancelledOrders(tokens: Tokens, count: number): Promise<string[]> {
  const numbers: string[] = [];
  for (let i = 0; i < count; i++) {
    const order = await placeOrder(tokens, await product(0));
    await api({ tokens }).call('cancelOrder', { params: { id: order.id } });
    numbers.push(order.number);
  }
  return numbers;
}

/** A signed-in page on one of the shopper's orders. */
async function openOrderPage(page: Page, tokens: Tokens, lang: Lang, id: number) {
  await useTokens(page, tokens);
  await page.goto(`/${lang}/profile/order?id=${id}`);
  await expect(page.getByTestId('order-page')).toBeVisible();
}

test('a shopper orders through checkout, finds it under My orders, opens it after a reload and cancels it @both', async ({
  page,
}, info) => {
  test.setTimeout(60_000);
  // Uzbek on desktop, Russian on the phone: both languages and both screens in one journey.
  const lang: Lang = info.project.name === 'mobile' ? 'ru' : 'uz';
  const text = TEXT[lang];
  const errors = await watchErrors(page);
  const tokens = await signIn();
  const { id } = await product(0);
  await addToServerBasket(tokens, id, (await product(0)).feature);
  await api({ tokens }).call('updateProfile', {
    body: { first_name: 'Ali', last_name: 'Valiyev', address: QARSHI_ADDRESS },
  });
  await useTokens(page, tokens);

  // Checkout, as a shopper does it: basket, confirmation, cash.
  await page.goto(`/${lang}/basket`);
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await page.locator('.basket-order').click();
  await expect(page.getByTestId('checkout-address')).toContainText(QARSHI_ADDRESS.street);
  await page.getByLabel(text.cash).check();
  await page.getByTestId('checkout-place').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/orders-success\\?order=\\d+$`));
  const number = (await page.getByTestId('order-number').textContent())!;
  const orderId = Number(new URL(page.url()).searchParams.get('order'));

  // My orders: under all and active, with its date, status, payment state and total; not delivered or cancelled.
  await page.goto(`/${lang}/profile/orders`);
  await expect(tab(page, text.tabs.all)).toHaveAttribute('aria-selected', 'true');
  const listed = item(page, number);
  await expect(listed).toBeVisible();
  await expect(listed.getByTestId('order-status')).toHaveText(text.assembling);
  await expect(listed.getByTestId('order-payment-status')).toHaveText(text.unpaid);
  await expect(listed.getByTestId('order-total')).toHaveText(/\d/);
  await expect(listed.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/);
  await expectNoAxeViolations(page);
  await tab(page, text.tabs.delivered).click();
  await expect(page.getByTestId('orders-empty')).toHaveText(text.empty);
  await expect(page).toHaveURL(/\?tab=delivered$/);
  await tab(page, text.tabs.cancelled).click();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await tab(page, text.tabs.active).click();
  await expect(page.getByTestId('orders-panel')).toHaveAttribute('data-tab', 'active');
  await expect(item(page, number)).toBeVisible();

  // Its page, by a shareable address that survives a reload.
  await item(page, number).getByRole('link').click();
  await expect(page).toHaveURL(new RegExp(`/${lang}/profile/order\\?id=${orderId}$`));
  await page.reload();
  await expect(page.getByTestId('order-number')).toHaveText(number);
  await expect(page.getByTestId('order-status')).toHaveText(text.assembling);
  await expect(page.getByTestId('order-payment-method')).toHaveText(text.cash);
  await expect(page.getByTestId('order-address')).toContainText(QARSHI_ADDRESS.display_name);
  await expect(page.getByTestId('order-items').locator('li')).toHaveCount(1);
  await expect(page.getByTestId('order-items').locator(`[data-product="${id}"]`)).toContainText(/1 ×/);
  await expect(page.getByTestId('order-pay')).toHaveCount(0);
  await expectNoAxeViolations(page);

  // Cancelled through the prompt that names it; focus starts on keeping the order.
  await page.getByTestId('order-cancel').click();
  await expect(dialog(page)).toBeVisible();
  await expect(dialog(page).getByRole('heading')).toHaveText(text.cancelTitle(number));
  await expect(dialog(page).getByRole('button', { name: text.cancelKeep })).toBeFocused();
  await expectNoAxeViolations(page);
  await dialog(page).getByRole('button', { name: text.cancelConfirm }).click();
  await expect(dialog(page)).toBeHidden();
  await expect(page.getByTestId('orders-notice')).toHaveText(text.cancelledNotice(number));
  await expect(page.getByTestId('orders-notice')).toBeFocused();
  await expect(page.getByTestId('order-status')).toHaveText(text.cancelled);
  await expect(page.getByTestId('order-cancel')).toHaveCount(0);

  // Now under cancelled, and no longer active.
  await page.goto(`/${lang}/profile/orders?tab=cancelled`);
  await expect(tab(page, text.tabs.cancelled)).toHaveAttribute('aria-selected', 'true');
  await expect(item(page, number).getByTestId('order-status')).toHaveText(text.cancelled);
  await tab(page, text.tabs.active).click();
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  expect(errors.filter((e) => e.startsWith('pageerror'))).toEqual([]);
});

test('the order page and the success page ask for their order before React has hydrated them', async ({ page }) => {
  const tokens = await signIn();
  const order = await placeOrder(tokens, await product(2));
  await useTokens(page, tokens);
  const pages = [
    [`/uz/profile/order?id=${order.id}`, 'uz/profile/order.html'],
    [`/uz/orders-success?order=${order.id}`, 'uz/orders-success.html'],
  ] as const;
  for (const [path, file] of pages) {
    // The modules of the page's islands (the component-url of each <astro-island>, read from the built page) are held
    // until the order has been asked for: only a read started without React can come.
    const html = readFileSync(join(E2E_DIST, file), 'utf8');
    const islands = new Set([...html.matchAll(/<astro-island\b[^>]*\bcomponent-url="([^"]+)"/g)].map((m) => m[1]!));
    expect(islands.size, `${path} hydrates an island`).toBeGreaterThan(0);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const isIsland = (url: URL) => islands.has(url.pathname);
    await page.route(isIsland, async (route) => {
      await held;
      await route.fallback();
    });
    const asked = page.waitForRequest(
      (request) => request.method() === 'GET' && ORDER.test(request.url()) && request.url().includes(`/${order.id}/`),
    );
    await page.goto(path, { waitUntil: 'commit' });
    await asked;
    release();
    await expect(page.getByTestId('order-number')).toHaveText(order.number);
    await page.unroute(isIsland);
  }
});

test('ru: an unpaid Payme order is paid from its page through the sandbox; a failed try leaves it payable', async ({
  page,
}) => {
  const text = TEXT.ru;
  const tokens = await signIn();
  const order = await placeOrder(tokens, await product(1), 'payme');
  await openOrderPage(page, tokens, 'ru', order.id);
  await expect(page.getByTestId('order-status')).toHaveText(text.awaitingPayment);
  await expect(page.getByTestId('order-payment-status')).toHaveText(text.unpaid);

  await page.getByTestId('order-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: SANDBOX_TEXT.ru.fail }).click();
  await expect(page).toHaveURL(new RegExp(`/ru/profile/order\\?id=${order.id}&payment=failed$`));
  await expect(page.getByTestId('order-payment-failed')).toHaveText(text.paymentFailed);
  await expect(page.getByTestId('order-payment-status')).toHaveText(text.unpaid);

  await page.getByTestId('order-pay').click();
  await expect(page).toHaveURL(/\/sandbox\/pay\//);
  await page.getByRole('button', { name: SANDBOX_TEXT.ru.pay, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/ru/profile/order\\?id=${order.id}$`));
  await expect(page.getByTestId('order-payment-status')).toHaveText(text.paid);
  await expect(page.getByTestId('order-status')).toHaveText(text.assembling);
  await expect(page.getByTestId('order-pay')).toHaveCount(0);
  await expect(page.getByTestId('order-payment-failed')).toHaveCount(0);
});

test('the tabs answer the arrow keys, Home and End; a long tab shows 20 orders and more on demand', async ({
  page,
}) => {
  const tokens = await signIn();
  // One page of 20 and one more.
  const numbers = await cancelledOrders(tokens, 21);
  await useTokens(page, tokens);
  await page.goto('/uz/profile/orders');
  await expect(items(page)).toHaveCount(20);
  await tab(page, TEXT.uz.tabs.all).focus();
  await page.keyboard.press('End');
  await expect(tab(page, TEXT.uz.tabs.active)).toBeFocused();
  await expect(tab(page, TEXT.uz.tabs.active)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByTestId('orders-empty')).toBeVisible();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, TEXT.uz.tabs.all)).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(tab(page, TEXT.uz.tabs.cancelled)).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\?tab=cancelled$/);
  // Newest first: the first 20, then the oldest after "show more".
  await expect(items(page)).toHaveCount(20);
  await expect(items(page).first()).toContainText(numbers[20]!);
  await expect(item(page, numbers[0]!)).toHaveCount(0);
  await page.getByTestId('orders-more').click();
  await expect(items(page)).toHaveCount(21);
  await expect(items(page).last()).toContainText(numbers[0]!);
  await expect(page.getByTestId('orders-more')).toHaveCount(0);
  // The button is gone with the last page: focus is on the order it brought.
  await expect(items(page).last().getByRole('link')).toBeFocused();
  await tab(page, TEXT.uz.tabs.cancelled).focus();
  await page.keyboard.press('Home');
  await expect(tab(page, TEXT.uz.tabs.all)).toBeFocused();
  await expect(page).toHaveURL(/\/uz\/profile\/orders$/);
});

/** One order of a unit of each product, placed through the API in one go. */
async function orderOfMany(tokens: Tokens, many: ShopProduct[]) {
  for (const each of many) await addToServerBasket(tokens, each.id, each.feature);
  const lines = (await serverBasket(tokens)).filter((l) => many.some((p) => p.id === l.product.id));
  return api({ tokens }).call('placeOrder', {
    body: {
      items: lines.map((l) => l.id),
      address: QARSHI_ADDRESS,
      payment_method: 'cash',
      customer_name: 'Ali Valiyev',
      customer_phone: '+998901234567',
    },
  });
}

for (const lang of ['uz', 'ru'] as const)
  test(`${lang}: on a phone the tabs sit two by two, all in sight; orders show their lines' pictures @mobile`, async ({
    page,
  }) => {
    const tokens = await signIn();
    const all = await products();
    const big = await orderOfMany(tokens, all.slice(2, 7));
    const small = await placeOrder(tokens, all[1]!);
    await useTokens(page, tokens);
    // The list as the API answers it, but the small order's line without any picture.
    let answer: { results: Order[] } | undefined;
    await page.route(LIST, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { results: Order[] };
      for (const order of body.results)
        if (order.id === small.id)
          for (const line of order.items) {
            line.product.images = null;
            if (line.feature) line.feature.images = null;
          }
      answer = body;
      await route.fulfill({ response, json: body });
    });
    await page.goto(`/${lang}/profile/orders`);
    await expect(items(page)).toHaveCount(2);
    // Three pictures of the five lines, and the count of the other two.
    const pictures = item(page, big.number).getByTestId('order-thumbs');
    const shown = answer!.results.find((o) => o.id === big.id)!.items.slice(0, 3);
    await expect(pictures.getByRole('img')).toHaveCount(3);
    for (const [i, line] of shown.entries())
      await expect(pictures.getByRole('img').nth(i)).toHaveAccessibleName(line.product.title!);
    await expect(pictures).toContainText('+2');
    for (const picture of await pictures.getByRole('img').all())
      await expect
        .poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
        .toBe(true);
    await expect(item(page, small.number).getByTestId('order-thumbs').getByRole('img')).toHaveAttribute(
      'src',
      '/placeholder.svg',
    );
    // The four tabs two by two, each in sight.
    const tabs = page.getByRole('tab');
    const rows = new Set<number>();
    const width = page.viewportSize()!.width;
    for (const each of await tabs.all()) {
      const box = (await each.boundingBox())!;
      rows.add(Math.round(box.y));
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(width);
    }
    expect(rows.size).toBe(2);
    // The order's page shows each line's picture beside it.
    await page.goto(`/${lang}/profile/order?id=${big.id}`);
    await expect(page.locator('.orders-line-image')).toHaveCount(5);
  });

test.describe('faults', () => {
  test('the orders list fails (500): a message, and the retry loads it', async ({ page }) => {
    const tokens = await signIn();
    const order = await placeOrder(tokens, await product(2));
    await useTokens(page, tokens);
    await page.clock.install();
    await fail(page, LIST, '500', 'GET');
    await page.goto('/uz/profile/orders');
    // The client retries a read 3 times, 1 s apart: the page's clock moves past them.
    await passTimeouts(page, page.getByTestId('orders-failed'));
    await expect(page.getByTestId('orders-failed')).toHaveText(TEXT.uz.listFailed);
    await page.unroute(LIST);
    await page.getByRole('button', { name: TEXT.uz.retry }).click();
    await expect(item(page, order.number)).toBeVisible();
    await expect(page.getByTestId('orders-failed')).toHaveCount(0);
  });

  test('"show more" fails (500): said above the button, which keeps focus, and trying again brings the orders', async ({
    page,
  }) => {
    const tokens = await signIn();
    const numbers = await cancelledOrders(tokens, 21);
    await useTokens(page, tokens);
    await page.clock.install();
    await page.goto('/uz/profile/orders');
    await expect(items(page)).toHaveCount(20);
    await fail(page, NEXT_PAGE, '500', 'GET');
    await page.getByTestId('orders-more').click();
    await passTimeouts(page, page.getByTestId('orders-more-failed'));
    await expect(page.getByTestId('orders-more-failed')).toHaveText(TEXT.uz.moreFailed);
    await expect(page.getByTestId('orders-more')).toBeFocused();
    await expect(items(page)).toHaveCount(20);
    await page.unroute(NEXT_PAGE);
    await page.getByTestId('orders-more').click();
    await expect(items(page)).toHaveCount(21);
    await expect(items(page).last()).toContainText(numbers[0]!);
    await expect(page.getByTestId('orders-more-failed')).toHaveCount(0);
  });

  test('the order page fails to load (500): a message, and the retry loads it', async ({ page }) => {
    const tokens = await signIn();
    const order = await placeOrder(tokens, await product(1));
    await useTokens(page, tokens);
    await page.clock.install();
    await fail(page, ORDER, '500', 'GET');
    await page.goto(`/uz/profile/order?id=${order.id}`);
    await passTimeouts(page, page.getByTestId('order-failed'));
    await expect(page.getByTestId('order-failed')).toHaveText(TEXT.uz.orderFailed);
    await page.unroute(ORDER);
    await page.getByRole('button', { name: TEXT.uz.retry }).click();
    await expect(page.getByTestId('order-number')).toHaveText(order.number);
    await expect(page.getByTestId('order-failed')).toHaveCount(0);
  });

  test('cancel fails (500): the prompt says so, the order is unchanged', async ({ page }) => {
    const tokens = await signIn();
    const order = await placeOrder(tokens, await product(3));
    await openOrderPage(page, tokens, 'uz', order.id);
    await fail(page, CANCEL, '500', 'POST');
    await page.getByTestId('order-cancel').click();
    await dialog(page).getByRole('button', { name: TEXT.uz.cancelConfirm }).click();
    await expect(page.getByTestId('cancel-failure')).toHaveText(`${TEXT.uz.cancelFailed} ${TEXT.uz.tryLater}`);
    // The prompt stays, usable again; keeping the order closes it and focus goes back to the cancel button.
    await expect(dialog(page).getByRole('button', { name: TEXT.uz.cancelConfirm })).toBeEnabled();
    await dialog(page).getByRole('button', { name: TEXT.uz.cancelKeep }).click();
    await expect(dialog(page)).toBeHidden();
    await expect(page.getByTestId('order-cancel')).toBeFocused();
    await expect(page.getByTestId('order-status')).toHaveText(TEXT.uz.assembling);
    expect((await api({ tokens }).call('order', { params: { id: order.id } })).status).toBe('assembling');
  });

  test('ru: cancel refused (400) from the list: the reason is shown; a later cancel updates the tabs without a reload', async ({
    page,
  }) => {
    expectConsole(page, failedLoad(400, /\/api\/v1\/orders\/\d+\/cancel\/$/));
    const text = TEXT.ru;
    const tokens = await signIn();
    const order = await placeOrder(tokens, await product(4));
    await useTokens(page, tokens);
    await page.goto('/ru/profile/orders?tab=active');
    const reason = `Заказ ${order.number} уже нельзя отменить.`;
    await page.route(CANCEL, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: JSON.stringify({ detail: reason }),
      }),
    );
    await item(page, order.number).getByTestId('order-cancel').click();
    await expect(dialog(page).getByRole('heading')).toHaveText(text.cancelTitle(order.number));
    await dialog(page).getByRole('button', { name: text.cancelConfirm }).click();
    await expect(page.getByTestId('cancel-failure')).toHaveText(`${text.cancelFailed} ${reason}`);
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toBeHidden();
    await expect(item(page, order.number).getByTestId('order-status')).toHaveText(text.assembling);

    await page.unroute(CANCEL);
    // A mark on the page's window: a reload would lose it.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    await item(page, order.number).getByTestId('order-cancel').click();
    await dialog(page).getByRole('button', { name: text.cancelConfirm }).click();
    await expect(page.getByTestId('orders-notice')).toHaveText(text.cancelledNotice(order.number));
    await expect(page.getByTestId('orders-notice')).toBeFocused();
    await expect(items(page)).toHaveCount(0);
    await tab(page, text.tabs.cancelled).click();
    await expect(item(page, order.number).getByTestId('order-status')).toHaveText(text.cancelled);
    await tab(page, text.tabs.all).click();
    await expect(item(page, order.number).getByTestId('order-status')).toHaveText(text.cancelled);
    expect(await page.evaluate(() => 'sameDocument' in window)).toBe(true);
  });

  test('the pay link fails: said so, the order stays unpaid and the button works again', async ({ page }) => {
    const tokens = await signIn();
    const order = await placeOrder(tokens, await product(5), 'click');
    await openOrderPage(page, tokens, 'uz', order.id);
    await fail(page, PAY, '500', 'POST');
    await page.getByTestId('order-pay').click();
    await expect(page.getByTestId('order-pay-failed')).toHaveText(TEXT.uz.payLinkFailed);
    await expect(page.getByTestId('order-payment-status')).toHaveText(TEXT.uz.unpaid);
    await expect(page.getByTestId('order-pay')).toBeEnabled();
    await page.unroute(PAY);
    await page.getByTestId('order-pay').click();
    await expect(page).toHaveURL(/\/sandbox\/pay\//);
  });

  test('an order delivered meanwhile: the real refusal, in the shopper’s language', async ({ page }) => {
    expectConsole(page, failedLoad(400, /\/api\/v1\/orders\/\d+\/cancel\/$/));
    const tokens = await signIn();
    const order = await placeOrder(tokens, await product(6));
    await openOrderPage(page, tokens, 'uz', order.id);
    await setOrderStatus(order.id, { status: 'delivered', payment_status: 'paid' });
    await page.getByTestId('order-cancel').click();
    await dialog(page).getByRole('button', { name: TEXT.uz.cancelConfirm }).click();
    await expect(page.getByTestId('cancel-failure')).toHaveText(
      `${TEXT.uz.cancelFailed} ${order.number} raqamli buyurtmani endi bekor qilib boʻlmaydi.`,
    );
  });
});
