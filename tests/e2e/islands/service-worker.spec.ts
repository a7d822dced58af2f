/**
 * The service worker keeps public files only, by release: a script on a page
 * cannot make it serve code, and it keeps neither API answers (even on the
 * site's own origin) nor answers marked no-store, nor one shopper's pages.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

test.use({ serviceWorkers: 'allow' });

/** Opens a page under the worker's control. */
async function controlled(page: Page, path: string) {
  await page.goto(path);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

const cacheNames = (page: Page) => page.evaluate(() => caches.keys());
const keptUrls = (page: Page) =>
  page.evaluate(async () =>
    (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys())))
      .flat()
      .map((request) => new URL(request.url).pathname + new URL(request.url).search),
  );

test('names its caches by the release, and never serves a built file a page script wrote into them', async ({
  page,
}) => {
  await controlled(page, '/uz/about');
  const names = await cacheNames(page);
  expect(names.length).toBeGreaterThan(0);
  for (const name of names) expect(name).toMatch(/^bozor-(pages|assets)-[\w-]{16}$/);

  // A script on the page (say, injected once) overwrites a built chunk in the worker's cache.
  const chunk = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name).pathname)
      .find((path) => path.startsWith('/_astro/') && path.endsWith('.js'))!,
  );
  expect(chunk).toBeTruthy();
  await page.evaluate(async (path) => {
    for (const name of await caches.keys())
      await (
        await caches.open(name)
      ).put(
        path,
        new Response('document.documentElement.dataset.poisoned = "yes";', {
          headers: { 'Content-Type': 'text/javascript' },
        }),
      );
  }, chunk);

  await page.reload();
  await expect(page.locator('main')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.dataset['poisoned'])).toBeUndefined();
  const served = await page.evaluate((path) => window.fetch(path).then((r) => r.text()), chunk);
  expect(served).not.toContain('poisoned');
});

test('keeps no API answer on the site’s origin, no no-store answer and no private page; keys keep the query', async ({
  page,
  context,
}) => {
  // The API behind the site's own host (/api/v1 on the same origin), answering a shopper's profile.
  await context.route(/\/api\/v1\/users\/profile\/$/, (route) =>
    route.fulfill({ json: { phone_number: '+998901234567', first_name: 'A' } }),
  );
  await context.route(/\/uz\/no-store-note$/, (route) =>
    route.fulfill({ body: 'private', headers: { 'Cache-Control': 'private, no-store', 'Content-Type': 'text/plain' } }),
  );
  await controlled(page, '/uz/about');
  await page.evaluate(async () => {
    await window.fetch('/api/v1/users/profile/');
    await window.fetch('/uz/no-store-note');
  });
  await page.goto('/uz/search?q=telefon');
  await page.goto('/uz/profile');
  await page.goto('/uz/about');
  await expect.poll(() => keptUrls(page)).toContain('/uz/search?q=telefon');
  const kept = await keptUrls(page);
  expect(kept.filter((path) => /^\/api\/|no-store-note|^\/uz\/profile/.test(path))).toEqual([]);
});
