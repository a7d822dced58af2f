/**
 * The search box and results page (spec §2 Search box, §5, §7, §9): Pagefind
 * first (loaded on first focus), the API as fallback and fill-in, faults,
 * keyboard combobox, recent searches, apostrophe variants.
 */
import type { Page } from '@playwright/test';
import { expect, expectConsole, failedLoad, test } from '../support/test.ts';
import { openUntouched, searchBoxHydrated } from '../support/site.ts';
import { fail, passTimeouts, storedJson, type Fault } from './helpers.ts';

const SUGGEST = /\/api\/v1\/products\/search\/\?/;
const RESULTS = /\/api\/v1\/products\/search-product\//;
const PAGEFIND = /\/pagefind\/pagefind\.js/;
const NO_RESULTS = 'Maʼlumot topilmadi';

const box = (page: Page) => page.getByRole('combobox').first();

/** Focus the search box and wait until it has hydrated (it hydrates on the first interaction). */
async function openBox(page: Page) {
  await box(page).click();
  await searchBoxHydrated(page);
}

test('Pagefind loads on first focus and answers; the API fills in', async ({ page }) => {
  const loaded: string[] = [];
  page.on('request', (r) => {
    if (PAGEFIND.test(r.url()) || SUGGEST.test(r.url())) loaded.push(r.url());
  });
  // Everything the page does before a shopper touches it: Pagefind is not part of it.
  await openUntouched(page, '/uz');
  expect(loaded.filter((u) => PAGEFIND.test(u))).toEqual([]);
  await openBox(page);
  await expect.poll(() => loaded.some((u) => PAGEFIND.test(u))).toBe(true);
  await box(page).pressSequentially('Xiaomi');
  await expect(page.locator('[role=option][data-kind=product]').first()).toBeVisible();
  await expect.poll(() => loaded.some((u) => SUGGEST.test(u) && u.includes('q=Xiaomi'))).toBe(true);
  await expect(box(page)).toHaveAttribute('aria-expanded', 'true');
});

test('Uzbek apostrophe variants find the same products, in the index and through the API', async ({ page }) => {
  const titles = page.locator('[role=option][data-kind=product] .sb-title');
  // `fill` enters a variant in one go, so the first products listed are its answer.
  const productsFound = async () => {
    const lists: string[][] = [];
    for (const query of ["o'yin", 'oʻyin', 'o‘yin', 'o`yin']) {
      await box(page).fill('');
      await expect(titles).toHaveCount(0);
      await box(page).fill(query);
      await expect(titles.first()).toBeVisible();
      lists.push((await titles.allTextContents()).sort());
    }
    return lists;
  };
  // The index alone (the API finds nothing)...
  await page.route(SUGGEST, (route) =>
    route.fulfill({
      headers: { 'Access-Control-Allow-Origin': '*' },
      json: { products: [], categories: [], stores: [] },
    }),
  );
  await page.goto('/uz');
  await openBox(page);
  const index = await productsFound();
  // ...then the API alone (the index cannot load).
  await page.unroute(SUGGEST);
  await page.route(PAGEFIND, (route) => route.abort('failed'));
  expectConsole(page, failedLoad('aborted', PAGEFIND));
  await page.goto('/uz');
  await openBox(page);
  const api = await productsFound();
  // Every variant finds the word's products, as many as the others; which of the many equally ranked consoles fill
  // the box's places is the index's choice.
  for (const lists of [index, api])
    for (const list of lists) {
      expect(list).toHaveLength(lists[0]!.length);
      for (const title of list) expect(title).toMatch(/^Oʻyin /);
    }
});

test('keyboard: arrows move, Enter opens the option, Escape closes', async ({ page }) => {
  await page.goto('/uz');
  await openBox(page);
  await box(page).pressSequentially('Xiaomi');
  await expect(page.locator('[role=option]').first()).toBeVisible();
  await page.keyboard.press('ArrowDown');
  const first = page.locator('[role=option]').first();
  await expect(first).toHaveAttribute('aria-selected', 'true');
  await expect(box(page)).toHaveAttribute('aria-activedescendant', (await first.getAttribute('id'))!);
  await page.keyboard.press('Escape');
  await expect(box(page)).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/\/uz\/(product|category|store)\//);
});

