/**
 * The header on a narrow desktop (a tablet, a small window: 800 px, wider
 * than a phone, spec §2 Layout): the search keeps most of the row, the
 * delivery address its own slim row, the basket and profile links their
 * icons with their words as names; a wide screen still shows the words. Both
 * languages: the Russian words are the longer.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { perLanguage, words } from '../support/words.ts';

const NAMES = perLanguage((t) => ({
  basket: t('nav.basket'),
  login: t('nav.login'),
  address: t('header.address.default'),
  languages: t('lang.label'),
}));
/** The switcher names the other language in that language. */
const OTHER = { uz: words('ru')('lang.ru'), ru: words('uz')('lang.uz') } as const;

const box = async (locator: Locator) => (await locator.boundingBox())!;
const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

function parts(page: Page, lang: keyof typeof NAMES) {
  const header = page.locator('header.site-header');
  return {
    search: header.getByRole('search'),
    address: header.locator('[data-address-picker]'),
    languages: header.getByRole('navigation', { name: NAMES[lang].languages, exact: true }),
    basket: header.getByRole('link', { name: NAMES[lang].basket }),
    profile: header.getByRole('link', { name: NAMES[lang].login }),
  };
}

for (const lang of ['uz', 'ru'] as const) {
  test(`${lang}: at 800 px the search keeps most of the header row, nothing overlaps`, async ({ page }) => {
    await page.setViewportSize({ width: 800, height: 900 });
    await page.goto(`/${lang}`);
    const { search, address, languages, basket, profile } = parts(page, lang);
    const field = await box(search);
    expect(field.width).toBeGreaterThan(400);
    await expect(address).toContainText(NAMES[lang].address);
    await expect(languages.getByRole('link', { name: OTHER[lang] })).toBeVisible();
    const others = [await box(address), await box(languages), await box(basket), await box(profile)];
    for (const other of others) expect(overlap(field, other)).toBe(false);
    for (const link of [basket, profile]) {
      const size = await box(link);
      expect(size.width).toBeGreaterThanOrEqual(44);
      expect(size.height).toBeGreaterThanOrEqual(44);
      expect(size.x + size.width).toBeLessThanOrEqual(800);
    }
    // The address's words are whole on their own row.
    const label = address.locator('[data-address-label]');
    expect(await label.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  });

  test(`${lang}: a wide screen shows the links' words beside their icons`, async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`/${lang}`);
    const { search, basket, profile } = parts(page, lang);
    await expect(basket.getByText(NAMES[lang].basket)).toBeVisible();
    await expect(profile.getByText(NAMES[lang].login)).toBeVisible();
    expect((await box(search)).width).toBeGreaterThan(400);
  });
}
