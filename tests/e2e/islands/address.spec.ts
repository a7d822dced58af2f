/**
 * The delivery-address picker against the real reference API and its offline
 * geocoder (spec §2, §4, §5, §8, §9): the journey in uz on desktop and ru on mobile,
 * district and outside points, "use my location", geocoder and geolocation
 * faults, and the signed-in shopper's profile. Map tiles are stubbed at the
 * tile origin (tests never call OpenStreetMap); geolocation comes from
 * Playwright's permissions and setGeolocation.
 */
import type { Page } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { QARSHI_DISTRICT_ADDRESS } from '../../fixtures/address.ts';
import { api, signIn } from '../support/api.ts';
import { expectNoAxeViolations, watchErrors } from '../support/site.ts';
import { clickMap, stubTiles, TILES, useTokens } from './helpers.ts';
import { perLanguage } from '../support/words.ts';

/** The mobile layout (spec §2: 768 px or narrower). */
const isMobile = (page: Page) => (page.viewportSize()?.width ?? 1024) <= 768;

const GEOCODER = /\/geocoder\/reverse\?/;
/** The geocoder's names around the points clicked (api/gazetteer/qarshi.json). */
const PLACES = {
  uz: { street: 'Islom Karimov koʻchasi', city: 'Qarshi shahri', district: 'Qarshi tumani' },
  ru: { street: 'улица Ислама Каримова', city: 'город Карши', district: 'Каршинский район' },
} as const;
const TEXT = perLanguage((t) => ({
  choose: t('isl.address.choose'),
  outside: t('isl.address.outside'),
  placeOutside: t('isl.address.place_outside'),
  default: t('header.address.default'),
}));

/** On Islom Karimov koʻchasi, in Markaz mahallasi (api/gazetteer/qarshi.json). */
const CITY = { lat: 38.8606, lng: 65.795 };
/** Yangiobod, north of the city, in Qarshi district. */
const DISTRICT = { lat: 38.935, lng: 65.8 };
/** East of the district boundary. */
const OUTSIDE = { lat: 38.86, lng: 66.1 };

async function openPicker(page: Page) {
  await page.locator('[data-address-picker]').click();
  const picker = page.getByTestId('address-picker');
  await expect(picker).toBeVisible();
  await expect(picker.locator('.leaflet-container')).toBeVisible();
  return picker;
}

async function zoomOutTo(page: Page, zoom: number) {
  const map = page.getByTestId('address-map');
  while (Number(await map.getAttribute('data-zoom')) > zoom) {
    const before = await map.getAttribute('data-zoom');
    await page.locator('.leaflet-control-zoom-out').click();
    await expect(map).not.toHaveAttribute('data-zoom', before!);
  }
}

const found = (page: Page) => page.getByTestId('address-found');
const message = (page: Page) => page.getByTestId('address-message');
const save = (page: Page) => page.getByTestId('address-save');