test('recent searches: saved on search, newest first, at most 5, blank never, clearable', async ({ page }) => {
  await page.goto('/uz');
  for (const q of ['a1', 'b2', 'c3', 'd4', 'e5', 'f6', '   ']) {
    await openBox(page);
    await box(page).fill(q);
    await box(page).press('Enter');
    // Wait for this query's page: the previous one already matches /search?q=.
    if (q.trim()) await page.waitForURL((url) => url.pathname === '/uz/search' && url.searchParams.get('q') === q);
  }
  expect(await storedJson<string[]>(page, 'recentSearches')).toEqual(['f6', 'e5', 'd4', 'c3', 'b2']);
  await box(page).fill('');
  await box(page).focus();
  await expect(page.getByRole('option')).toHaveCount(5);
  await page.getByRole('button', { name: 'Tozalash' }).click();
  await expect(page.getByRole('option')).toHaveCount(0);
  expect(await storedJson<string[]>(page, 'recentSearches')).toBeNull();
});

test('the index cannot load: the API answers (400 ms debounce, URL-encoded)', async ({ page }) => {
  const urls: string[] = [];
  page.on('request', (r) => SUGGEST.test(r.url()) && urls.push(r.url()));
  await page.route(PAGEFIND, (route) => route.abort('failed'));
  expectConsole(page, failedLoad('aborted', PAGEFIND));
  await page.goto('/uz');
  await openBox(page);
  await box(page).pressSequentially('Xiaomi Redmi', { delay: 30 });
  await expect(page.locator('[role=option][data-kind=product]').first()).toBeVisible();
  expect(urls.length).toBe(1);
  expect(urls[0]).toContain('q=Xiaomi+Redmi');
});

for (const fault of ['500', 'timeout', 'abort'] as Fault[]) {
  test(`index and API fail (${fault}): the no-results text, no crash`, async ({ page }) => {
    if (fault === 'timeout') {
      test.slow();
      await page.clock.install();
    }
    await page.route(PAGEFIND, (route) => route.abort('failed'));
    expectConsole(page, failedLoad('aborted', PAGEFIND));
    await fail(page, SUGGEST, fault);
    await page.goto('/uz');
    await openBox(page);
    await box(page).pressSequentially('Xiaomi');
    await expect(page.getByText('Yuklanmoqda…').first()).toBeVisible();
    const noResults = page.getByTestId('search-panel').getByText(NO_RESULTS);
    if (fault === 'timeout') await passTimeouts(page, noResults);
    await expect(noResults).toBeVisible({ timeout: 15_000 });
  });
}

test('results page: paged results, and an API failure shows the no-results text', async ({ page }) => {
  await page.goto('/uz/search?q=Xiaomi');
  await expect(page.getByTestId('search-results').locator('.card').first()).toBeVisible();
  await fail(page, RESULTS, '500');
  await page.goto('/uz/search?q=Samsung');
  await expect(page.getByTestId('search-results').getByText(NO_RESULTS)).toBeVisible({ timeout: 15_000 });
});

test('results page: the first answer is drawn before React wakes, and the island takes it over without a shift', async ({
  page,
}) => {
  // The island's module is held back: only the first screen can draw the results meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/SearchResults\.[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[])
        if (!entry.hadRecentInput) shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/uz/search?q=Xiaomi');
  const firstScreen = page.locator('#search-first');
  await expect(firstScreen.locator('.card').first()).toBeVisible();
  const drawn = await firstScreen.locator('.card').count();
  await expect(page.locator('astro-island[ssr]')).toHaveCount(1);
  const box = await firstScreen.locator('.card').first().boundingBox();
  // From here on, the takeover's shifts only.
  await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts.splice(0));

  release();
  await expect(firstScreen).toHaveCount(0);
  const results = page.getByTestId('search-results');
  await expect(results.locator('.card')).toHaveCount(drawn);
  expect(await results.locator('.card').first().boundingBox()).toEqual(box);
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});

