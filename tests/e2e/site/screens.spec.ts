/**
 * What every page type and dialog looks like, against committed screenshots (`*-snapshots/`), at 1280 px (desktop
 * project) and 360 px (mobile project), in both languages: a lost stylesheet, a broken layout or an overflowing
 * word fails here even when every element is still there. A visitor's view of data fixed at build time: the
 * catalogue is the seed's, the product shown is one no other test buys or reviews, and what changes from day to day
 * (dates) is masked. After an intended change of look, run
 * `npx playwright test tests/e2e/site/screens.spec.ts --update-snapshots` and review the new images.
 */
import type { Page } from '@playwright/test';
import { PAGE_TYPES, type PageType } from '../../../scripts/rebuild/page-types.ts';
import { seedData } from '../support/api.ts';
import { pageOfEveryType } from '../support/site.ts';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';

const PHONE = { width: 360, height: 780 };

/** Every image on the screen loaded (or failed), and the typeface in use. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.evaluate(async () => {
    await document.fonts.ready;
    const onScreen = [...document.images].filter((img) => {
      const box = img.getBoundingClientRect();
      return box.bottom > 0 && box.top < innerHeight && box.right > 0 && box.left < innerWidth && box.width > 0;
    });
    await Promise.all(
      onScreen.map((img) =>
        img.complete
          ? undefined
          : new Promise((done) => {
              img.addEventListener('load', done, { once: true });
              img.addEventListener('error', done, { once: true });
            }),
      ),
    );
    await Promise.all(onScreen.map((img) => img.decode().catch(() => undefined)));
  });
}

async function paths(): Promise<Record<PageType, string>> {
  const sample = await pageOfEveryType();
  // The catalogue's last product with variants: the journeys and fault tests buy and review the first ones.
  const { products } = await seedData();
  const quiet = products.filter((p) => p.features.some((f) => f.count > 0)).at(-1)!;
  return { ...sample, product: `/product/${quiet.id}` };
}

const look = (page: Page, name: string) =>
  expect(page).toHaveScreenshot(`${name}.png`, {
    animations: 'disabled',
    scale: 'css',
    // Dates move with the day the API was seeded.
    mask: [page.locator('time')],
    maxDiffPixelRatio: 0.01,
  });

for (const [screen, tag] of [
  ['1280', ''],
  ['360', ' @mobile'],
] as const) {
  test.describe(`the look at ${screen} px`, () => {
    test.beforeEach(async ({ page }) => {
      if (screen === '360') await page.setViewportSize(PHONE);
    });

    for (const lang of ['uz', 'ru'] as const) {
      for (const type of [...(Object.keys(PAGE_TYPES) as PageType[]), 'not-found'] as const) {
        test(`${lang}: ${type}${tag}`, async ({ page }) => {
          if (type === 'not-found') expectConsole(page, failedLoad(404, /\/no-such-page$/));
          const path = type === 'not-found' ? '/no-such-page' : (await paths())[type];
          await page.goto(`/${lang}${path}`);
          await settled(page);
          await look(page, `${lang}-${type}`);
        });
      }

      test(`${lang}: the dialogs${tag}`, async ({ page }) => {
        await page.goto(`/${lang}/questions`);
        await settled(page);
        // The footer's dialogs, where this screen shows their buttons.
        for (const dialog of ['qr-dialog', 'contacts-dialog']) {
          const opener = page.locator(`[data-dialog-open="${dialog}"]`).filter({ visible: true }).first();
          if ((await opener.count()) === 0) continue;
          await opener.click();
          await expect(page.locator(`#${dialog}`)).toBeVisible();
          await look(page, `${lang}-${dialog}`);
          await page.keyboard.press('Escape');
          await expect(page.locator(`#${dialog}`)).toBeHidden();
        }

        // The sign-in dialog, from the profile page's invitation to a visitor.
        await page.goto(`/${lang}/profile`);
        await page.getByTestId('profile-sign-in').click();
        await expect(page.getByTestId('sign-in-dialog')).toBeVisible();
        await settled(page);
        await look(page, `${lang}-sign-in-dialog`);
      });
    }
  });
}
