import { test } from '@playwright/test';
import { expectNoAxeViolations, seedData } from '../support/site.ts';

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const lang of ['uz', 'ru']) {
    test(`every page type in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      const { products, categories, stores } = await seedData();
      const reviewed = products.find((p) => p.reviews_count > p.latest_reviews.length)!;
      const withFeatures = products.find((p) => p.features.some((f) => f.count > 0))!;
      const paths = [
        '',
        `/category/${categories[0]!.id}`,
        `/product/${withFeatures.id}`,
        `/comments/${reviewed.id}`,
        `/store/${stores[0]!.address}`,
        '/top-product',
        '/about',
        '/agreement',
        '/questions',
        '/mobile-category',
        '/basket',
        '/favorites',
        '/search',
        '/profile',
        '/orders-confirmation',
        '/orders-success',
        '/server-error',
        '/forbidden',
        '/network-error',
        '/no-such-page',
      ];
      for (const path of paths) {
        await page.goto(`/${lang}${path}`);
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      }
      // Open dialog and dropdown states.
      await page.goto(`/${lang}/about`);
      await page.locator('[data-dialog-open="qr-dialog"]').click();
      await expectNoAxeViolations(page);
    });
  }
});
