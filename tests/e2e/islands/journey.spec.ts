/**
 * The happy journey in both languages: search, fill the basket and the
 * favourites as a visitor, sign in with the code from the reference API, and
 * find both merged on the server with nothing lost; and a merge that fails.
 */
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { searchBoxHydrated } from '../support/site.ts';
import {
  addToServerBasket,
  codeFor,
  products,
  randomPhone,
  serverBasket,
  serverFavourites,
  signIn,
} from '../support/api.ts';
import { badge, expectToast, setLocalBasket, storedJson } from './helpers.ts';
import { words } from '../support/words.ts';

for (const lang of ['uz', 'ru'] as const) {
  const t = words(lang);
  const text = {
    added: t('isl.toast.added'),
    getCode: t('isl.auth.get_code'),
    codeTitle: t('isl.auth.title_code'),
    synced: t('isl.toast.synced'),
    verified: t('isl.toast.verified'),
  };

  // Each screen once, each language once: uz on desktop, ru on mobile (bottom bar badge, basket lines, sign-in
  // dialog and profile on a phone); the other pairs add nothing but time.
  test(
    `visitor basket and favourites are merged on the server at sign-in (${lang})`,
    { tag: lang === 'ru' ? '@mobile' : [] },
    async ({ page }) => {
      const [a, b, c] = await products();
      const phone = randomPhone();
      // The shopper already has something on the server from another device.
      const existing = await signIn(phone);
      await addToServerBasket(existing, c!.id, c!.feature, 2);

      // Search, then open a product.
      await page.goto(`/${lang}`);
      await expect.poll(() => badge(page)).toBeNull();
      await page.getByRole('combobox').first().click();
      await searchBoxHydrated(page);
      await page.getByRole('combobox').first().pressSequentially('Xiaomi');
      await expect(page.locator('[role=option][data-kind=product]').first()).toBeVisible();

      // Fill the basket and favourites as a visitor (cards on the home page).
      await page.goto(`/${lang}`);
      const cards = page.locator('[data-add-to-basket]');
      await page.evaluate(
        (ids) => {
          const main = document.querySelector('main')!;
          for (const id of ids) {
            // At the end of main: toasts sit at the top centre and would cover buttons there on mobile.
            main.insertAdjacentHTML(
              'beforeend',
              `<button data-add-to-basket="${id}" id="add-${id}">+</button><button data-favourite="${id}" id="fav-${id}">♥</button>`,
            );
          }
        },
        [a!.id, b!.id],
      );
      await page.locator(`#add-${a!.id}`).click();
      await expectToast(page, text.added);
      await page.locator(`#add-${b!.id}`).click();
      await page.locator(`#fav-${a!.id}`).click();
      await page.locator(`#fav-${b!.id}`).click();
      await expect.poll(() => badge(page)).toBe('2');
      await expect(page.locator(`#add-${a!.id}`)).toHaveAttribute('aria-pressed', 'true');
      expect(await cards.count()).toBeGreaterThan(0);

      // The basket page shows both; one more of the first.
      await page.goto(`/${lang}/basket`);
      await expect(page.locator('.basket-line')).toHaveCount(2);
      const first = page.locator(`.basket-line[data-product="${a!.id}"]`);
      await first.locator('.basket-qty button').last().click();
      await expect(first.locator('output')).toHaveText('2');

      // Sign in with the code from the API's test route.
      await page.goto(`/${lang}/profile`);
      await page.getByTestId('profile-sign-in').click();
      await page.getByTestId('phone-input').fill('');
      await page.getByTestId('phone-input').pressSequentially(phone.slice(1));
      await page.getByRole('button', { name: text.getCode }).click();
      await expect(page.getByRole('heading', { name: text.codeTitle })).toBeVisible();
      const code = await codeFor(phone);
      await page.getByTestId('code-input').pressSequentially(code.toLowerCase());
      await expectToast(page, text.synced);
      await expectToast(page, text.verified);

      // Merged on the server, nothing lost; nothing private left locally.
      const basket = await serverBasket(existing);
      expect(basket.map((l) => [l.product.id, l.feature?.id ?? null]).sort()).toEqual(
        [
          [a!.id, a!.feature],
          [b!.id, b!.feature],
          [c!.id, c!.feature],
        ].sort(),
      );
      expect(basket.find((l) => l.product.id === a!.id)!.quantity).toBe(2);
      expect(basket.find((l) => l.product.id === c!.id)!.quantity).toBe(2);
      await page.goto(`/${lang}/favorites`);
      await expect(page.locator('[data-testid=favourites-list] .card')).toHaveCount(2);
      expect(await serverFavourites(existing)).toEqual([a!.id, b!.id].sort((x, y) => x - y));
      expect(await page.evaluate(() => [localStorage.getItem('basket'), localStorage.getItem('liked')])).toEqual([
        null,
        null,
      ]);
      await expect.poll(() => badge(page)).toBe('3');

      // Log out: nothing private stays.
      await page.goto(`/${lang}/profile`);
      const reloaded = page.waitForEvent('load');
      await page.getByRole('button', { name: lang === 'uz' ? 'Chiqish' : 'Выйти' }).click();
      await reloaded;
      await expect(page.getByTestId('profile-sign-in')).toBeVisible();
      const keys = await page.evaluate(() => Object.keys(localStorage).sort());
      expect(keys.filter((k) => ['access', 'refresh', 'basket', 'liked', 'recentSearches'].includes(k))).toEqual([]);
    },
  );
}

test("sign-in sync failure keeps the failed items waiting on this device: 'Mahsulotni sinxronlashtirishda xato: ID {id}'", async ({
  page,
}) => {
  expectConsole(page, failedLoad(500, /\/api\/v1\/orders\/add-basket\/$/));
  const [a, b] = await products();
  const phone = randomPhone();
  await page.goto('/uz/about');
  await setLocalBasket(page, [
    { product: a!.id, feature: a!.feature, quantity: 1 },
    { product: b!.id, feature: b!.feature, quantity: 3 },
  ]);
  await page.route(/\/api\/v1\/orders\/add-basket\/$/, async (route) => {
    const body = JSON.parse(route.request().postData() ?? '{}') as { product: number };
    if (body.product === b!.id)
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        headers: { 'Access-Control-Allow-Origin': '*' },
        body: '{"detail":"x"}',
      });
    return route.fallback();
  });
  await page.goto('/uz/profile');
  await page.getByTestId('profile-sign-in').click();
  await page.getByTestId('phone-input').fill('');
  await page.getByTestId('phone-input').pressSequentially(phone.slice(1));
  await page.getByRole('button', { name: 'Kod olish' }).click();
  await expect(page.getByTestId('code-input')).toBeVisible();
  await page.getByTestId('code-input').pressSequentially(await codeFor(phone));
  await expectToast(page, `Mahsulotni sinxronlashtirishda xato: ID ${b!.id}`);
  await expectToast(page, 'Savatni sinxronlashtirishda xato yuz berdi!');
  // The line the server did not take waits on this device, to be sent at the next page load.
  expect(await storedJson(page, 'basketPending')).toMatchObject([
    { product: b!.id, kind: 'add', quantity: 3, state: 'waiting' },
  ]);
  expect(await storedJson(page, 'basket')).toBeNull();
  await expect.poll(() => badge(page)).toBe('2');
});
