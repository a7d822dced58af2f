/**
 * The session in the browser: an expired access token is renewed once for
 * all the calls it failed (single flight) and the calls succeed with the new
 * one; a refused renewal signs the shopper out; logging out revokes the
 * refresh token on the server and leaves nothing in storage.
 * The renewal answer is stubbed (the reference API may not rotate tokens yet),
 * so the tests check what the browser sends and what the shopper sees.
 */
import type { Page, Route } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { addToServerBasket, api, products, signIn } from '../support/api.ts';
import { badge, fail, useTokens } from './helpers.ts';

const REFRESH = /\/api\/v1\/users\/token\/refresh\/$/;
const LOGOUT = /\/api\/v1\/users\/logout\/$/;
const EXPIRED = 'expired.access.token';
const PRIVATE_KEYS = ['access', 'refresh', 'basket', 'liked', 'recentSearches', 'basketSaved', 'device'];
/** What only a session keeps: gone when it ends, however it ends. */
const SESSION_KEYS = ['access', 'refresh', 'basketSaved', 'device'];

const storedKeys = (page: Page, keys: string[]) =>
  page.evaluate((names) => Object.fromEntries(names.map((key) => [key, localStorage.getItem(key)])), keys);
const stored = (page: Page) => storedKeys(page, PRIVATE_KEYS);

const signedInLink = (page: Page) => page.locator('[data-auth-link]').first();

/** Answers a stubbed call (CORS preflights still go to the API). */
function stub(answer: (route: Route) => Promise<void>) {
  return (route: Route) => (route.request().method() === 'OPTIONS' ? route.fallback() : answer(route));
}

test('an expired access token: parallel 401s share one refresh, then each call succeeds with the new token', async ({
  page,
}) => {
  expectConsole(page, failedLoad(401, /\/api\/v1\//));
  const tokens = await signIn();
  const [item] = await products();
  await addToServerBasket(tokens, item!.id, item!.feature);

  const refused = new Set<string>();
  const renewed = new Map<string, number>();
  page.on('response', (response) => {
    const path = new URL(response.url()).pathname;
    const auth = response.request().headers()['authorization'];
    if (auth === `Bearer ${EXPIRED}` && response.status() === 401) refused.add(path);
    if (auth === `Bearer ${tokens.access}`) renewed.set(path, response.status());
  });
  const refreshBodies: unknown[] = [];
  await page.route(
    REFRESH,
    stub(async (route) => {
      refreshBodies.push(route.request().postDataJSON());
      // Answer once the page's parallel calls (basket, favourites) have all been refused.
      await expect.poll(() => refused.size).toBeGreaterThanOrEqual(2);
      await route.fulfill({
        headers: { 'Access-Control-Allow-Origin': '*' },
        json: { access: tokens.access, refresh: 'rotated.refresh.token' },
      });
    }),
  );

  await useTokens(page, { access: EXPIRED, refresh: tokens.refresh });
  await page.goto('/uz/basket');
  // The server basket shows: its call was repeated with the new token.
  await expect.poll(() => badge(page)).toBe('1');
  await expect.poll(() => [...refused].every((path) => renewed.get(path) === 200)).toBe(true);
  // Every call the page made with the expired token (basket, favourites, the address label's profile...).
  expect([...refused]).toEqual(expect.arrayContaining(['/api/v1/favorite/', '/api/v1/orders/basket/']));
  expect(refreshBodies).toEqual([{ refresh: tokens.refresh }]);
  expect(await stored(page)).toMatchObject({ access: tokens.access, refresh: 'rotated.refresh.token' });
  await expect(signedInLink(page)).toHaveAttribute('data-signed-in', 'true');
});

test('a refused refresh signs the shopper out', async ({ page }) => {
  expectConsole(page, failedLoad(401, /\/api\/v1\//));
  const tokens = await signIn();
  let refreshes = 0;
  await page.route(
    REFRESH,
    stub((route) => {
      refreshes++;
      return route.fulfill({
        status: 401,
        headers: { 'Access-Control-Allow-Origin': '*' },
        json: { detail: 'The token is invalid or expired.' },
      });
    }),
  );
  await useTokens(page, { access: EXPIRED, refresh: tokens.refresh });
  // The last shopper's basket as last read, and the browser's device token, kept by the session that now ends.
  await page.evaluate(() => {
    localStorage.setItem('basketSaved', '[]');
    localStorage.setItem('device', 'd'.repeat(43));
  });
  await page.goto('/uz/profile');
  await expect(page.getByTestId('profile-sign-in')).toBeVisible();
  await expect(signedInLink(page)).toHaveAttribute('data-signed-in', 'false');
  expect(Object.values(await storedKeys(page, SESSION_KEYS))).toEqual(SESSION_KEYS.map(() => null));
  expect(refreshes).toBe(1);
});

test('logging out revokes the refresh token on the server and leaves nothing in storage', async ({ page }) => {
  const tokens = await signIn();
  await useTokens(page, tokens);
  await page.evaluate(() => {
    localStorage.setItem('recentSearches', '["telefon"]');
    localStorage.setItem('liked', '[1]');
  });
  await page.goto('/uz/profile');
  const revoke = page.waitForRequest((r) => LOGOUT.test(r.url()) && r.method() === 'POST');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Chiqish' }).click();
  const sent = await revoke;
  await reloaded;
  expect(sent.postDataJSON()).toMatchObject({ refresh: tokens.refresh });
  expect(sent.headers()['authorization']).toBeUndefined();
  // The page reloads signed out.
  await expect(page.getByTestId('profile-sign-in')).toBeVisible();
  await expect(signedInLink(page)).toHaveAttribute('data-signed-in', 'false');
  expect(Object.values(await stored(page))).toEqual(PRIVATE_KEYS.map(() => null));
  // Revoked: the old refresh token no longer gives tokens.
  await expect(api().call('refresh', { body: { refresh: tokens.refresh } })).rejects.toMatchObject({ status: 401 });
});

test('logging out signs out even when the server cannot be reached', async ({ page }) => {
  await useTokens(page, await signIn());
  await fail(page, LOGOUT, 'abort', 'POST');
  await page.goto('/uz/profile');
  const revoke = page.waitForRequest((r) => LOGOUT.test(r.url()) && r.method() === 'POST');
  const reloaded = page.waitForEvent('load');
  await page.getByRole('button', { name: 'Chiqish' }).click();
  await revoke;
  await reloaded;
  await expect(page.getByTestId('profile-sign-in')).toBeVisible();
  expect(Object.values(await stored(page))).toEqual(PRIVATE_KEYS.map(() => null));
});

test('a private page is not shown again from the back/forward cache once the shopper moved on', async ({ page }) => {
  await useTokens(page, await signIn());
  await page.goto('/uz/profile/orders');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => ((window as unknown as { drawnFor: string }).drawnFor = 'the shopper who left'));
  await page.goto('/uz/about');
  await page.evaluate(() => localStorage.clear());
  await page.goBack();
  await expect(page).toHaveURL(/\/uz\/profile\/orders$/);
  // Loaded afresh (not restored with what it held): it reads the storage as it is now, signed out.
  await expect(page.getByTestId('profile-sign-in')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { drawnFor?: string }).drawnFor)).toBeUndefined();
});
