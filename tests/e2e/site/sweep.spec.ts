/**
 * One pass over every page type, rendered and hydrated: axe finds no WCAG 2.2
 * AA violation, and the page throws nothing and breaks no rule of its Content
 * Security Policy (the header and the page's <meta> policy both apply). Each
 * check needs the page loaded until its network is quiet, so they share the
 * load.
 */
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';
import { PAGE_TYPES, type PageType } from '../../../scripts/rebuild/page-types.ts';
import { expectNoAxeViolations, pageOfEveryType, watchErrors } from '../support/site.ts';

// Each screen once, each language once: the layout differs by screen (bottom bar, hidden header links and footers,
// contrast and target sizes), while the languages share the layout and differ in text. Uzbek on desktop, Russian
// (the longer words) on mobile. One test per page type, so the workers share the sweep.
const pages = [...(Object.keys(PAGE_TYPES) as PageType[]), 'not-found'] as const;

test.describe('every page type: axe (WCAG 2.2 AA), no page error, no CSP violation', () => {
  for (const [lang, tag] of [
    ['uz', ''],
    ['ru', ' @mobile'],
  ] as const) {
    for (const type of pages) {
      test(`${lang}: ${type}${tag}`, async ({ page }) => {
        const errors = await watchErrors(page);
        if (type === 'not-found') expectConsole(page, failedLoad(404, /\/no-such-page$/));
        const path = type === 'not-found' ? '/no-such-page' : (await pageOfEveryType())[type];
        const response = await page.goto(`/${lang}${path}`, { waitUntil: 'networkidle' });
        expect(response?.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
        await expectNoAxeViolations(page);
        expect(errors).toEqual([]);
      });
    }
    test(`${lang}: the QR dialog open${tag}`, async ({ page }) => {
      await page.goto(`/${lang}/about`);
      await page.locator('[data-dialog-open="qr-dialog"]').click();
      await expectNoAxeViolations(page);
    });
  }
});
