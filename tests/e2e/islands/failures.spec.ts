/** Failures nobody else handles (spec §8 General): a message, and one reload for a failed lazy chunk. */
import { expect, test, expectConsole } from '../support/test.ts';
import { expectToast, TOASTS } from './helpers.ts';

const OCCURRED = 'Xatolik yuz berdi';
const RELOAD = 'Sahifani qayta yuklang yoki keyinroq urinib koʻring';

test('an uncaught rejection shows "An error occurred" and "Please reload the page or try later"', async ({ page }) => {
  expectConsole(page, /^pageerror: unexpected$/);
  await page.goto('/uz/about');
  await page.waitForFunction(() => document.querySelector('[data-auth-link]')?.hasAttribute('data-signed-in'));
  await page.evaluate(() => {
    void Promise.reject(new Error('unexpected'));
  });
  await expectToast(page, OCCURRED);
  await expect(page.locator(TOASTS, { hasText: RELOAD })).toBeVisible();
});

test('a lazy chunk that fails to load reloads the page once, then shows the message', async ({ page }) => {
  await page.goto('/uz/about');
  await page.waitForFunction(() => document.querySelector('[data-auth-link]')?.hasAttribute('data-signed-in'));
  const preloadError = () => window.dispatchEvent(new Event('vite:preloadError', { cancelable: true }));
  await Promise.all([page.waitForEvent('load'), page.evaluate(preloadError)]);
  expect(await page.evaluate(() => sessionStorage.getItem('bozor.reloadedForChunk'))).toBe('1');
  await page.waitForFunction(() => document.querySelector('[data-auth-link]')?.hasAttribute('data-signed-in'));
  await page.evaluate(preloadError);
  await expectToast(page, OCCURRED);
});
