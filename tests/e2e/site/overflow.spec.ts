/**
 * No page scrolls sideways: every page type (scripts/rebuild/page-types.ts, and the 404 page), in both languages,
 * at a phone's 360 px, a tablet's 800 px and a small laptop's 1024 px, loaded at that width and left to hydrate,
 * is no wider than the window. The product page is checked again once its product is in the basket (the row of
 * "in the basket", "go to the basket" and the heart is wider than the other state).
 */
import type { Page } from '@playwright/test';
import { PAGE_TYPES, type PageType } from '../../../scripts/rebuild/page-types.ts';
import { setLocalBasket } from '../islands/helpers.ts';
import { seedData } from '../support/api.ts';
import { pageOfEveryType } from '../support/site.ts';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';

const WIDTHS = [360, 800, 1024] as const;
const HEIGHT = 780;
const pages = [...(Object.keys(PAGE_TYPES) as PageType[]), 'not-found'] as const;

/** How far the page reaches past the window's right edge, and the widest elements that do (for the message). */
const overflowOf = (page: Page) =>
  page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 0.5)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  });

async function expectNoSidewaysScroll(page: Page, where: string) {
  const { scrollWidth, width, wide } = await overflowOf(page);
  expect(scrollWidth, `${where}: wider than the window, ${wide.join(', ')}`).toBeLessThanOrEqual(width);
}

test.describe('no page scrolls sideways', () => {
  for (const lang of ['uz', 'ru'] as const) {
    for (const type of pages) {
      test(`${lang}: ${type} at ${WIDTHS.join(', ')} px`, async ({ page }) => {
        if (type === 'not-found') expectConsole(page, failedLoad(404, /\/no-such-page$/));
        const path = type === 'not-found' ? '/no-such-page' : (await pageOfEveryType())[type];
        for (const width of WIDTHS) {
          await page.setViewportSize({ width, height: HEIGHT });
          await page.goto(`/${lang}${path}`, { waitUntil: 'networkidle' });
          await expectNoSidewaysScroll(page, `/${lang}${path} at ${width} px`);
        }
      });
    }

    test(`${lang}: the basket with discounted lines of 10,000,000 soʻm and more, at ${WIDTHS.join(', ')} px`, async ({
      page,
    }) => {
      // Each line shows its price and the price before the discount: two long prices side by side on a phone.
      const dear = (await seedData()).products
        .flatMap((p) => {
          const feature = p.features.find((f) => f.count > 0 && f.price === null);
          const inStock = feature ? true : p.features.length === 0 && (p.stock ?? 1) > 0;
          return p.discount_price !== null && p.discount_price >= 10_000_000 && p.discount_price < p.price && inStock
            ? [{ product: p.id, feature: feature?.id ?? null, quantity: 1 }]
            : [];
        })
        .slice(0, 2);
      expect(dear.length, 'discounted products of 10,000,000 soʻm or more in the seed').toBeGreaterThan(0);
      await page.goto(`/${lang}/basket`);
      await setLocalBasket(page, dear);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.goto(`/${lang}/basket`, { waitUntil: 'networkidle' });
        await expect(page.locator('.basket-line s')).toHaveCount(dear.length);
        await expectNoSidewaysScroll(page, `/${lang}/basket at ${width} px`);
      }
    });

    test(`${lang}: the product page with its product in the basket, at ${WIDTHS.join(', ')} px`, async ({ page }) => {
      const path = (await pageOfEveryType()).product;
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await page.goto(`/${lang}${path}`, { waitUntil: 'networkidle' });
        const add = page.locator('main .actions [data-add-to-basket]');
        if ((await add.getAttribute('data-in-basket')) !== 'true') {
          await add.click();
          await expect(add).toHaveAttribute('data-in-basket', 'true');
        }
        await expectNoSidewaysScroll(page, `/${lang}${path} in the basket at ${width} px`);
      }
    });
  }
});
