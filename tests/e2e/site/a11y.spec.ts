import { test } from '@playwright/test';
import { PAGE_TYPES, type PageType } from '../../../scripts/rebuild/page-types.ts';
import { expectNoAxeViolations, pageOfEveryType } from '../support/site.ts';

// Each screen once, each language once: the layout differs by screen (bottom bar, hidden header links and footers,
// contrast and target sizes), while the languages share the layout and differ in text. Uzbek on desktop, Russian
// (the longer words) on mobile. One test per page type, so the workers share the sweep.
const pages = [...(Object.keys(PAGE_TYPES) as PageType[]), 'not-found'] as const;

test.describe('accessibility (axe, WCAG 2.2 AA)', () => {
  for (const [lang, tag] of [
    ['uz', ''],
    ['ru', ' @mobile'],
  ] as const) {
    for (const type of pages) {
      test(`${lang}: ${type}${tag}`, async ({ page }) => {
        const path = type === 'not-found' ? '/no-such-page' : (await pageOfEveryType())[type];
        await page.goto(`/${lang}${path}`);
        await page.waitForLoadState('networkidle');
        await expectNoAxeViolations(page);
      });
    }
    test(`${lang}: the QR dialog open${tag}`, async ({ page }) => {
      await page.goto(`/${lang}/about`);
      await page.locator('[data-dialog-open="qr-dialog"]').click();
      await expectNoAxeViolations(page);
    });
  }
});
