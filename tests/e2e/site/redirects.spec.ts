import { expect, test, expectConsole, failedLoad } from '../support/test.ts';

test.describe('language prefix and root', () => {
  test('root shows the Uzbek home', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await expect(page.locator('.banners')).toBeVisible();
  });

  test('root honours a cached Russian language', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'ru'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
  });

  test('root honours ?lng= first, then the browser language (spec §9 order)', async ({ browser }) => {
    const russian = await browser.newContext({ locale: 'ru-RU' });
    const page = await russian.newPage();
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
    // The query wins over the language cached by the Russian page and the browser's.
    await page.goto('/?lng=uz');
    await expect(page).toHaveURL(/\/\?lng=uz$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await russian.close();
  });

  test('root honours ?lng=ru over the cache', async ({ page }) => {
    await page.addInitScript(() => localStorage.setItem('i18nextLng', 'uz'));
    await page.goto('/?lng=ru&x=1');
    await expect(page).toHaveURL(/\/ru\?x=1$/);
  });

  // The whole spec §9 order (?lng, cookie, localStorage, sessionStorage, browser, html tag).
  test('root honours the i18next cookie over local storage, and ?lng= over the cookie', async ({ page }) => {
    await page.goto('/uz/about'); // caches uz in local storage
    await page.evaluate(() => (document.cookie = 'i18next=ru; path=/'));
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    await page.goto('/?lng=uz');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('uz');
    await expect(page).toHaveURL(/\/\?lng=uz$/);
  });

  test('root honours a Russian language in session storage', async ({ page }) => {
    await page.addInitScript(() => {
      if (location.pathname === '/') sessionStorage.setItem('i18nextLng', 'ru');
    });
    await page.goto('/');
    await expect(page).toHaveURL(/\/ru$/);
  });

  test('root honours session storage over the browser language, and caches what it detected', async ({ browser }) => {
    const russian = await browser.newContext({ locale: 'ru-RU' });
    const page = await russian.newPage();
    await page.addInitScript(() => sessionStorage.setItem('i18nextLng', 'uz'));
    await page.goto('/');
    // Cached as i18next caches it: the script has run and chose uz over the browser's Russian.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('uz');
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'uz');
    await russian.close();
  });

  for (const [from, to] of [
    ['/product/1', '/uz/product/1'],
    ['/basket?x=1#h', '/uz/basket?x=1#h'],
  ]) {
    test(`${from} goes to ${to} without a history entry`, async ({ page }) => {
      await page.goto('/uz/about');
      await page.evaluate((path) => (location.href = path), from!);
      await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === to);
      await page.goBack();
      await expect(page).toHaveURL(/\/uz\/about$/);
    });
  }

  test('the 404 page redirects in the browser too (host without rules)', async ({ page }) => {
    expectConsole(page, failedLoad(404, /\/some\/deep\/path/));
    // Served as the static 404 page, as a host without redirect rules would.
    await page.route('**/some/deep/path*', async (route) => {
      const notFound = await route.fetch({ url: new URL('/uz/no-such-page', route.request().url()).href });
      await route.fulfill({ response: notFound });
    });
    await page.goto('/uz/about');
    await page.evaluate(() => (location.href = '/some/deep/path?q=1#top'));
    await page.waitForURL(
      (url) => url.pathname === '/uz/some/deep/path' && url.search === '?q=1' && url.hash === '#top',
    );
    await page.goBack();
    await expect(page).toHaveURL(/\/uz\/about$/);
  });

  test('language switch rewrites the first segment and caches the choice', async ({ page }) => {
    await page.goto('/uz/product/1?x=1');
    await page.locator('[data-lang-switch="ru"]').first().click();
    await expect(page).toHaveURL(/\/ru\/product\/1\?x=1$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ru');
    expect(await page.evaluate(() => localStorage.getItem('i18nextLng'))).toBe('ru');
    await page.locator('[data-lang-switch="uz"]').first().click();
    await expect(page).toHaveURL(/\/uz\/product\/1\?x=1$/);
  });
});
