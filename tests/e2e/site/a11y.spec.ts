import { test } from '@playwright/test';
import { expectNoAxeViolations, pageOfEveryType } from '../support/site.ts';

// On both screens: the layout differs (bottom bar, hidden header links and footers), and so do contrast and target sizes.
test.describe('accessibility (axe, WCAG 2.2 AA)', { tag: '@both' }, () => {
  for (const lang of ['uz', 'ru']) {
    test(`every page type in ${lang}`, async ({ page }) => {
      test.setTimeout(120_000);
      const paths = [...Object.values(await pageOfEveryType()), '/no-such-page'];
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
