/**
 * `npm run lighthouse`: Lighthouse (mobile, default throttling) in Debian's
 * Chromium over home, category and product in both languages of the built
 * site, served as a static host would with the reference API beside it.
 * Budgets: performance ≥ 95; accessibility, best practices, SEO = 100; CLS ≤ 0.02.
 * Flags: --no-build reuses dist/.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startServer } from '../api/server.ts';
import { serverOptionsFromEnv } from '../api/config.ts';
import { buildSite } from './build.ts';
import { serveSite } from './serve.ts';

const BUDGET = { performance: 0.95, accessibility: 1, 'best-practices': 1, seo: 1 } as const;
const MAX_CLS = 0.02;

const api = await startServer(serverOptionsFromEnv(process.env));
if (!process.argv.includes('--no-build') || !existsSync('dist/uz.html')) await buildSite({ apiUrl: api.url });
const site = await serveSite(resolve('dist'), 0);

const first = (dir: string) =>
  readdirSync(join('dist', dir))
    .filter((name) => name.endsWith('.html'))
    .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))[0]
    ?.replace(/\.html$/, '');
const pages = ['uz', 'ru'].flatMap((lang) => [
  `/${lang}`,
  `/${lang}/category/${first(`${lang}/category`)}`,
  `/${lang}/product/${first(`${lang}/product`)}`,
]);

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
let failed = false;
try {
  console.log('Lighthouse (mobile):  perf  a11y  best   seo   CLS');
  for (const path of pages) {
    const result = await lighthouse(`${site.url}${path}`, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: Object.keys(BUDGET),
    });
    if (!result) throw new Error(`No Lighthouse result for ${path}`);
    const { categories, audits } = result.lhr;
    const scores = Object.keys(BUDGET).map((name) => categories[name]?.score ?? 0);
    const cls = audits['cumulative-layout-shift']?.numericValue ?? 1;
    const misses = Object.entries(BUDGET).filter(([name, min]) => (categories[name]?.score ?? 0) < min);
    if (misses.length > 0 || cls > MAX_CLS) failed = true;
    console.log(
      `  ${path.padEnd(20)} ${scores.map((s) => String(Math.round(s * 100)).padStart(5)).join(' ')} ${cls.toFixed(3).padStart(6)}${misses.length || cls > MAX_CLS ? '  (under budget)' : ''}`,
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
  }
} finally {
  chrome.kill();
  await site.close();
  await api.close();
}
process.exit(failed ? 1 : 0);
