/**
 * The e2e specs' `test`: Playwright's, with an error watcher on every test's
 * page. Any console error or warning (React's hydration mismatches and
 * warnings among them) and any uncaught page error fails the test, unless the
 * test named it as expected with `expectConsole` (a 500 it provokes, say).
 */
import { test as base, expect, type ConsoleMessage, type Page } from '@playwright/test';

interface Watch {
  seen: string[];
  expected: RegExp[];
}

const watches = new WeakMap<Page, Watch>();

/** Console messages this test provokes on purpose (matched against `console.error: <text>` and the like). */
export function expectConsole(page: Page, ...patterns: RegExp[]): void {
  watches.get(page)?.expected.push(...patterns);
}

/**
 * What Chromium logs for a resource that answered `status` (a fault the test injects, a page it expects to be
 * missing), or with 'aborted' for a request the test aborts; `url` narrows it to the failing address.
 */
export function failedLoad(status: number | 'aborted', url: RegExp = /./): RegExp {
  const what = status === 'aborted' ? 'net::ERR_\\w+' : `the server responded with a status of ${status}\\b.*`;
  return new RegExp(`^console\\.error: Failed to load resource: ${what} at (?=.*${url.source})`);
}

export const test = base.extend<{ errorWatch: void }>({
  errorWatch: [
    async ({ page }, use, testInfo) => {
      // Playwright's own note when a context blocks service workers (every context but the offline specs').
      const watch: Watch = {
        seen: [],
        expected: [
          /^console\.warning: Service Worker registration blocked by Playwright/,
          // The proof of work the API asks of repeated code requests (the client solves it and asks again).
          failedLoad(428, /\/api\/v1\/users\/(auth|resend)\//),
        ],
      };
      watches.set(page, watch);
      const onConsole = (message: ConsoleMessage) => {
        if (message.type() !== 'error' && message.type() !== 'warning') return;
        const at = message.location().url;
        watch.seen.push(`console.${message.type()}: ${message.text()}${at ? ` at ${at}` : ''}`);
      };
      const onPageError = (error: Error) => watch.seen.push(`pageerror: ${error.message}`);
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      await use();
      page.off('console', onConsole);
      page.off('pageerror', onPageError);
      watches.delete(page);
      // A test that failed already says why; this is about the ones that would pass.
      if (testInfo.status !== testInfo.expectedStatus) return;
      const unexpected = watch.seen.filter((line) => !watch.expected.some((pattern) => pattern.test(line)));
      expect(unexpected, 'console errors, warnings and page errors the test did not expect').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
