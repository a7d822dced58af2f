import { expect, test, expectConsole, failedLoad } from '../support/test.ts';
import { watchErrors } from '../support/site.ts';
import { E2E_SITE } from '../../../playwright.config.ts';
import { seedData } from '../support/api.ts';
import { words } from '../support/words.ts';

const RU = words('ru');

test.describe('layout', () => {
  test('header and footer links all resolve', async ({ page, request }) => {
    await page.goto('/uz');
    const hrefs = await page
      .locator('header a[href], footer a[href], nav.mobile-bar a[href]')
      .evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    const local = [...new Set(hrefs.filter((href) => href.startsWith(E2E_SITE)))];
    expect(local.length).toBeGreaterThan(20);
    for (const href of local) {
      const url = new URL(href);
      const response = await request.get(url.pathname + url.search);
      expect(response.status(), href).toBe(200);
      if (url.hash) {
        const html = await response.text();
        expect(html, `${href} has its section`).toContain(`id="${url.hash.slice(1)}"`);
      }
    }
    // Footer: every spec §1 link is present.
    const footer = page.locator('footer');
    for (const path of [
      '/about#stores',
      '/about#company',
      '/about#seller',
      '/about#legal',
      '/about',
      '/about#news',
      '/about#imei',
      '/about#information',
      '/questions#free-delivery',
      '/about#careers',
      '/profile',
      '/questions#help',
      '/questions#return-policy',
      '/questions#warranty',
      '/agreement#privacy',
      '/agreement#terms',
    ]) {
      await expect(footer.locator(`a[href="/uz${path}"]`).first()).toBeAttached();
    }
    await expect(footer).toContainText(String(new Date().getFullYear()));
    await expect(footer.locator('a[href^="tel:"]').first()).toBeAttached();
    await expect(footer.locator('a[href^="mailto:"]').first()).toBeAttached();
    for (const name of ['Telegram', 'Instagram', 'YouTube'])
      await expect(footer.getByRole('link', { name })).toBeAttached();
  });

  test('category dropdown opens and closes on outside click and Escape', async ({ page }) => {
    await page.goto('/uz');
    const button = page.locator('[data-dropdown-button]');
    const panel = page.locator('#category-panel');
    await expect(button).toHaveAttribute('aria-expanded', 'false');
    await button.click();
    await expect(panel).toBeVisible();
    await expect(button).toHaveAttribute('aria-expanded', 'true');
    await expect(panel.locator('a[href^="/uz/category/"]').first()).toContainText('ID:');
    await page.locator('h2').first().click();
    await expect(panel).toBeHidden();
    await button.click();
    await expect(panel).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the category list is not in the page: fetched once, as the pointer reaches the button', async ({ page }) => {
    const { categories } = await seedData();
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/uz/category-menu')) fetched.push(request.url());
    });
    await page.goto('/uz/about');
    const panel = page.locator('#category-panel');
    await expect(panel.locator('a[href^="/uz/category/"]')).toHaveCount(0);
    const button = page.locator('[data-dropdown-button]');
    const answer = page.waitForResponse((response) => response.url().endsWith('/uz/category-menu'));
    await button.hover();
    expect((await answer).status()).toBe(200);
    await button.click();
    const links = panel.locator('a[href^="/uz/category/"]');
    await expect(links).toHaveCount(categories.length);
    await expect(links.first()).toContainText(categories[0]!.name);
    await expect(links.first()).toContainText(`ID: ${categories[0]!.id}`);
    await expect(panel.getByRole('status')).toBeHidden();
    await page.keyboard.press('Escape');
    await button.click();
    await expect(links).toHaveCount(categories.length);
    expect(fetched).toHaveLength(1);
  });

  test('the category list cannot load: said, with the categories page offered, and tried again on the next opening', async ({
    page,
  }) => {
    expectConsole(page, failedLoad(503, /category-menu/));
    let fail = true;
    await page.route('**/ru/category-menu', (route) =>
      fail ? route.fulfill({ status: 503, body: 'unavailable' }) : route.fallback(),
    );
    await page.goto('/ru/about');
    const button = page.locator('[data-dropdown-button]');
    const panel = page.locator('#category-panel');
    await button.click();
    const failure = panel.getByRole('alert');
    await expect(failure).toContainText(RU('category.menu_failed'));
    await expect(failure.getByRole('link', { name: RU('category.panel') })).toHaveAttribute(
      'href',
      '/ru/mobile-category',
    );
    await page.keyboard.press('Escape');
    fail = false;
    await button.click();
    await expect(panel.locator('a[href^="/ru/category/"]').first()).toBeVisible();
    await expect(failure).toBeHidden();
  });

  test('QR dialog opens, switches tabs and closes on Escape and backdrop', async ({ page }) => {
    const errors = await watchErrors(page);
    await page.goto('/uz/about');
    const dialog = page.locator('#qr-dialog');
    await page.locator('[data-dialog-open="qr-dialog"]').click();
    await expect(dialog).toBeVisible();
    // The spec's 'Scan to download from ...' in the page's language.
    await expect(dialog).toContainText('Google Play orqali yuklab olish uchun skanerlang');
    await page.getByRole('tab', { name: 'App Store' }).click();
    await expect(dialog).toContainText('App Store orqali yuklab olish uchun skanerlang');
    await expect(dialog).not.toContainText(/Scan|Retry|Failed/);
    await expect(page.locator('#qr-panel-app-store img')).toHaveJSProperty('complete', true);
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await page.locator('[data-dialog-open="qr-dialog"]').click();
    await expect(dialog).toBeVisible();
    const box = (await dialog.boundingBox())!;
    await page.mouse.click(box.x + box.width / 2, Math.max(2, box.y - 10));
    await expect(dialog).toBeHidden();
    expect(errors).toEqual([]);
  });

  test('QR dialog shows the failure text and Retry when the image fails', async ({ page }) => {
    expectConsole(page, failedLoad('aborted', /\/qr\/.*\.svg/));
    let fail = true;
    await page.route('**/qr/*.svg*', (route) => (fail ? route.abort() : route.continue()));
    await page.goto('/ru/about');
    await page.locator('[data-dialog-open="qr-dialog"]').click();
    const panel = page.locator('#qr-panel-google-play');
    // Seen, not only in the page: the dialog's script loads on the click, and the image only then fails.
    await expect(panel.locator('[data-qr-error]')).toBeVisible();
    await expect(panel).toContainText(RU('qr.error'));
    await expect(panel.locator('[data-qr-hint]')).toBeHidden();
    fail = false;
    await panel.getByRole('button', { name: RU('qr.retry') }).click();
    await expect(panel.locator('[data-qr-hint]')).toHaveText(RU('qr.hint.google_play'));
    await expect(panel.locator('[data-qr-hint]')).toBeVisible();
    await expect(panel.locator('[data-qr-error]')).toBeHidden();
  });

  test('the dialogs are not in the page: fetched with the first click; a failure is said and the next click works', async ({
    page,
  }) => {
    expectConsole(page, failedLoad('aborted', /\/uz\/dialogs$/));
    let fail = true;
    await page.route('**/uz/dialogs', (route) => (fail ? route.abort() : route.fallback()));
    await page.goto('/uz/agreement');
    await expect(page.locator('dialog')).toHaveCount(0);
    const opener = page.locator('[data-dialog-open="contacts-dialog"]');
    await opener.click();
    await expect(page.getByText('Oynani ochib boʻlmadi. Internetni tekshirib, qaytadan urinib koʻring.')).toBeVisible();
    await expect(page.locator('#contacts-dialog')).toHaveCount(0);
    fail = false;
    await opener.click();
    await expect(page.locator('#contacts-dialog')).toBeVisible();
    await page.keyboard.press('Escape');
    // Both dialogs came in the one file, once.
    const fetched: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/uz/dialogs')) fetched.push(request.url());
    });
    await page.locator('[data-dialog-open="qr-dialog"]').click();
    await expect(page.locator('#qr-dialog')).toBeVisible();
    expect(fetched).toEqual([]);
  });

  test('contact numbers popup offers the bot, phone and e-mail', async ({ page }) => {
    await page.goto('/uz/questions');
    await page.locator('[data-dialog-open="contacts-dialog"]').click();
    const dialog = page.locator('#contacts-dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('a[href^="tel:"]')).toBeVisible();
    await expect(dialog.locator('a[href^="mailto:"]')).toBeVisible();
    await expect(dialog.locator('a[href^="https://t.me/"]')).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  });

  test('desktop: the category bar, no bottom bar, the footer on the basket page, search on the product page', async ({
    page,
  }) => {
    await page.goto('/uz');
    await expect(page.locator('[data-testid="mobile-bar"]')).toBeHidden();
    await expect(page.locator('.category-bar')).toBeVisible();
    await page.goto('/uz/basket');
    await expect(page.locator('[data-testid="site-footer"]')).toBeVisible();
    await page.goto('/uz/product/1');
    await expect(page.locator('[data-search-form]')).toBeVisible();
  });

  test(
    'mobile: the bottom bar, only the other language, no footer on basket, favourites and profile, no search on the product page',
    { tag: '@mobile' },
    async ({ page }) => {
      await page.goto('/uz');
      const bar = page.locator('[data-testid="mobile-bar"]');
      await expect(bar).toBeVisible();
      await expect(bar.locator('a[href="/uz/mobile-category"]')).toBeVisible();
      await expect(page.locator('.category-bar')).toBeHidden();
      await expect(page.locator('header [data-lang-switch="ru"]')).toBeVisible();
      await expect(page.locator('header [data-lang-switch="uz"]')).toBeHidden();
      await expect(page.locator('[data-testid="site-footer"]')).toBeVisible();
      for (const path of ['/uz/basket', '/uz/favorites', '/uz/profile']) {
        await page.goto(path);
        await expect(page.locator('[data-testid="site-footer"]'), path).toBeHidden();
      }
      await expect(page.locator('[data-search-form]')).toBeVisible();
      await page.goto('/uz/product/1');
      await expect(page.locator('h1')).toBeVisible();
      await expect(page.locator('[data-search-form]')).toHaveCount(1);
      await expect(page.locator('[data-search-form]')).toBeHidden();
    },
  );
});
