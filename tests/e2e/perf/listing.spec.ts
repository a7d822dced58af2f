/**
 * `PERF=1 LISTING_SITE=http://localhost:4901 playwright test tests/e2e/perf/listing.spec.ts`: the listing filters'
 * figures on a built site of any size (the e2e site by default; a 10,000-product build for the
 * figure at scale): what opening the filters fetches (bytes over the wire), and the time from a choice to its
 * first result shown (the filter module's own measure, `listing-choice` → `listing-result`), for a brand, a price
 * sort and a price range, on the category with the most products.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

const site = process.env.LISTING_SITE;
if (site) test.use({ baseURL: site });

/** Every response from now on (the page's and its workers': Pagefind fetches its index in a worker), with its bytes. */
function recordBytes(page: Page) {
  const seen: Promise<{ url: string; bytes: number }>[] = [];
  page.context().on('requestfinished', (request) => {
    seen.push(
      request.sizes().then(
        (sizes) => ({ url: request.url(), bytes: sizes.responseBodySize + sizes.responseHeadersSize }),
        () => ({ url: request.url(), bytes: 0 }),
      ),
    );
  });
  return async () => {
    const all = await Promise.all(seen);
    const kind = (url: string) =>
      url.includes('/pagefind/fragment/')
        ? 'fragments'
        : url.includes('/pagefind/filter/')
          ? 'filters'
          : url.includes('/pagefind/')
            ? 'pagefind (js, wasm, meta)'
            : /\.(js|css)(\?|$)/.test(url)
              ? 'filter module and css'
              : 'images and other';
    const kinds: Record<string, { files: number; bytes: number }> = {};
    for (const { url, bytes } of all) {
      const k = (kinds[kind(url)] ??= { files: 0, bytes: 0 });
      k.files++;
      k.bytes += bytes;
    }
    return { total: all.reduce((sum, r) => sum + r.bytes, 0), kinds };
  };
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

test('listing filters: bytes on opening, time to the first result of a choice', async ({ page }) => {
  test.setTimeout(120_000);
  // The category with the most products, read from the home page's category links and their counts.
  await page.goto('/uz');
  const links = await page
    .locator('a[href^="/uz/category/"]')
    .evaluateAll((as) => [...new Set(as.map((a) => a.getAttribute('href')!.split('/').slice(0, 4).join('/')))]);
  let best = { path: links[0]!, count: 0 };
  for (const path of links) {
    await page.goto(path);
    const count = Number(
      (await page
        .locator('main p', { hasText: /\d+ ta mahsulot/ })
        .first()
        .textContent())!.match(/\d+/)![0],
    );
    if (count > best.count) best = { path, count };
  }
  // A first visit's figures: nothing from the HTTP cache.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const fresh = async () => {
    await cdp.send('Network.clearBrowserCache');
    await page.goto(best.path, { waitUntil: 'networkidle' });
  };
  // A sort chosen on a fresh page: its time includes loading the module and Pagefind (started by the press).
  await fresh();
  await page.getByLabel('Saralash').selectOption('price-desc');
  const results = page.locator('[data-listing-results]');
  await expect(results).toHaveAttribute('data-result-ms', /\d+/, { timeout: 60_000 });
  const coldSortMs = Number(await results.getAttribute('data-result-ms'));

  await fresh();
  const bytes = recordBytes(page);
  const opened = Date.now();
  await page.getByRole('button', { name: 'Filtrlar', exact: true }).click();
  const brands = page.locator('#listing-panel fieldset[data-group="brand"] input');
  await expect(brands.first()).toBeVisible({ timeout: 60_000 });
  const openMs = Date.now() - opened;
  const open = await bytes();

  const timeOf = async (choose: () => Promise<void>) => {
    await page.evaluate(() => document.querySelector('[data-listing-results]')?.removeAttribute('data-result-ms'));
    await choose();
    await expect(results).toHaveAttribute('data-result-ms', /\d+/, { timeout: 60_000 });
    return Number(await results.getAttribute('data-result-ms'));
  };
  const brandMs = await timeOf(() => brands.first().check());
  const sortMs = await timeOf(async () => {
    await page.getByLabel('Saralash').selectOption('price-asc');
  });
  const priceMs = await timeOf(async () => {
    await page.locator('#listing-panel input[name="max"]').fill('5000000');
    await page.locator('#listing-panel input[name="max"]').press('Tab');
  });
  const after = await bytes();
  const lines = [
    `Listing filters on ${best.path} (${best.count} products in the category):`,
    `  opening the filters: ${openMs} ms to the values and counts, fetched ${kb(open.total)} (${Object.entries(
      open.kinds,
    )
      .map(([k, v]) => `${k} ${v.files} files ${kb(v.bytes)}`)
      .join(', ')})`,
    `  first result after the choice: brand ${brandMs} ms, sort by price ${sortMs} ms, price range ${priceMs} ms;` +
      ` a sort chosen on a fresh page, Pagefind's loading included: ${coldSortMs} ms`,
    `  fetched in all by then: ${kb(after.total)} (${Object.entries(after.kinds)
      .map(([k, v]) => `${k} ${v.files} files ${kb(v.bytes)}`)
      .join(', ')})`,
  ];
  console.log(lines.join('\n'));
  test.info().annotations.push({ type: 'listing', description: lines.join(' | ') });
});
