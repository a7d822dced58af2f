/**
 * First-load JavaScript budget, measured in Chromium: for one page of every
 * type, every script the page loads before any interaction (module scripts,
 * islands hydrated on load, idle or visible, and whatever they import at
 * start-up) plus inline scripts, each gzipped, summed. Prints every figure and
 * fails a page over the budget (shared with the publish gate, scripts/rebuild/page-types.ts). `npm run budget` runs only this file.
 */
import { gzipSync } from 'node:zlib';
import { expect, test, type Browser } from '@playwright/test';
import {
  FIRST_LOAD_BUDGET_KB as BUDGET_KB,
  FIRST_LOAD_TARGET_KB as TARGET_KB,
} from '../../scripts/rebuild/page-types.ts';
import { openUntouched, pageOfEveryType } from './support/site.ts';

const gzipKb = (body: string | Buffer) => gzipSync(body, { level: 9 }).length / 1024;

async function firstLoadKb(browser: Browser, baseURL: string, path: string): Promise<number> {
  // A fresh context per page: nothing comes from another page's cache.
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const scripts = new Map<string, Promise<number>>();
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script' && response.ok()) {
      scripts.set(
        response.url(),
        response.body().then(gzipKb, () => 0),
      );
    }
  });
  await openUntouched(page, path);
  const inline = await page.evaluate(() =>
    [...document.scripts].filter((s) => !s.src && s.type !== 'application/ld+json').map((s) => s.textContent ?? ''),
  );
  const external = await Promise.all(scripts.values());
  await context.close();
  return [...external, ...inline.map(gzipKb)].reduce((sum, kb) => sum + kb, 0);
}

// Desktop only (untagged, see playwright.config.ts): islands hydrate on load or on interaction, never by
// viewport, so a phone loads the same first-load JavaScript.
test('first-load JavaScript of every page type stays within budget', async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  const types: Record<string, string> = { root: '/', 'not-found': '/uz/no-such-page' };
  for (const [name, path] of Object.entries(await pageOfEveryType())) {
    for (const lang of ['uz', 'ru']) types[`${lang}/${name}`] = `/${lang}${path}`;
  }

  const rows: string[] = [];
  const over: string[] = [];
  for (const [name, path] of Object.entries(types)) {
    const kb = await firstLoadKb(browser, baseURL!, path);
    rows.push(
      `${name.padEnd(24)} ${kb.toFixed(1).padStart(6)} KB ${kb > BUDGET_KB ? 'OVER BUDGET' : kb > TARGET_KB ? 'over target' : 'ok'}`,
    );
    if (kb > BUDGET_KB) over.push(name);
  }
  console.log(`First-load JavaScript (gzip), budget ${BUDGET_KB} KB, target ${TARGET_KB} KB:\n  ${rows.join('\n  ')}`);
  expect(over, `page types over ${BUDGET_KB} KB`).toEqual([]);
});
