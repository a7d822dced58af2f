/**
 * The shop offline (an installable web app): with the service worker, a
 * visited page and the basket open without a network, the basket shows the
 * lines known on this device, and a change made offline is sent when the
 * browser is back online. The API is never cached: nothing is charged from a
 * stale copy.
 */
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';
import { addToServerBasket, products, serverBasket, signIn } from '../support/api.ts';
import { addButton, badge, storedJson, useTokens } from './helpers.ts';

test.use({ serviceWorkers: 'allow' });
test.afterEach(({ context }) => context.setOffline(false));

test('offline, the basket opens with its lines, and an add made offline is sent once back online', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  const [a, b] = await products();
  const tokens = await signIn();
  await addToServerBasket(tokens, a!.id, a!.feature);
  await useTokens(page, tokens);
  await page.goto('/uz/about');
  // Installed and in control: the basket and favourites pages are kept, and this page as it was visited.
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await page.goto('/uz/about');
  await expect(page.locator('main')).toBeVisible();

  expectConsole(page, failedLoad('aborted'));
  await context.setOffline(true);
  await page.goto('/uz/basket');
  // Chromium may report a page the worker served offline as online: either notice says the lines are this device's.
  await expect(page.getByTestId('basket-offline').or(page.getByTestId('basket-load-failed'))).toBeVisible();
  await expect(page.locator('.basket-line')).toHaveCount(1);
  await expect(page.getByText('Savatingiz boʻsh')).toHaveCount(0);

  await page.goto('/uz/about');
  await (await addButton(page, b!.id)).click();
  // The page may believe it is online: the basket's read fails (with the client's retries) before the add waits.
  await expect
    .poll(() => storedJson(page, 'basketPending'), { timeout: 15_000 })
    .toMatchObject([{ product: b!.id, kind: 'add', state: 'waiting' }]);
  await expect.poll(() => badge(page)).toBe('2');

  // Back online, the next page load sends it.
  await context.setOffline(false);
  await page.goto('/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(2);
  await expect
    .poll(async () => (await serverBasket(tokens)).map((l) => l.product.id).sort(), { timeout: 15_000 })
    .toEqual([a!.id, b!.id].sort());
  await expect.poll(() => storedJson(page, 'basketPending')).toBeNull();
});
