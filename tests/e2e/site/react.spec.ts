/**
 * The islands run React itself (react-dom 19 through @astrojs/react), and only
 * where a page needs it. React DOM announces itself to the React DevTools hook
 * when its module runs; a hook installed before the page's scripts records
 * every renderer that loads, so what ran is read from the page, not assumed
 * from the bundle.
 */
import type { Page } from '@playwright/test';
import { seedData } from '../support/api.ts';
import { expect, test } from '../support/test.ts';
import { addButton } from '../islands/helpers.ts';

interface Renderer {
  name: string;
  version: string;
}

async function recordRenderers(page: Page) {
  await page.addInitScript(() => {
    const renderers: Renderer[] = [];
    Object.assign(window, {
      __renderers: renderers,
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        isDisabled: false,
        renderers: new Map(),
        inject: (internals: { rendererPackageName: string; version: string }) => {
          renderers.push({ name: internals.rendererPackageName, version: internals.version });
          return renderers.length;
        },
        onCommitFiberRoot: () => undefined,
        onCommitFiberUnmount: () => undefined,
        onPostCommitFiberRoot: () => undefined,
        checkDCE: () => undefined,
      },
    });
  });
}

const renderers = (page: Page) => page.evaluate(() => (window as unknown as { __renderers: Renderer[] }).__renderers);
const REACT_DOM = [{ name: 'react-dom', version: expect.stringMatching(/^19\./) as unknown as string }];

test('a shopper page hydrates its island with React DOM 19', async ({ page }) => {
  await recordRenderers(page);
  await page.goto('/uz/basket');
  await expect(page.getByTestId('basket-page')).toBeVisible();
  expect(await renderers(page)).toEqual(REACT_DOM);
});

test('the product page loads no React until the shopper opens the sign-in dialog', async ({ page }) => {
  const { products } = await seedData();
  await recordRenderers(page);
  await page.goto(`/uz/product/${products[0]!.id}`, { waitUntil: 'networkidle' });
  await expect(page.locator('[data-live="checked"]')).toBeAttached();
  // The feature picker, price and basket button work without it.
  await expect(page.locator('[data-price]')).toContainText('soʻm');
  expect(await renderers(page)).toEqual([]);

  await page.locator('[data-auth-link]').first().click();
  await expect(page.getByTestId('sign-in-dialog')).toBeVisible();
  expect(await renderers(page)).toEqual(REACT_DOM);
});

test('catalogue pages load no React', async ({ page }) => {
  await recordRenderers(page);
  for (const path of ['/uz', '/ru/top-product', '/uz/about']) {
    await page.goto(path, { waitUntil: 'networkidle' });
    expect(await renderers(page), path).toEqual([]);
  }
});

test("a catalogue page's toasts come without React: at the top centre, for the spec's durations", async ({ page }) => {
  await recordRenderers(page);
  await page.clock.install();
  await page.goto('/uz', { waitUntil: 'networkidle' });
  await page.locator('[data-add-to-basket]').first().click();
  const added = page.locator('[data-toast="success"]', { hasText: 'Mahsulot savatga qoʻshildi!' });
  await expect(added).toBeVisible();
  await expect(added).toHaveAttribute('role', 'status');
  // Top centre, styled as sonner's rich success toast.
  const box = (await added.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(Math.abs(box.x + box.width / 2 - width / 2)).toBeLessThan(2);
  expect(box.y).toBeLessThan(60);
  await expect(added).toHaveCSS('background-color', 'rgb(236, 253, 243)');
  expect(await renderers(page)).toEqual([]);
  // A success goes after 2 s (spec §9).
  await page.clock.runFor(2_100);
  await expect(added).toHaveCount(0);
});

test("a shopper page's toasts are sonner's, styled under the CSP", async ({ page }) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to apply/i.test(message.text())) violations.push(message.text());
  });
  await page.goto('/uz/basket');
  await expect(page.getByTestId('basket-page')).toBeVisible();
  await (await addButton(page, 'abc')).click();
  const refused = page.locator('[data-sonner-toast]', { hasText: 'Notoʻgʻri mahsulot maʼlumotlari!' });
  await expect(refused).toBeVisible();
  // sonner's own stylesheet applied (its inline <style>, allowed by its hash): a rich error toast's colours.
  await expect(refused).toHaveCSS('background-color', 'rgb(255, 240, 240)');
  expect(violations).toEqual([]);
});
