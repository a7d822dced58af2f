/**
 * The storefront built from the spec backend's hostile catalogue (tests/spec-backend/hostile.ts: 5,000-character
 * titles, words of thousands of letters, bidi overrides, prices of -5 and 1e30, a product listed twice, `javascript:`
 * and `data:` URLs, store keys that climb folders, banners that name their target by id), on a 360 px phone: the
 * site was published, every page holds the screen's width, no title, heading or OpenGraph tag carries a bidi or
 * zero-width control, no link or picture has a `javascript:` or `data:` URL, each product is listed once, banners
 * with id targets lead to their product or category, and nothing the sellers wrote runs (any console error, page
 * error or dialog fails a test).
 */
import type { Page } from '@playwright/test';
import { expect, expectConsole, test } from '../e2e/support/test.ts';
import { HIDDEN_CHARACTER } from '../../src/backend/rules.ts';
import { HOSTILE } from '../spec-backend/hostile.ts';

const PHONE = { width: 360, height: 760 };
test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

/** Dialogs a seller's script would open (alert, confirm): none may. */
let dialogs: string[] = [];
test.beforeEach(({ page }) => {
  // The browser's reads name what they skip or mend in the console, as the build's log does.
  expectConsole(
    page,
    /^console\.warning: (?:product|store|banner|review|feature) \S+(?: skipped:| listed more than once|: )/,
  );
  dialogs = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
});
test.afterEach(() => {
  expect(dialogs, 'dialogs opened by seller text').toEqual([]);
});

/** What a page shows of itself: its widths, its head's texts, and every URL it links or loads. */
async function pageFacts(page: Page) {
  return page.evaluate(() => {
    const meta = (property: string) =>
      document.querySelector(`meta[property="${property}"], meta[name="${property}"]`)?.getAttribute('content') ?? '';
    return {
      scrollWidth: document.documentElement.scrollWidth,
      innerWidth: window.innerWidth,
      texts: {
        title: document.title,
        h1: document.querySelector('h1')?.textContent ?? '',
        'og:title': meta('og:title'),
        'og:description': meta('og:description'),
        description: meta('description'),
      },
      urls: [...document.querySelectorAll('[href], [src]')].flatMap((element) =>
        ['href', 'src'].flatMap((name) => {
          const value = element.getAttribute(name);
          return value === null ? [] : [`${element.tagName.toLowerCase()} ${name}=${value}`];
        }),
      ),
      jsonLd: [...document.querySelectorAll('script[type="application/ld+json"]')].map((s) => s.textContent ?? ''),
    };
  });
}

/** Every rule a page of a hostile catalogue holds. */
async function expectHeld(page: Page, path: string): Promise<void> {
  const facts = await pageFacts(page);
  expect(facts.innerWidth, `${path}: the phone keeps its width`).toBe(PHONE.width);
  expect(facts.scrollWidth, `${path}: nothing is wider than the screen`).toBeLessThanOrEqual(PHONE.width);
  for (const [tag, text] of Object.entries(facts.texts)) expect(text, `${path} ${tag}`).not.toMatch(HIDDEN_CHARACTER);
  expect(facts.texts.title.length, `${path}: <title> is cut`).toBeLessThanOrEqual(70);
  expect(facts.texts.description.length, `${path}: the description is cut`).toBeLessThanOrEqual(160);
  for (const url of facts.urls) expect(url, path).not.toMatch(/(?:href|src)=\s*(?:javascript|data|vbscript):/i);
  for (const json of facts.jsonLd) expect(() => JSON.parse(json) as unknown, `${path} JSON-LD`).not.toThrow();
}

/** Opens a built page and waits until its scripts are done with it. */
async function open(page: Page, path: string): Promise<void> {
  const answer = await page.goto(path);
  expect(answer?.status(), path).toBe(200);
  await page.waitForLoadState('networkidle');
}