// uz on desktop (where the map also refuses a point outside and finds the district), ru on mobile.
for (const lang of ['uz', 'ru'] as const) {
  test(`${lang}: pick an address in Qarshi, save it, and the header shows it after a reload${lang === 'ru' ? ' @mobile' : ''}`, async ({
    page,
  }) => {
    test.setTimeout(60_000);
    const text = TEXT[lang];
    const place = PLACES[lang];
    const errors = await watchErrors(page);
    await stubTiles(page);
    await page.goto(`/${lang}`);
    const label = page.locator('[data-address-label]');
    await expect(label).toHaveText(text.default);
    await openPicker(page);
    await expectNoAxeViolations(page);

    // Nothing chosen: Save explains instead of saving.
    await expect(save(page)).toHaveAttribute('aria-disabled', 'true');
    await save(page).click({ force: true });
    await expect(message(page)).toHaveText(text.choose);

    if (!isMobile(page)) {
      await zoomOutTo(page, 10);
      await clickMap(page, OUTSIDE);
      await expect(message(page)).toContainText(text.outside);
      await expect(found(page)).toHaveAttribute('data-delivery-type', '');
      await expect(save(page)).toHaveAttribute('aria-disabled', 'true');

      await clickMap(page, DISTRICT);
      await expect(found(page)).toHaveAttribute('data-delivery-type', 'district');
      await expect(found(page)).toContainText(place.district);
      await expect(message(page)).toBeHidden();
      await page.locator('.leaflet-control-zoom-in').click();
    }

    // The geocoder's answer is held until the loading state is seen, so the check never races the answer.
    let answer = () => {};
    const held = new Promise<void>((resolve) => (answer = resolve));
    await page.route(GEOCODER, async (route) => {
      await held;
      await route.fallback();
    });
    await clickMap(page, CITY);
    // Loading: debounced 500 ms, Save stays unavailable meanwhile.
    await expect(page.getByTestId('address-status')).not.toBeEmpty();
    await expect(save(page)).toHaveAttribute('aria-disabled', 'true');
    answer();
    await expect(found(page)).toHaveAttribute('data-delivery-type', 'city');
    await expect(found(page)).toContainText(place.street);
    await expect(found(page)).toContainText(place.city);
    await expect(page.getByTestId('address-status')).toBeEmpty();
    await page.locator('input[name=home]').fill('12');
    await page.locator('input[name=etaj]').fill('3');
    await expect(save(page)).toHaveAttribute('aria-disabled', 'false');
    await save(page).click();

    await expect(page.getByTestId('address-picker')).toBeHidden();
    await expect(label).toHaveText(`${place.street}, 12`);
    await page.reload();
    await expect(label).toHaveText(`${place.street}, 12`);
    // Reopened, the picker shows the saved address.
    await openPicker(page);
    await expect(found(page)).toHaveAttribute('data-delivery-type', 'city');
    await expect(page.locator('input[name=home]')).toHaveValue('12');
    expect(errors).toEqual([]);
  });
}

