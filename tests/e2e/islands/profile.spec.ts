/**
 * The profile's frame and personal data against the real reference API
 * (spec §2 Profile, §3 User, §6): a visitor on every profile page is asked to
 * sign in; a shopper edits personal data that survives a reload and changes
 * the address through the picker; the browser refuses what the API would
 * refuse before sending; a 400 shows beside its field and a 500 says so, with
 * everything typed kept; the menu's language entry stays on the same page.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { API_PREFIX } from '#contract/routes.ts';
import { LANGS, type Lang } from '#contract/schemas.ts';
import { api, signIn, type Tokens } from '../support/api.ts';
import { expectNoAxeViolations, watchErrors } from '../support/site.ts';
import { clickMap, stubTiles, useTokens } from './helpers.ts';
import { perLanguage } from '../support/words.ts';

/** A Russian shopper's name as typed, and the server's Russian words refusing it. */
const [FIRST, LAST, TAKEN] = ['Сардор', 'Алиев', 'Фамилия уже занята.'];
const PROFILE = new RegExp(`${API_PREFIX}/users/profile/$`);
const TEXT = perLanguage((t) => ({
  signIn: t('isl.auth.sign_in_to_access'),
  first: t('isl.profile.first_name'),
  last: t('isl.profile.last_name'),
  father: t('isl.profile.father_name'),
  female: t('isl.profile.female'),
  birth: t('isl.profile.birth_date'),
  email: t('isl.profile.email'),
  save: t('isl.profile.save'),
  saved: t('isl.profile.saved'),
  fix: t('isl.profile.fix_fields'),
  failed: t('isl.profile.save_failed'),
  badEmail: t('isl.profile.bad_email'),
  choose: t('isl.profile.choose_address'),
  loadFailed: t('isl.profile.load_failed'),
  retry: t('isl.profile.retry'),
  menu: t('profile.menu.label'),
  signOut: t('profile.menu.logout'),
  russian: t('lang.ru'),
}));

/** On Islom Karimov koʻchasi, in the city (api/gazetteer/qarshi.json), near the map's default centre. */
const CITY = { lat: 38.8606, lng: 65.795 };

const form = (page: Page) => page.getByTestId('personal-data');
const field = (page: Page, label: string) => form(page).getByLabel(label, { exact: true });
const profileOf = (tokens: Tokens) => api({ tokens }).call('profile');

async function openProfile(page: Page, tokens: Tokens, lang: Lang = 'uz') {
  await useTokens(page, tokens);
  await page.goto(`/${lang}/profile`);
  await expect(form(page)).toBeVisible();
}

test.describe('a visitor', () => {
  for (const lang of LANGS) {
    test(`${lang}: every profile page asks to sign in, and the button opens the sign-in modal`, async ({ page }) => {
      const errors = await watchErrors(page);
      for (const path of ['/profile', '/profile/orders', '/profile/order?id=1', '/profile/reviews']) {
        await page.goto(`/${lang}${path}`);
        await expect(page.getByTestId('sign-in-gate')).toContainText(TEXT[lang].signIn);
        await expect(page.getByRole('navigation', { name: TEXT[lang].menu })).toBeVisible();
      }
      await page.getByTestId('profile-sign-in').click();
      await expect(page.getByTestId('phone-input')).toBeVisible();
      expect(errors).toEqual([]);
    });
  }
});

