/**
 * Checkout on a 360 × 780 phone: item titles get the width, payment methods are cards to tap (radio inputs inside),
 * the total and the confirm button stay at the bottom of the screen, a missing customer field is named, a local
 * number typed after clearing +998 stays Uzbek, and a sign-in code for a browser used before opens the digits keyboard.
 */
import type { Page } from '@playwright/test';
import { ru } from '../../../src/i18n/ru.ts';
import { uz } from '../../../src/i18n/uz.ts';
import { QARSHI_ADDRESS } from '../../fixtures/address.ts';
import { addToServerBasket, api, codeFor, products, randomPhone, signIn } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { useTokens } from './helpers.ts';

const PHONE = { width: 360, height: 780 };
/** The fixed bottom bar of phone pages (components/MobileBar.astro). */
const MOBILE_BAR = 64;
const dictionaries = { uz, ru } as const;

const place = (page: Page) => page.getByTestId('checkout-place');

/** A signed-in shopper with an address but no name in the profile, two lines in the server basket, at checkout on a phone. */
async function atCheckout(page: Page, lang: 'uz' | 'ru') {
  await page.setViewportSize(PHONE);
  const tokens = await signIn();
  const [a, b] = await products();
  await addToServerBasket(tokens, a!.id, a!.feature);
  await addToServerBasket(tokens, b!.id, b!.feature);
  await api({ tokens }).call('updateProfile', { body: { address: QARSHI_ADDRESS } });
  await useTokens(page, tokens);
  await page.goto(`/${lang}/orders-confirmation`);
  await expect(page.getByTestId('checkout-lines').locator('li')).toHaveCount(2);
  await expect(place(page)).toBeVisible();
  await expect(page.getByTestId('checkout-address')).toContainText(QARSHI_ADDRESS.street);
}

for (const lang of ['uz', 'ru'] as const) {
  const t = dictionaries[lang];

  test(`${lang}: checkout at 360 px: wide titles, payment cards, the total and confirm at the bottom @mobile`, async ({
    page,
  }) => {
    await atCheckout(page, lang);
    // Titles take the line's width beside the picture, not a 70 px column.
    for (const title of await page.locator('.checkout-title').all()) {
      const width = await title.evaluate((element) => element.getBoundingClientRect().width);
      expect(width).toBeGreaterThan(200);
    }
    // Payment methods: cards (a border, room to tap) around a radio input each; the chosen card is marked.
    const methods = page.locator('.checkout-methods label');
    await expect(methods).toHaveCount(6);
    await expect(page.getByRole('radio')).toHaveCount(6);
    for (const method of await methods.all()) {
      await expect(method).toHaveCSS('border-top-style', 'solid');
      const box = (await method.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(48);
      expect(box.width).toBeGreaterThan(280);
    }
    const cash = methods.filter({ hasText: t['isl.checkout.pay_cash'] });
    const before = await cash.evaluate((label) => getComputedStyle(label).borderTopColor);
    await cash.click();
    await expect(cash.getByRole('radio')).toBeChecked();
    await expect(cash).not.toHaveCSS('border-top-color', before);
    // The total and the confirm button stay on screen above the bottom bar, at the top of the form as at its end.
    const total = page.getByTestId('checkout-total');
    for (const at of ['.checkout-lines', '.checkout-summary'] as const) {
      await page.locator(at).evaluate((element) => element.scrollIntoView({ block: 'start' }));
      for (const element of [total, place(page)]) {
        await expect(element).toBeInViewport();
        const box = (await element.boundingBox())!;
        expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height - MOBILE_BAR + 1);
      }
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test(`${lang}: a missing name or phone is named at checkout @mobile`, async ({ page }) => {
    await atCheckout(page, lang);
    await page.locator('.checkout-methods label').first().click();
    // No name in the profile: the name is named, the phone (the signed-in one) is not.
    await place(page).click();
    await expect(page.locator('#checkout-user-error')).toContainText(t['isl.checkout.no_user_data']);
    const name = page.locator('input[name=name]');
    const phone = page.locator('input[name=phone]');
    await expect(page.locator('#checkout-name-error')).toHaveText(t['isl.checkout.no_name']);
    await expect(name).toHaveAttribute('aria-invalid', 'true');
    await expect(name).toHaveAttribute('aria-describedby', /checkout-name-error/);
    await expect(page.locator('#checkout-phone-error')).toHaveCount(0);
    await expect(name).toBeFocused();
    // A name, and a phone cut short: now the phone is named.
    await name.fill('Ali Valiyev');
    await phone.fill('+998 90 12');
    await place(page).click();
    await expect(page.locator('#checkout-name-error')).toHaveCount(0);
    await expect(page.locator('#checkout-phone-error')).toHaveText(t['isl.checkout.no_phone']);
    await expect(phone).toHaveAttribute('aria-invalid', 'true');
    await expect(phone).toBeFocused();
    // Clearing +998 and typing the 9 local digits keeps an Uzbek number.
    await phone.fill('');
    await phone.pressSequentially('998765432');
    await expect(phone).toHaveValue('+998 (99) 876-54-32');
    await expect(page.locator('#checkout-phone-error')).toHaveCount(0);
    await expect(page.locator('#checkout-user-error')).toHaveCount(0);
  });
}

test('the sign-in code opens the text keyboard, and a browser signed out of asks as a new one @mobile', async ({
  page,
}) => {
  const phone = randomPhone();
  const signInThroughDialog = async () => {
    await page.goto('/ru/profile');
    await page.getByTestId('profile-sign-in').click();
    await page.getByTestId('phone-input').fill('');
    await page.getByTestId('phone-input').pressSequentially(phone.slice(1));
    await Promise.all([
      // The code is sent once the answer is 200 (a 428 first asks the page for its proof of work).
      page.waitForResponse(
        (r) => r.url().endsWith('/users/auth/') && r.request().method() === 'POST' && r.status() === 200,
      ),
      page.getByTestId('phone-input').press('Enter'),
    ]);
    return page.getByTestId('code-input');
  };
  // A browser this phone never signed in on gets letters and digits: the text keyboard.
  let code = await signInThroughDialog();
  await expect(code).toHaveAttribute('inputmode', 'text');
  await code.pressSequentially(await codeFor(phone));
  // Signed in (the page reloads): the browser keeps its device token.
  await expect.poll(() => page.evaluate(() => localStorage.getItem('device')).catch(() => null)).toBeTruthy();
  await expect(page.locator('[data-auth-link][data-signed-in="true"]').first()).toBeAttached();
  // Signed out, the browser keeps no device token: whoever uses it next asks as a new browser, letters and digits.
  await page.locator('[data-sign-out]:visible').first().click();
  await expect(page.getByTestId('profile-sign-in')).toBeVisible();
  // Sign-out may reload the page: read the storage once it has settled (a read cut off by the reload is asked again).
  await expect.poll(() => page.evaluate(() => localStorage.getItem('device')).catch(() => 'reloading')).toBeNull();
  code = await signInThroughDialog();
  await expect(code).toHaveAttribute('inputmode', 'text');
  expect(await codeFor(phone)).toMatch(/^[A-Z2-9]{4}$/);
  expect(await codeFor(phone)).not.toMatch(/^\d{4}$/);
});
