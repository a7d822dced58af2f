/**
 * First-load JavaScript budget, measured in Chromium: for one page of every
 * type, every script the page loads before any interaction (module scripts,
 * islands hydrated on load, idle or visible, and whatever they import at
 * start-up) plus inline scripts, each gzipped, summed. Prints every figure and
 * fails a page type over its kind's budget (catalogue, product, shopper; shared with the publish gate,
 * scripts/rebuild/page-types.ts). `npm run budget` runs only this file.
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { expect, test, expectConsole, failedLoad } from './support/test.ts';
import {
  FIRST_LOAD_BUDGETS_KB,
  HTML_BUDGETS_KB,
  kindOf,
  LARGEST_PRODUCT_PAGE_KB,
  PAGE_TYPES,
  type PageType,
} from '../../scripts/rebuild/page-types.ts';
import { pageFiles } from '../../scripts/rebuild/gate.ts';
import { LANGS } from '#contract/langs.ts';
import { E2E_DIST } from '../../playwright.config.ts';
import { openUntouched, pageOfEveryType } from './support/site.ts';

/** Gzipped size of each script, by URL: hashed chunks are the same on every page a worker measures. */
const sizes = new Map<string, Promise<number>>();
const gzipKb = (body: string | Buffer) => gzipSync(body, { level: 9 }).length / 1024;

async function firstLoadKb(page: Page, path: string): Promise<number> {
  // Nothing from a cache (the browser's or the renderer's): a first visit's scripts all come over the network.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
  const scripts: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script' || !response.ok()) return;
    if (!sizes.has(response.url()))
      sizes.set(
        response.url(),
        response.body().then(gzipKb, () => 0),
      );
    scripts.push(sizes.get(response.url())!);
  });
  await openUntouched(page, path);
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((s) => !s.src && s.type !== 'application/ld+json').map((s) => s.textContent ?? ''),
  );
  const external = await Promise.all(scripts);
  await cdp.detach();
  return [...external, ...inline.map(gzipKb)].reduce((sum, kb) => sum + kb, 0);
}

async function expectWithinBudget(page: Page, paths: Record<string, string>) {
  const over: string[] = [];
  for (const [name, path] of Object.entries(paths)) {
    const kb = await firstLoadKb(page, path);
    const kind = kindOf(name);
    const budget = FIRST_LOAD_BUDGETS_KB[kind];
    const verdict = kb > budget ? 'OVER BUDGET' : 'ok';
    console.log(
      `First-load JavaScript (gzip) ${name.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB of ${kind} ${budget} KB ${verdict}`,
    );
    test.info().annotations.push({ type: 'first-load KB', description: `${name} ${kb.toFixed(1)}` });
    if (kb > budget) over.push(`${name} ${kb.toFixed(1)} KB (${kind} budget ${budget} KB)`);
  }
  expect(over, 'over the budget').toEqual([]);
}

// Desktop only (untagged, see playwright.config.ts): islands hydrate on load or on interaction, never by
// viewport, so a phone loads the same first-load JavaScript. In Uzbek: the language changes the islands' props, not
// their scripts (the publish gate, scripts/rebuild/budget.ts, measures both languages of every built page type).
// One test per page type, so workers share them.
test.describe('first-load JavaScript stays within budget', () => {
  for (const type of Object.keys(PAGE_TYPES) as PageType[]) {
    test(type, async ({ page }) => {
      const path = (await pageOfEveryType())[type];
      await expectWithinBudget(page, { [`uz/${type}`]: `/uz${path}` });
    });
  }
  test('the bare root and the 404 page', async ({ page }) => {
    expectConsole(page, failedLoad(404, /\/uz\/no-such-page$/));
    await expectWithinBudget(page, { root: '/', 'not-found': '/uz/no-such-page' });
  });
});

// The HTML the build writes, per page type: its median page in each language within the type's budget, and the
// heaviest product page within its own. Read from the e2e build's files (no browser needed, so desktop only).
test('HTML weight per page type stays within budget', () => {
  const over: string[] = [];
  for (const lang of LANGS) {
    for (const type of Object.keys(PAGE_TYPES) as PageType[]) {
      const kb = pageFiles(E2E_DIST, lang, type)
        .map((file) => statSync(join(E2E_DIST, file)).size / 1024)
        .sort((a, b) => a - b);
      expect(kb.length, `${lang}/${type} built`).toBeGreaterThan(0);
      const median = kb[Math.floor((kb.length - 1) / 2)]!;
      const largest = kb.at(-1)!;
      console.log(
        `HTML ${`${lang}/${type}`.padEnd(24)} median ${median.toFixed(1).padStart(6)} KB of ${HTML_BUDGETS_KB[type]} KB, largest ${largest.toFixed(1)} KB (${kb.length} pages)`,
      );
      if (median > HTML_BUDGETS_KB[type]) over.push(`${lang}/${type} median ${median.toFixed(1)} KB`);
      if (type === 'product' && largest > LARGEST_PRODUCT_PAGE_KB)
        over.push(`${lang}/${type} largest ${largest.toFixed(1)} KB (budget ${LARGEST_PRODUCT_PAGE_KB} KB)`);
    }
  }
  expect(over, 'over the budget').toEqual([]);
});
