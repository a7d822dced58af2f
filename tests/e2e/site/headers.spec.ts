/**
 * Static host headers (dist/_headers, applied by scripts/serve.ts as a host
 * would): security headers and the cache policy on every page type, a hashed
 * asset and a Pagefind fragment; pages refuse to be framed; and the CSP header
 * (which applies on top of each page's <meta> policy) blocks nothing the
 * search box and the sign-in modal load on use.
 */
import type { APIResponse, Page } from '@playwright/test';
import { expect, test, expectConsole } from '../support/test.ts';
import { pageOfEveryType, watchErrors, searchBoxHydrated } from '../support/site.ts';
import { PRIVATE_PAGES } from '../../../integrations/host-headers.ts';

const REVALIDATE = 'public, max-age=0, must-revalidate';
/** A page only a shopper's session fills: no cache keeps it (integrations/host-headers.ts, PRIVATE_PAGES). */
const PRIVATE = `${REVALIDATE}, no-store`;
const isPrivate = (path: string) =>
  PRIVATE_PAGES.some((page) => (page.endsWith('/*') ? path.startsWith(page.slice(0, -1)) : path === page));
const IMMUTABLE = 'public, max-age=31536000, immutable';

/** Directive name → sources. */
function directives(policy: string): Map<string, string[]> {
  return new Map(
    policy
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** Types in the header search box (it hydrates on focus) until Pagefind suggests products. */
async function searchFor(page: Page, text: string): Promise<void> {
  await page.goto('/uz');
  const search = page.getByRole('combobox').first();
  await search.click();
  await searchBoxHydrated(page);
  await search.pressSequentially(text);
  await expect(page.locator('[role=option][data-kind=product]').first()).toBeVisible();
}

/** The headers every file carries. */
function expectFileHeaders(response: APIResponse, what: string): void {
  const headers = response.headers();
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('strict-origin-when-cross-origin');
  expect(headers['strict-transport-security'], what).toMatch(/^max-age=\d{8,}; includeSubDomains$/);
}

/** Those and the document policies every page carries. */
function expectSecurityHeaders(response: APIResponse, what: string): void {
  expectFileHeaders(response, what);
  const headers = response.headers();
  expect(directives(headers['content-security-policy'] ?? '').get('frame-ancestors'), what).toEqual(["'none'"]);
  const permissions = (headers['permissions-policy'] ?? '').split(/,\s*/);
  expect(permissions, what).toContain('geolocation=(self)');
  for (const feature of ['camera', 'microphone', 'payment']) expect(permissions, what).toContain(`${feature}=()`);
}

test('every page type carries the security headers, its own CSP and a revalidated cache (none for a private page)', async ({
  request,
}) => {
  for (const lang of ['uz', 'ru']) {
    for (const [type, path] of Object.entries(await pageOfEveryType())) {
      const what = `${type} (/${lang}${path})`;
      const response = await request.get(`/${lang}${path}`, { maxRedirects: 0 });
      expect(response.status(), what).toBe(200);
      expectSecurityHeaders(response, what);
      expect(response.headers()['cache-control'], what).toBe(isPrivate(path) ? PRIVATE : REVALIDATE);
      // The header repeats the page's <meta> policy directive for directive (and may only add to it).
      const meta = /<meta http-equiv="content-security-policy" content="([^"]*)"/.exec(await response.text())?.[1];
      const header = directives(response.headers()['content-security-policy']!);
      for (const [name, sources] of directives(meta ?? '')) {
        expect(header.get(name), `${what}: ${name}`).toEqual(expect.arrayContaining(sources));
      }
      expect([...header.keys()], what).toEqual([...directives(meta ?? '').keys(), 'frame-ancestors']);
    }
  }
});

test('the 404 page carries them too, and no cache keeps it', async ({ request }) => {
  const response = await request.get('/uz/no-such-page');
  expect(response.status()).toBe(404);
  expectSecurityHeaders(response, '404');
  expect(response.headers()['cache-control']).toBe('no-store');
});