// uz on desktop, ru on mobile: the other pairs add nothing but time.
for (const lang of LANGS) {
  test(`${lang}: personal data is edited, survives a reload, and the address is changed through the picker${lang === 'ru' ? ' @mobile' : ''}`, async ({
    page,
  }) => {
    const text = TEXT[lang];
    const tokens = await signIn();
    await stubTiles(page);
    await openProfile(page, tokens, lang);
    await expect(form(page).locator('input[name=phone]')).toHaveAttribute('readonly', '');

    await field(page, text.first).fill('Dilnoza');
    await field(page, text.last).fill('Rahimova');
    await field(page, text.father).fill('Anvar qizi');
    await form(page).getByLabel(text.female).check();
    await field(page, text.birth).fill('1998-03-08');
    await field(page, text.email).fill('dilnoza@example.uz');
    const patch = page.waitForRequest((r) => PROFILE.test(r.url()) && r.method() === 'PATCH');
    await form(page).getByRole('button', { name: text.save }).click();
    await patch;
    await expect(form(page).getByRole('status').filter({ hasText: text.saved })).toBeVisible();
    expect(await profileOf(tokens)).toMatchObject({
      first_name: 'Dilnoza',
      last_name: 'Rahimova',
      father_name: 'Anvar qizi',
      gender: 'female',
      birth_date: '1998-03-08',
      email: 'dilnoza@example.uz',
    });

    await page.reload();
    await expect(field(page, text.first)).toHaveValue('Dilnoza');
    await expect(field(page, text.birth)).toHaveValue('1998-03-08');
    await expect(form(page).getByLabel(text.female)).toBeChecked();

    // The address through the picker (none yet: the profile offers to choose one), saved and shown at once.
    await form(page).getByRole('button', { name: text.choose }).click();
    await expect(page.getByTestId('address-picker')).toBeVisible();
    await expect(page.getByTestId('address-map')).toHaveAttribute('data-zoom', /\d/);
    await clickMap(page, CITY);
    await expect(page.getByTestId('address-found')).toHaveAttribute('data-delivery-type', 'city');
    await page.locator('input[name=home]').fill('12');
    await page.getByTestId('address-save').click();
    await expect(page.getByTestId('address-picker')).toBeHidden();
    await expect(page.getByTestId('profile-address')).toContainText('12');
    await expect.poll(async () => (await profileOf(tokens)).address?.delivery_type).toBe('city');
    // What was typed before stays typed.
    await expect(field(page, text.first)).toHaveValue('Dilnoza');
  });
}

test('the browser refuses what the API would refuse, before sending', async ({ page }) => {
  const text = TEXT.uz;
  await openProfile(page, await signIn());
  let patches = 0;
  page.on('request', (r) => {
    if (PROFILE.test(r.url()) && r.method() === 'PATCH') patches++;
  });
  await field(page, text.email).fill('dilnoza@');
  await field(page, text.first).fill('x'.repeat(80));
  await form(page).getByRole('button', { name: text.save }).click();
  await expect(form(page).getByText(text.badEmail)).toBeVisible();
  await expect(field(page, text.email)).toHaveAttribute('aria-invalid', 'true');
  await expect(form(page).getByRole('status')).toHaveText(text.fix);
  expect(patches).toBe(0);
  // Fixing the field clears its message; the typed name is kept.
  await field(page, text.email).fill('dilnoza@example.uz');
  await expect(form(page).getByText(text.badEmail)).toBeHidden();
  await expect(field(page, text.first)).toHaveValue('x'.repeat(80));
});

test('ru: a 400 shows its message beside the field and keeps every typed value', async ({ page }) => {
  expectConsole(page, failedLoad(400, /\/api\/v1\/users\/profile\/$/));
  const text = TEXT.ru;
  const tokens = await signIn();
  await openProfile(page, tokens, 'ru');
  await page.route(PROFILE, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({
          status: 400,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: JSON.stringify({ detail: 'Invalid data.', errors: { last_name: [TAKEN] } }),
        })
      : route.fallback(),
  );
  await field(page, text.first).fill(FIRST);
  await field(page, text.last).fill(LAST);
  await form(page).getByRole('button', { name: text.save }).click();
  await expect(form(page).getByText(TAKEN)).toBeVisible();
  await expect(field(page, text.last)).toHaveAttribute('aria-invalid', 'true');
  await expect(field(page, text.first)).toHaveValue(FIRST);
  await expect(field(page, text.last)).toHaveValue(LAST);
  expect((await profileOf(tokens)).first_name).toBe('');
});

