import { availableParallelism } from 'node:os';
import { defineConfig, devices } from '@playwright/test';

/** The e2e run gets its own API (fresh data, sign-in codes readable by tests) and site build. */
// E2E_SITE_PORT / E2E_API_PORT let two checkouts run their suites side by side.
const sitePort = process.env.E2E_SITE_PORT ?? '4322';
const apiPort = process.env.E2E_API_PORT ?? '8788';
export const E2E_SITE = `http://localhost:${sitePort}`;
export const E2E_API = `http://localhost:${apiPort}`;
/**
 * Built apart from dist/ so a test run never replaces a developer's build; the budget check reads it. Build and API
 * data are per site port: two runs side by side in one checkout would otherwise delete each other's data and rebuild
 * each other's site mid-run.
 */
export const E2E_DIST = `.tmp/e2e-dist-${sitePort}`;
const E2E_DATA = `.tmp/e2e-data-${sitePort}`;

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
  ],
};

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  // Two workers a core: a test spends about half its time waiting (network idle, debounces, animations), so on two
  // cores four workers finish in 3.5 minutes where two take 4.6 and six 3.7.
  workers: Math.min(2 * availableParallelism(), 8),
  retries: process.env.CI ? 1 : 0,
  // The HTML report is what CI uploads when a run fails.
  reporter: [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: E2E_SITE,
    // A trace is recorded on the retry of a failed test (CI retries once): recording every test costs about a tenth
    // of the run.
    trace: 'on-first-retry',
    launchOptions: chromium,
    // A worker keeps one context and page, reset between tests (storage, cache, cookies, routes, init scripts,
    // listeners, clock, viewport): a fresh context and its renderer cost about 1.2 CPU-s a test, a third of the
    // suite on two cores. Not reset: granted permissions and set geolocation, so a test that grants them takes
    // them back (address.spec.ts); a test that needs another locale or storage state gets a fresh context.
    reuseContext: true,
    // The shop's service worker would sit between the page and page.route's faults; the offline specs allow it.
    serviceWorkers: 'block',
  },
  // Which screen a test runs on, decided here and nowhere else. Untagged tests do not depend on the screen
  // (faults, sign-in, search, routes, redirects, product logic) or test desktop-only layout: they run once, on
  // desktop. `@mobile` tests mobile-only layout and behaviour; `@both` runs where the layout changes what is
  // tested (the journeys, axe).
  projects: [
    { name: 'desktop', grepInvert: /@mobile\b/, use: { ...devices['Desktop Chrome'], launchOptions: chromium } },
    { name: 'mobile', grep: /@mobile\b|@both\b/, use: { ...devices['Pixel 7'], launchOptions: chromium } },
  ],
  webServer: {
    command: `rm -rf ${E2E_DATA} && node scripts/start.ts`,
    url: `${E2E_SITE}/uz`,
    timeout: 300_000,
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    env: {
      PORT: sitePort,
      API_PORT: apiPort,
      API_DATA_DIR: E2E_DATA,
      OUT_DIR: E2E_DIST,
      API_EXPOSE_CODES: '1',
      SITE_URL: E2E_SITE,
      // Every test signs in from this one address; the limits have their own tests (tests/api/limits.test.ts).
      API_RATE_CODES: '100000/60',
      API_RATE_SIGNIN: '100000/60',
      API_RATE_WRITES: '100000/60',
      API_RATE_READS: '100000/60',
      // A worker reads the whole catalogue once, and again after a failed test restarts it.
      API_RATE_HEAVY: '100000/60',
      // The day's SMS and wrong codes from this one address; the proof of work stays on, solved by the sign-in dialog.
      API_SMS_PER_ADDRESS_DAY: '1000000',
      API_SMS_DAILY_BUDGET: '1000000',
      API_WRONG_CODES_PER_ADDRESS_DAY: '1000000',
      // Its bits start low: they grow by one each time the address's day count doubles, and the suite's hundreds of
      // sign-ins from one address would otherwise ask the browser for 2^18 hashes a code (the growth has its tests).
      API_PROOF_BITS: '4',
    },
  },
});
