/** Shared page checks of the e2e specs: one page of every type, axe, page errors, a page left alone. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import type { CatalogueProduct } from '#contract/schemas.ts';
import { seedData } from './api.ts';
import { samplePaths, type PageType } from '../../../scripts/rebuild/page-types.ts';

/**
 * One path (without the language prefix) of every page type, from the seeded
 * catalogue; shared by the route, accessibility and JS budget checks.
 */
export async function pageOfEveryType(): Promise<Record<PageType, string>> {
  const { products, categories, stores } = await seedData();
  const reviewed = products.find((p) => p.reviews_count > 0)!;
  const withFeatures = products.find((p) => p.features.some((f) => f.count > 0))!;
  return samplePaths({
    category: String(categories[0]!.id),
    product: String(withFeatures.id),
    comments: String(reviewed.id),
    store: stores[0]!.address,
  });
}

export const hasNoImages = (p: CatalogueProduct) =>
  p.images === null || (Array.isArray(p.images) ? p.images.length === 0 : p.images.trim() === '');

/** axe with WCAG 2.x A/AA rules (2.2 included). */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Only violations are asserted, so axe details only those (passes are counted, not listed), and it runs in the
  // page itself rather than gathering results in an extra blank page (our pages have no iframes): 2-4 times faster.
  const results = await new AxeBuilder({ page })
    // A toast fades in and out within its 2-4 s, and axe may catch it halfway (low contrast by opacity): toasts are
    // left out; a settled toast's colours are sonner's own.
    .exclude('[data-sonner-toaster]')
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .setLegacyMode(true)
    .analyze();
  const summary = results.violations.map(
    (v) =>
      `${v.id}: ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}

/**
 * Open a page and let it do all it does without a shopper: load, let the
 * network go quiet (500 ms without a request), and run the idle-time work
 * that starts after that (client:idle islands, requestIdleCallback).
 */
export async function openUntouched(page: Page, path: string): Promise<void> {
  await page.goto(path, { waitUntil: 'networkidle' });
  await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 2000 })));
}

/**
 * Collects errors thrown in the page (a crash) and Content Security Policy
 * violations: the `securitypolicyviolation` event (it fires for the header and
 * the <meta> policy alike) and Chromium's console refusals.
 */
export async function watchErrors(page: Page): Promise<string[]> {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text()))
      errors.push(message.text());
  });
  await page.exposeFunction('reportViolation', (text: string) => errors.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = (window as unknown as { reportViolation: (text: string) => void }).reportViolation;
      report(`${event.violatedDirective} blocked ${event.blockedURI || 'inline'} on ${location.pathname}`);
    });
  });
  return errors;
}

/** The header search box hydrates on the first touch or focus (header-script.ts): wait until React has taken it. */
export async function searchBoxHydrated(page: Page): Promise<void> {
  await page.locator('[data-search-form="ready"]').first().waitFor({ state: 'attached' });
}