test("a comments page not built is the comments shell: 200, noindex, the pages' headers; a built one is its own page", async ({
  request,
}) => {
  // An unbuilt comments page: `_redirects`' 200 rewrite (and serve.ts's), before the 404 rules.
  const shell = await request.get('/ru/comments/999999', { maxRedirects: 0 });
  expect(shell.status()).toBe(200);
  expectSecurityHeaders(shell, 'comments shell');
  expect(shell.headers()['cache-control']).toBe(REVALIDATE);
  const html = await shell.text();
  expect(html).toContain('data-comments-shell');
  expect(html).toContain('<html lang="ru"');
  expect(html).toContain('content="noindex');
  // Existing files win: a reviewed product's comments page is the one prerendered for it.
  const built = await request.get(`/uz${(await pageOfEveryType()).comments}`, { maxRedirects: 0 });
  expect(built.status()).toBe(200);
  const page = await built.text();
  expect(page).not.toContain('data-comments-shell');
  expect(page).toContain('data-testid="comments"');
  // Other unknown paths under a language stay 404s.
  expect((await request.get('/uz/comments', { maxRedirects: 0 })).status()).toBe(404);
  expect((await request.get('/uz/comments/1/x', { maxRedirects: 0 })).status()).toBe(404);
});

test('hashed assets and Pagefind fragments are immutable for a year', async ({ page, request }) => {
  const html = await (await request.get('/uz')).text();
  const asset = /\/_astro\/[\w.-]+\.[0-9A-Za-z_-]{8}\.(?:js|css)/.exec(html)?.[0];
  expect(asset, 'a hashed asset linked from the home page').toBeTruthy();
  const assetResponse = await request.get(asset!);
  expect(assetResponse.status()).toBe(200);
  expectFileHeaders(assetResponse, asset!);
  expect(assetResponse.headers()['cache-control']).toBe(IMMUTABLE);
  expect(assetResponse.headers()['content-security-policy']).toBeUndefined();

  // A fragment as the search box fetches it.
  const fragment = page.waitForResponse((response) => /\/pagefind\/fragment\/[^/]+\.pf_fragment$/.test(response.url()));
  await searchFor(page, 'Xiaomi');
  const fragmentResponse = await fragment;
  expect(fragmentResponse.status()).toBe(200);
  expect(fragmentResponse.headers()['cache-control']).toBe(IMMUTABLE);
  expect(fragmentResponse.headers()['x-content-type-options']).toBe('nosniff');

  // Pagefind's entry keeps its name across builds: never immutable.
  const entry = await request.get('/pagefind/pagefind-entry.json');
  expect(entry.status()).toBe(200);
  expect(entry.headers()['cache-control'] ?? '').not.toContain('immutable');
});

test('no page can be framed, by another site or by the shop itself', async ({ page, baseURL }) => {
  expectConsole(
    page,
    /^console\.error: Framing .* violates the following Content Security Policy directive: "frame-ancestors 'none'"/,
  );
  // Chromium replaces a refused frame with its error page; an allowed one would show the shop's URL.
  const framed = () =>
    page
      .frames()
      .find((frame) => frame !== page.mainFrame())
      ?.url();

  // Another site framing the shop (clickjacking).
  await page.route('http://attacker.test/', (route) =>
    route.fulfill({ contentType: 'text/html', body: `<iframe src="${baseURL}/uz/about"></iframe>` }),
  );
  await page.goto('http://attacker.test/');
  await expect.poll(framed).toMatch(/^chrome-error:/);

  // The shop's own page framing another of its pages.
  await page.goto('/uz/about');
  await page.evaluate(() => {
    const frame = document.createElement('iframe');
    frame.src = '/uz/questions';
    document.body.append(frame);
  });
  await expect.poll(framed).toMatch(/^chrome-error:/);
});

// Every page type loads under the policies in the page sweep (sweep.spec.ts); these parts load only on use.
test('what loads on use breaks no CSP rule: the search box (Pagefind, WebAssembly) and the sign-in modal', async ({
  page,
}) => {
  const errors = await watchErrors(page);
  await searchFor(page, 'Xiaomi');
  await page.goto('/uz/profile');
  await page.getByTestId('profile-sign-in').click();
  await expect(page.getByTestId('sign-in-dialog')).toBeVisible();
  expect(errors).toEqual([]);
});
