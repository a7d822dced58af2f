import { test } from '@playwright/test';
import { expectNoAxeViolations, pageOfEveryType } from '../support/site.ts';

// Each screen once, each language once: the layout differs by screen (bottom bar, hidden header links and footers,
// contrast and target sizes), while the languages share the layout and differ in text. Uzbek on desktop, Russian
// (the longer words) on mobile.
test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const [lang, tag] of [
    ['uz', ''],
    ['ru', ' @mobile'],
  ] as const) {
    test(`every page type in ${lang}${tag}`, async ({ page }) => {
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
