/**
 * `npm run lighthouse`: Lighthouse (mobile, default throttling) in Debian's
 * Chromium over a page of every type (scripts/rebuild/page-types.ts) in both
 * languages of the built site, served as a static host would with the
 * reference API beside it. The shopper's pages (profile, orders, an order,
 * reviews, basket, favourites, checkout, the success page) are audited signed
 * in, with an order placed and a line in the basket, as a shopper sees them.
 *
 * Budgets: performance ≥ 95; accessibility, best practices, SEO = 100; CLS ≤ 0.02.
 * A page that is noindex on purpose (the shopper's pages, search, error pages)
 * is scored for SEO without Lighthouse's "page is crawlable" audit, which only
 * says that it is noindex.
 *
 * Flags: --no-build reuses the built site; --only=profile,basket audits those page types;
 * --reports=dir writes each page's full report there (JSON, for the Lighthouse viewer); --dist=dir builds
 * into (or reuses) dir instead of dist/; --figures-only prints the scores without failing on the
 * performance budget, which a busy machine cannot judge (npm test runs it so: tests/ops/lighthouse.test.ts).
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { API_PREFIX } from '#contract/routes.ts';
import { startServer } from '../api/server.ts';
import { serverOptionsFromEnv } from '../api/config.ts';
import { createApi } from '../src/backend/client.ts';
import { readEveryAnswer } from '../src/backend/answers.ts';
import { QARSHI_ADDRESS } from '../tests/fixtures/address.ts';
import { buildSite } from './build.ts';
import { PAGE_TYPES, samplePaths, type PageType } from './rebuild/page-types.ts';
import { serveSite } from './serve.ts';

const BUDGET = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
const MAX_CLS = 0.02;
const SIGNED_IN: readonly PageType[] = [
  'profile',
  'profile-orders',
  'profile-order',
  'profile-reviews',
  'basket',
  'favorites',
  'orders-confirmation',
  'orders-success',
];
const only = process.argv
  .find((arg) => arg.startsWith('--only='))
  ?.slice('--only='.length)
  .split(',');
const flag = (name: string) => process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
const reports = flag('reports');
const dist = resolve(flag('dist') ?? 'dist');
const figuresOnly = process.argv.includes('--figures-only');
if (reports) mkdirSync(reports, { recursive: true });
/** A port no one listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
    probe.on('error', reject);
  });
}

const types = (Object.keys(PAGE_TYPES) as PageType[]).filter((type) => !only || only.includes(type));

// A fresh API of its own (the audit places an order); the sign-in code is read from its test route.
const dataDir = mkdtempSync(join(tmpdir(), 'bozor-lighthouse-'));
// The site's port is chosen first: the API answers only the site's own origin (API_CORS_ORIGINS).
const sitePort = await freePort();
const api = await startServer(
  serverOptionsFromEnv({
    ...process.env,
    API_DATA_DIR: dataDir,
    API_EXPOSE_CODES: '1',
    API_CORS_ORIGINS: `http://localhost:${sitePort}`,
    // Its media on its own origin, as a deployed API writes them (the local default names them on localhost while the
    // site calls 127.0.0.1: a second origin, and a second connection, that only the defaults make).
    API_PUBLIC_URL:
      process.env['API_PUBLIC_URL'] ??
      `http://${process.env['API_HOST'] ?? '127.0.0.1'}:${process.env['API_PORT'] ?? '8787'}`,
  }),
);
if (!process.argv.includes('--no-build') || !existsSync(join(dist, 'uz.html')))
  await buildSite({ apiUrl: api.url, outDir: dist });
const site = await serveSite(dist, sitePort);

const first = (dir: string) =>
  readdirSync(join(dist, dir))
    .filter((name) => name.endsWith('.html'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0]
    ?.replace(/\.html$/, '');

/** A shopper with an order placed and a line left in the basket; the order's id. */
async function prepareShopper() {
  const phone = `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const visitor = createApi({ baseURL: api.url, lang: 'uz' });
  const { user } = await visitor.call('auth', { body: { phone_number: phone } });
  const codes = await fetch(`${api.url}${API_PREFIX}/__test__/codes/?phone=${encodeURIComponent(phone)}`);
  const { code } = (await codes.json()) as { code: string };
  const { data: tokens } = await visitor.call('verify', { body: { user, code } });
  const shopper = createApi({ baseURL: api.url, lang: 'uz', token: () => tokens.access, read: readEveryAnswer });
  const address = QARSHI_ADDRESS;
  await shopper.call('updateProfile', { body: { first_name: 'Ali', last_name: 'Valiyev', address } });
  const { results } = await shopper.call('allProducts', { query: { page: '1' } });
  const inFull = await Promise.all(
    results.map(({ product }) => shopper.call('product', { params: { id: product.id } })),
  );
  const [ordered, kept] = inFull.filter((p) => (p.stock ?? 0) > 5 && p.features.every((f) => f.count === 0));
  await shopper.call('addToBasket', { body: { product: ordered!.id, quantity: 1 } });
  const [line] = await shopper.call('basket');
  const order = await shopper.call('placeOrder', {
    body: { items: [line!.id], address, payment_method: 'cash', customer_name: 'Ali Valiyev', customer_phone: phone },
  });
  await shopper.call('addToBasket', { body: { product: kept!.id, quantity: 1 } });
  await shopper.call('addFavourite', { body: { product: kept!.id } });
  return { tokens, order: order.id };
}

const shopper = await prepareShopper();
const paths = samplePaths({
  category: first('uz/category'),
  product: first('uz/product'),
  comments: first('uz/comments'),
  store: first('uz/store'),
});
const query: Partial<Record<PageType, string>> = {
  'profile-order': `?id=${shopper.order}`,
  'orders-success': `?order=${shopper.order}`,
};
const isNoindex = (lang: string, path: string) => {
  const file = join(dist, `${lang}${path.split('?')[0]}`.replace(/\/$/, '')) + '.html';
  return existsSync(file) && /<meta name="robots" content="noindex/.test(readFileSync(file, 'utf8'));
};

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless=new',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});
const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });

/** Store the shopper's tokens on the site's origin (Lighthouse then keeps storage and clears only the cache). */
async function signInBrowser() {
  const page = await browser.newPage();
  await page.goto(`${site.url}/uz/about`);
  await page.evaluate(({ access, refresh }) => {
    localStorage.setItem('access', access);
    localStorage.setItem('refresh', refresh);
  }, shopper.tokens);
  await page.close();
}

/**
 * Opens a page once before it is audited: the API draws each seeded picture on its first request and keeps it, as a
 * running shop's API has them all, so the audit measures the page and not this fresh API's first drawing.
 */
async function warmUp(url: string) {
  const page = await browser.newPage();
  await page.goto(url, { waitUntil: 'networkidle0' });
  await page.close();
}

async function clearCache() {
  const page = await browser.newPage();
  const session = await page.createCDPSession();
  await session.send('Network.clearBrowserCache');
  await page.close();
}

let failed = false;
try {
  console.log('Lighthouse (mobile):                  perf  a11y  best   seo   CLS');
  // Visitors' pages first (Lighthouse resets storage before each); then the shopper's, signed in.
  const runs = [...types.filter((t) => !SIGNED_IN.includes(t)), ...types.filter((t) => SIGNED_IN.includes(t))];
  let signedIn = false;
  for (const type of runs) {
    const shopperPage = SIGNED_IN.includes(type);
    if (shopperPage && !signedIn) {
      await signInBrowser();
      signedIn = true;
    }
    for (const lang of ['uz', 'ru']) {
      const path = `/${lang}${paths[type]}${query[type] ?? ''}`;
      const noindex = isNoindex(lang, paths[type]);
      await warmUp(`${site.url}${path}`);
      if (shopperPage) await clearCache();
      const result = await lighthouse(
        `${site.url}${path}`,
        {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: Object.keys(BUDGET),
          disableStorageReset: shopperPage,
          ...(noindex ? { skipAudits: ['is-crawlable'] } : {}),
        },
        undefined,
      );
      if (!result) throw new Error(`No Lighthouse result for ${path}`);
      if (reports) writeFileSync(join(reports, `${lang}-${type}.json`), JSON.stringify(result.lhr));
      const { categories, audits } = result.lhr;
      const scores = Object.keys(BUDGET).map((name) => categories[name]?.score ?? 0);
      const cls = audits['cumulative-layout-shift']?.numericValue ?? 1;
      const misses = Object.entries(BUDGET).filter(
        ([name, min]) => (categories[name]?.score ?? 0) < min && !(figuresOnly && name === 'performance'),
      );
      if (misses.length > 0 || (cls > MAX_CLS && !figuresOnly)) failed = true;
      const label = `${path.length > 34 ? `${path.slice(0, 33)}…` : path}${shopperPage ? ' *' : ''}`;
      console.log(
        `  ${label.padEnd(36)} ${scores.map((s) => String(Math.round(s * 100)).padStart(5)).join(' ')} ${cls.toFixed(3).padStart(6)}${misses.length || cls > MAX_CLS ? '  (under budget)' : ''}`,
      );
      for (const [name] of misses) {
        const failing = Object.values(audits).filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            result.lhr.categories[name]?.auditRefs.some((ref) => ref.id === audit.id && ref.weight > 0),
        );
        for (const audit of failing.slice(0, 5)) console.log(`      ${name}: ${audit.id} — ${audit.title}`);
      }
      if (misses.some(([name]) => name === 'performance')) {
        // The largest paint: when, and which element, to know what to fix.
        const ms = (id: string) => Math.round(audits[id]?.numericValue ?? 0);
        const lcp = JSON.stringify(audits['lcp-breakdown-insight']?.details ?? {});
        const snippet = /"snippet":"((?:[^"\\]|\\.)*)"/.exec(lcp)?.[1] ?? '?';
        console.log(
          `      FCP ${ms('first-contentful-paint')} ms, LCP ${ms('largest-contentful-paint')} ms, TBT ${ms('total-blocking-time')} ms; LCP element ${snippet.slice(0, 120)}`,
        );
      }
    }
  }
  console.log('  * signed in as a shopper with an order; noindex pages are scored for SEO without is-crawlable');
} finally {
  await browser.disconnect();
  chrome.kill();
  await site.close();
  await api.close();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