test('a 500 on save says so and keeps the typed values; saving again works', async ({ page }) => {
  expectConsole(page, failedLoad(500, /\/api\/v1\/users\/profile\/$/));
  const text = TEXT.uz;
  const tokens = await signIn();
  await openProfile(page, tokens);
  await page.route(PROFILE, (route) =>
    route.request().method() === 'PATCH'
      ? route.fulfill({ status: 500, headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"detail":"Test 500."}' })
      : route.fallback(),
  );
  await field(page, text.first).fill('Jasur');
  await form(page).getByRole('button', { name: text.save }).click();
  await expect(form(page).getByRole('status')).toHaveText(text.failed);
  await expect(field(page, text.first)).toHaveValue('Jasur');

  await page.unroute(PROFILE);
  await form(page).getByRole('button', { name: text.save }).click();
  await expect(form(page).getByRole('status')).toHaveText(text.saved);
  expect((await profileOf(tokens)).first_name).toBe('Jasur');
});

test('the profile failing to load offers a retry that works', async ({ page }) => {
  expectConsole(page, failedLoad(404, /\/api\/v1\/users\/profile\/$/));
  const text = TEXT.uz;
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.route(PROFILE, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({ status: 404, headers: { 'Access-Control-Allow-Origin': '*' }, body: '{"detail":"Test 404."}' })
      : route.fallback(),
  );
  await page.goto('/uz/profile');
  await expect(page.getByRole('alert')).toContainText(text.loadFailed);
  await page.unroute(PROFILE);
  await page.getByRole('button', { name: text.retry }).click();
  await expect(form(page)).toBeVisible();
});

test('the menu: language stays on the same page, contacts open, seller and help links, axe clean', async ({ page }) => {
  // Order 7 is not this new shopper's: the order page says so.
  expectConsole(page, failedLoad(404, /\/api\/v1\/orders\/7\/$/));
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.goto('/uz/profile/order?id=7');
  const menu = page.getByRole('navigation', { name: 'Profil menyusi' });
  await expect(menu.getByRole('link', { name: 'Buyurtmalarim' })).toHaveAttribute('aria-current', 'page');
  await expect(menu.getByRole('link', { name: 'Savol-javoblar' })).toHaveAttribute('href', '/uz/questions');
  await expect(menu.getByRole('link', { name: 'Biz haqimizda' })).toHaveAttribute('href', '/uz/about');
  await expect(menu.getByRole('link', { name: 'Saqlanganlar' })).toHaveAttribute('href', '/uz/favorites');
  await expect(menu.getByRole('link', { name: 'Sotuvchilar boʻlimi' })).toHaveAttribute(
    'href',
    process.env.SELLER_URL || 'https://seller.bozor.uz',
  );
  await expect(menu.getByRole('button', { name: 'Kirish' })).toBeHidden();
  await menu.getByRole('button', { name: 'Biz bilan bogʻlanish' }).click();
  await expect(page.locator('#contacts-dialog')).toBeVisible();
  await page.keyboard.press('Escape');

  await menu.getByRole('link', { name: TEXT.uz.russian }).click();
  await expect(page).toHaveURL(/\/ru\/profile\/order\?id=7$/);
  await expect(
    page.getByRole('navigation', { name: TEXT.ru.menu }).getByRole('button', { name: TEXT.ru.signOut }),
  ).toBeVisible();

  await page.goto('/uz/profile');
  await expect(form(page)).toBeVisible();
  await expectNoAxeViolations(page);
});

test.describe('on a phone the profile shows the data first, the menu after it', () => {
  for (const lang of LANGS)
    test(`${lang}: the shopper's data is on the first screen, above the menu @mobile`, async ({ page }) => {
      const tokens = await signIn();
      await openProfile(page, tokens, lang);
      const menu = page.getByRole('navigation', { name: TEXT[lang].menu });
      const first = await field(page, TEXT[lang].first).boundingBox();
      expect(first!.y + first!.height).toBeLessThan(page.viewportSize()!.height);
      expect(first!.y).toBeLessThan((await menu.boundingBox())!.y);
      // A visitor's invitation to sign in comes first too.
      await page.evaluate(() => localStorage.clear());
      await page.reload();
      const invitation = page.getByText(TEXT[lang].signIn);
      await expect(invitation).toBeVisible();
      expect((await invitation.boundingBox())!.y).toBeLessThan((await menu.boundingBox())!.y);
    });
});
