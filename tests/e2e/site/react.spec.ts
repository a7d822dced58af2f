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