test.describe('desktop faults and location', () => {
  // The worker's context is reused (playwright.config.ts) and permissions outlive a test: the denied case needs none.
  test.afterEach(({ context }) => context.clearPermissions());

  test('Escape closes the picker and focus goes back to the label that opened it', async ({ page }) => {
    await stubTiles(page);
    await page.goto('/uz/about');
    const picker = await openPicker(page);
    await page.keyboard.press('Escape');
    await expect(picker).toBeHidden();
    await expect(page.locator('[data-address-picker]:visible').first()).toBeFocused();
  });

  test('use my location inside the district', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 38.8167, longitude: 65.65, accuracy: 20 });
    await stubTiles(page);
    await page.goto('/uz');
    await openPicker(page);
    await page.getByTestId('address-locate').click();
    await expect(found(page)).toHaveAttribute('data-delivery-type', 'district');
    await expect(found(page)).toContainText('Beshkent, Qarshi tumani');
    // The map moved to the place found.
    const centre = (await page.getByTestId('address-map').getAttribute('data-centre'))!.split(',').map(Number);
    expect(centre[0]).toBeCloseTo(38.8167, 3);
    expect(centre[1]).toBeCloseTo(65.65, 3);
  });

  test('location outside Qarshi: both §8 texts, Save unavailable', async ({ page, context }) => {
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 41.3111, longitude: 69.2797 });
    await stubTiles(page);
    await page.goto('/ru');
    await openPicker(page);
    await page.getByTestId('address-locate').click();
    await expect(message(page)).toHaveText(`${TEXT.ru.placeOutside} ${TEXT.ru.outside}`);
    await expect(save(page)).toHaveAttribute('aria-disabled', 'true');
  });

  test('geolocation denied', async ({ page }) => {
    await stubTiles(page);
    await page.goto('/uz');
    await openPicker(page);
    await page.getByTestId('address-locate').click();
    await expect(message(page)).toHaveText(
      'Joylashuvni aniqlashga ruxsat berilmadi. Brauzer sozlamalarida ruxsat bering yoki manzilni xaritadan tanlang.',
    );
  });

  for (const [code, expected] of [
    [2, 'Joylashuvni aniqlash xizmati hozir ishlamayapti. Manzilni xaritadan tanlang.'],
    [3, 'Joylashuvni aniqlash vaqti tugadi. Qaytadan urinib koʻring.'],
  ] as const) {
    test(`geolocation error ${code === 2 ? 'position unavailable' : 'timeout'}`, async ({ page }) => {
      // The browser's geolocation answers with the error (a fault of the device, not of our code).
      await page.addInitScript((errorCode) => {
        navigator.geolocation.getCurrentPosition = (_ok, fail) =>
          setTimeout(
            () =>
              fail?.({ code: errorCode, message: 'test', PERMISSION_DENIED: 1, POSITION_UNAVAILABLE: 2, TIMEOUT: 3 }),
            50,
          );
      }, code);
      await stubTiles(page);
      await page.goto('/uz');
      await openPicker(page);
      await page.getByTestId('address-locate').click();
      await expect(message(page)).toHaveText(expected);
    });
  }

  for (const [name, fault, expected] of [
    ['500', 'status', 'Geokodlashda xato yuz berdi'],
    ['timeout', 'timedout', 'Geokodlashda xato yuz berdi'],
    ['empty answer', 'empty', 'Manzil maʼlumotlari topilmadi'],
  ] as const) {
    test(`geocoder ${name}: the §8 text, Save unavailable; failing tiles still take clicks`, async ({ page }) => {
      expectConsole(
        page,
        failedLoad('aborted', /tile\.openstreetmap\.org/),
        failedLoad(fault === 'status' ? 500 : 'aborted', /\/geocoder\/reverse/),
      );
      await page.route(TILES, (route) => route.abort('failed'));
      await page.route(GEOCODER, (route) => {
        if (fault === 'timedout') return route.abort('timedout');
        return route.fulfill({
          status: fault === 'status' ? 500 : 200,
          contentType: 'application/json',
          headers: { 'Access-Control-Allow-Origin': '*' },
          body: fault === 'status' ? '{"error":"Internal"}' : '{"error":"Unable to geocode"}',
        });
      });
      await page.goto('/uz');
      await openPicker(page);
      await clickMap(page, CITY);
      await expect(message(page)).toHaveText(expected);
      await expect(found(page)).toHaveAttribute('data-delivery-type', '');
      await expect(save(page)).toHaveAttribute('aria-disabled', 'true');
    });
  }

  test('signed in: a visitor address is carried into the profile, and a new one is saved there', async ({ page }) => {
    const tokens = await signIn();
    const profile = async () => (await api({ tokens }).call('profile')).address;
    await stubTiles(page);
    await useTokens(page, tokens);
    // A visitor's address stored before signing in.
    await page.evaluate(
      (address) => localStorage.setItem('address', JSON.stringify({ profile: false, address })),
      QARSHI_DISTRICT_ADDRESS,
    );
    await page.goto('/uz');
    await expect.poll(async () => (await profile())?.street).toBe(QARSHI_DISTRICT_ADDRESS.street);

    // The picker opens on the carried address; the city is in view a few zoom levels out.
    await openPicker(page);
    await zoomOutTo(page, 11);
    await clickMap(page, CITY);
    await expect(found(page)).toHaveAttribute('data-delivery-type', 'city');
    await page.locator('input[name=home]').fill('12');
    await save(page).click();
    await expect(page.getByTestId('address-picker')).toBeHidden();
    const saved = await profile();
    expect(saved).toMatchObject({ street: 'Islom Karimov koʻchasi, Markaz mahallasi', delivery_type: 'city' });
    expect(saved!.latitude).toBeCloseTo(CITY.lat, 3);
    await expect(page.locator('[data-address-label]')).toHaveText('Islom Karimov koʻchasi, 12');
  });
});