test('results page: the head asks for the first results and their first photos before any module loads, once', async ({
  page,
}) => {
  // Every module of the page is held back: only the script inlined in the head runs meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/_astro\/[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const asked: string[] = [];
  page.on('request', (request) => {
    if (RESULTS.test(request.url())) asked.push(request.url());
  });
  const photoAsked = page.waitForRequest(
    (request) => request.resourceType() === 'image' && /\/media\//.test(request.url()),
  );
  await page.goto('/uz/search?q=Xiaomi', { waitUntil: 'commit' });
  const photo = await photoAsked;
  expect(asked).toHaveLength(1);
  expect(new URL(asked[0]!).searchParams.get('q')).toBe('Xiaomi');

  // The island wakes only once the first row's photos are in: React's modules are asked for after them.
  const photosDone = page.evaluate(async () => {
    const images = () => [...document.querySelectorAll<HTMLImageElement>('#search-first img[fetchpriority="high"]')];
    while (images().length === 0) await new Promise(requestAnimationFrame);
    await Promise.all(images().map((image) => image.decode().catch(() => undefined)));
    return performance.now();
  });
  const renderer = await page.locator('astro-island[client="after"]').getAttribute('renderer-url');
  const reactAsked = page.waitForRequest((request) => request.url().endsWith(renderer!));
  release();
  const [photosAt, react] = await Promise.all([photosDone, reactAsked]);
  await (await react.response())!.finished();
  const reactAt = await page.evaluate(
    (url) => performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(url))?.startTime ?? -1,
    renderer!,
  );
  expect(reactAt).toBeGreaterThanOrEqual(photosAt);
  expect(react.url()).toContain(renderer);

  const results = page.getByTestId('search-results');
  await expect(results.locator('.card').first()).toBeVisible();
  await expect(page.locator('#search-first')).toHaveCount(0);
  // The island's first page is the head's answer, and each photo was fetched once (the preload is the card's).
  expect(asked).toHaveLength(1);
  const first = await results
    .locator('.card img')
    .first()
    .evaluate((image: HTMLImageElement) => image.currentSrc);
  expect(first).toBe(photo.url());
  expect(await page.evaluate((url) => performance.getEntriesByName(url).length, first)).toBe(1);
});

test('results page: a head read that failed is asked again, and the results come', async ({ page }) => {
  let refused = 0;
  await page.route(RESULTS, async (route) => {
    if (refused++ === 0) return route.fulfill({ status: 500, body: '{}' });
    await route.continue();
  });
  expectConsole(page, failedLoad(500, RESULTS));
  await page.goto('/uz/search?q=Xiaomi');
  await expect(page.getByTestId('search-results').locator('.card').first()).toBeVisible();
  expect(refused).toBe(2);
});

test('results page in Russian', async ({ page }) => {
  await page.goto('/ru/search?q=Xiaomi');
  // By role: while the island takes over, its own heading is in the page but hidden behind the first screen's.
  await expect(page.getByRole('heading', { name: 'Результаты по запросу «Xiaomi»' })).toBeVisible();
  await expect(page.getByTestId('search-results').locator('.card').first()).toBeVisible();
});

test.describe('everyday words on the results page', () => {
  for (const [lang, query, found] of [
    ['uz', 'telefon', 'Smartfon'],
    ['ru', 'телефон', 'Смартфон'],
  ] as const)
    test(`${lang}: "${query}" finds smartphones, and the box keeps the query before and after it wakes`, async ({
      page,
    }) => {
      await page.goto(`/${lang}/search?q=${encodeURIComponent(query)}`);
      await expect(page.getByTestId('search-results').getByText(found).first()).toBeVisible();
      await expect(box(page)).toHaveValue(query);
      await openBox(page);
      await expect(box(page)).toHaveValue(query);
      await expect(page.locator('[role=option][data-kind=product] .sb-title').first()).toContainText(found);
    });
});

test.describe('on a phone, search is a screen of its own', () => {
  for (const lang of ['uz', 'ru'] as const)
    test(`${lang}: full width, whole titles, and back closes it @mobile`, async ({ page }) => {
      await page.goto(`/${lang}`);
      const form = page.getByRole('search');
      const width = page.viewportSize()!.width;
      await expect.poll(async () => (await form.boundingBox())!.width).toBeLessThan(width / 2 + 100);
      await openBox(page);
      await expect.poll(async () => (await form.boundingBox())!.width).toBe(width);
      expect((await box(page).boundingBox())!.width).toBeGreaterThan(width * 0.6);
      await box(page).fill('Realme');
      const options = page.locator('[role=option][data-kind=product]');
      await expect(options.nth(4)).toBeVisible();
      for (const option of await options.all()) {
        expect((await option.boundingBox())!.width).toBeGreaterThan(width - 40);
        // No title cut short: each reads to its end (memory, Pro, Max are at the end).
        const cut = await option
          .locator('.sb-title')
          .evaluate((title) => title.scrollWidth > title.clientWidth || title.scrollHeight > title.clientHeight);
        expect(cut).toBe(false);
      }
      await page.getByRole('button', { name: lang === 'uz' ? 'Qidiruvni yopish' : 'Закрыть поиск' }).click();
      await expect(box(page)).not.toBeFocused();
      await expect(page.getByTestId('search-panel')).toBeHidden();
      await expect.poll(async () => (await form.boundingBox())!.width).toBeLessThan(width / 2 + 100);
    });
});