const PAGES = [
  ['a product with a 5,000-character title and a 3,000-letter word', `/uz/product/${HOSTILE.longTitle}`],
  ['a product whose title carries a right-to-left override', `/uz/product/${HOSTILE.bidiTitle}`],
  ['a product whose discount price was -5', `/uz/product/${HOSTILE.badDiscount}`],
  ['a product whose pictures were javascript: and data: URLs', `/ru/product/${HOSTILE.schemeImages}`],
  ['a product whose title closes the <title> and opens a script', '/uz/product/47'],
  ['the comments of a review author of 300 letters', `/uz/comments/${HOSTILE.longAuthorProduct}`],
  ['a category with hostile products and one listed twice', '/uz/category/1'],
  ['a category named by one 150-letter word', `/uz/category/${HOSTILE.longCategory}`],
  ['the store keyed ../../../x', `/uz/store/${HOSTILE.traversalStore}`],
  ['the store keyed by a street address', `/ru/store/${HOSTILE.streetStore}`],
  ['home, with banners of every kind', '/uz'],
  ['the categories, one named by a 150-letter word', '/uz/mobile-category'],
  ['the top products', '/uz/top-product'],
] as const;

for (const [what, path] of PAGES) {
  test(`${what} holds 360 px, shows no control and links nothing unsafe (${path})`, async ({ page }) => {
    await open(page, path);
    await expectHeld(page, path);
  });
}

test('the long title is cut in <title>, og:title and the meta description on a word; the page shows it whole', async ({
  page,
}) => {
  await open(page, `/uz/product/${HOSTILE.longTitle}`);
  const { texts } = await pageFacts(page);
  expect(texts.title).toMatch(/^Juda uzun nomli mahsulot( \S+)*… \| Bozor$/);
  expect(texts['og:title']).toBe(texts.title);
  expect(texts.description).toMatch(/^Juda uzun nomli mahsulot( \S+)*… — 1 500 000 soʻm\./);
  // The page's heading holds the title as far as the boundary keeps it (200 characters), wrapped.
  const h1 = page.getByRole('heading', { level: 1 });
  await expect(h1).toHaveText(/^Juda uzun nomli mahsulot .*…$/);
  const box = await h1.boundingBox();
  expect(box!.x + box!.width).toBeLessThanOrEqual(PHONE.width);
  // The add button stays within reach.
  const add = page.locator(`[data-product-panel] [data-add-to-basket="${HOSTILE.longTitle}"]`).first();
  await expect(add).toBeInViewport();
});

