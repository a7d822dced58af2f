/**
 * Recall of the search box in any script, on the built site: every
 * query of tests/fixtures/search-queries.ts typed into the header's search
 * box finds its product, category or store among the first five of its group,
 * from the Pagefind index alone (the API's suggestions are answered empty, so
 * what is measured is the index built with the titles' folded forms and the
 * box's query forms). The API's own recall: tests/api/search-recall.test.ts.
 * Also: the search page finds through the API in another script and on the
 * wrong layout, in both languages.
 */
import type { Page } from '@playwright/test';
import { searchBoxHydrated } from '../support/site.ts';
import type { Lang } from '#contract/langs.ts';
import { expect, test } from '../support/test.ts';
import { RECALL_QUERIES } from '../../fixtures/search-queries.ts';

const SUGGEST = /\/api\/v1\/products\/search\/\?/;
const TOP = 5;

const box = (page: Page) => page.getByRole('combobox').first();

async function recall(page: Page, lang: Lang) {
  await page.route(SUGGEST, (route) =>
    route.fulfill({
      headers: { 'Access-Control-Allow-Origin': '*' },
      json: { products: [], categories: [], stores: [] },
    }),
  );
  await page.goto(`/${lang}`);
  await box(page).click();
  await searchBoxHydrated(page);
  const options = page.locator('[role=option]');
  const panel = page.getByTestId('search-panel');
  const missed: string[] = [];
  const queries = RECALL_QUERIES.filter((entry) => entry.lang === lang);
  for (const { query, kind, finds, title } of queries) {
    await box(page).fill('');
    await expect(options).toHaveCount(0);
    await box(page).fill(query);
    // The index answers with all its options at once (the API's answer is empty and adds none).
    const found = panel.locator(`[role=option][data-kind=${finds}] .sb-title`);
    const answered = await found
      .first()
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    const titles = answered ? (await found.allTextContents()).slice(0, TOP) : [];
    if (!titles.includes(title)) missed.push(`${kind} "${query}" → ${title}: ${titles.join(' | ')}`);
  }
  console.log(`search box recall (${lang}): ${queries.length - missed.length}/${queries.length} in the first ${TOP}`);
  expect(missed).toEqual([]);
}

test.describe('the search box finds in any script', () => {
  test.slow();
  test('on the Uzbek site', async ({ page }) => recall(page, 'uz'));
  test('on the Russian site', async ({ page }) => recall(page, 'ru'));
});

test('the search page finds through the API in another script and on the wrong layout', async ({ page }) => {
  const results = page.getByTestId('search-results').locator('.card-title');
  await page.goto(`/uz/search?q=${encodeURIComponent('ўйин консоли сони плейстейшн 5 про')}`);
  await expect(results.first()).toBeVisible();
  expect((await results.allTextContents()).slice(0, TOP)).toContain('Oʻyin konsoli Sony PlayStation 5 Pro');
  await page.goto(`/ru/search?q=${encodeURIComponent('кувкфпщт лгьфкф')}`);
  await expect(results.first()).toBeVisible();
  expect((await results.allTextContents()).slice(0, TOP)).toContain('Клавиатура Redragon Kumara K552');
  await page.goto(`/ru/search?q=${encodeURIComponent('айфон 14 плюс')}`);
  await expect(results.first()).toBeVisible();
  expect((await results.allTextContents()).slice(0, TOP)).toContain('Смартфон Apple iPhone 14 Plus');
});