test('a bidi override never reverses the site name: the heading and the head read as written', async ({ page }) => {
  await open(page, `/uz/product/${HOSTILE.bidiTitle}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('iPhone 16 Pro Max');
  expect(await page.title()).toBe('iPhone 16 Pro Max | Bozor');
});

test('a product that cannot be sold (price -5, 1e30, an unsafe id) has no page and is in no list', async ({
  page,
  request,
}) => {
  for (const id of [HOSTILE.negativePrice, HOSTILE.absurdPrice]) {
    const answer = await request.get(`/uz/product/${id}`);
    expect(answer.status(), `product ${id}`).toBe(404);
  }
  await open(page, '/uz/category/1');
  for (const id of [HOSTILE.negativePrice, HOSTILE.absurdPrice, HOSTILE.unsafeId])
    await expect(page.locator(`main a[href="/uz/product/${id}"]`)).toHaveCount(0);
  await expect(page.locator('main')).not.toContainText(/1e\+30|-5 soʻm/);
});

test('each product once per listing, its count what it lists, and once in each sitemap', async ({ page, request }) => {
  await open(page, '/uz/category/1');
  const cards = await page
    .locator('main [data-product-card]')
    .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-product-card')));
  expect(cards).toContain(String(HOSTILE.listedTwice));
  expect(new Set(cards).size).toBe(cards.length);
  await expect(page.locator('main')).toContainText(`${cards.length} ta mahsulot`);
  for (const lang of ['uz', 'ru']) {
    const xml = await (await request.get(`/sitemaps/${lang}-1.xml`)).text();
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(new Set(locs).size, `${lang} sitemap`).toBe(locs.length);
    expect(locs.filter((loc) => loc?.endsWith(`/${lang}/product/${HOSTILE.listedTwice}`))).toHaveLength(1);
  }
});

test('banners that name a product or category by id lead to it; a javascript: banner leads nowhere', async ({
  page,
}) => {
  await open(page, '/uz');
  const banners = page.locator('.banners');
  await expect(banners.locator(`a[href="/uz/product/${HOSTILE.bannerProduct}"]`).first()).toBeAttached();
  await expect(banners.locator(`a[href="/uz/category/${HOSTILE.bannerCategory}"]`).first()).toBeAttached();
  await expect(banners.locator('a[href*="javascript"]')).toHaveCount(0);
  await banners.locator(`a[href="/uz/category/${HOSTILE.bannerCategory}"]`).first().click();
  await page.waitForURL(`**/uz/category/${HOSTILE.bannerCategory}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Televizorlar');
});

test('the basket and checkout hold 360 px with lines of ≥ 10,000,000 soʻm, discounted, and a 200-character title', async ({
  page,
}) => {
  await page.addInitScript(
    ({ longTitle, negative }) => {
      if (localStorage.getItem('basket')) return;
      localStorage.setItem(
        'basket',
        JSON.stringify([
          // iPhone 15, discounted to 11,875,000; MacBook Air M2, discounted to 13,857,000.
          { id: 1, product: 3, feature: 301, quantity: 3 },
          { id: 2, product: 12, feature: 1201, quantity: 2 },
          { id: 3, product: longTitle, feature: null, quantity: 1 },
          // Kept from before its price became -5.
          { id: 4, product: negative, feature: null, quantity: 1 },
        ]),
      );
    },
    { longTitle: HOSTILE.longTitle, negative: HOSTILE.negativePrice },
  );
  await open(page, '/uz/basket');
  await expect(page.locator('.basket-line')).toHaveCount(3);
  await expect(page.locator('main')).not.toContainText(/-5 soʻm|e\+\d/);
  await expect(page.locator(`.basket-line[data-product="3"]`)).toContainText('11 875 000');
  await expectHeld(page, '/uz/basket');
  await open(page, '/uz/orders-confirmation');
  await expectHeld(page, '/uz/orders-confirmation');
});

test('a title that closes <title> and opens a script is shown as written, escaped in the head and the page', async ({
  page,
}) => {
  const written = 'Title "quoted" </title><script>alert(1)</script>';
  await open(page, '/uz/product/47');
  expect(await page.title()).toBe(`${written} | Bozor`);
  await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${written} | Bozor`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(written);
});

test('a listing clamps a long title to two lines on its card', async ({ page }) => {
  await open(page, '/uz/category/1');
  const title = page.locator(`main [data-product-card="${HOSTILE.longTitle}"] .card-title`).first();
  const { height, lineHeight, clipped } = await title.evaluate((element) => ({
    height: element.getBoundingClientRect().height,
    lineHeight: parseFloat(getComputedStyle(element).lineHeight),
    clipped: element.scrollHeight > element.clientHeight,
  }));
  expect(clipped).toBe(true);
  // Two lines (and the card's reserved room for them), not the eight the title would take.
  expect(height).toBeLessThan(3 * lineHeight);
});

test('the browser names what its own reads mend in the console, as the build’s log does', async ({ page }) => {
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  await open(page, `/uz/product/${HOSTILE.bidiTitle}`);
  // The live check reads the product again: its store's key is mended there too, and said so.
  await expect(page.locator('[data-product-panel][data-live="checked"]')).toBeAttached();
  expect(warnings).toContainEqual(
    expect.stringMatching(
      new RegExp(`^store ${HOSTILE.traversalStore}: address "\\.\\./\\.\\./\\.\\./x" is not a safe page key`),
    ),
  );
});
