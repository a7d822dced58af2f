/**
 * The incremental nightly rebuild against the real reference API (40 products), releases in
 * the system's temp folder (outside the repository): a first run builds everything; after
 * `npm run product` changes one product, the next renders only the pages whose inputs changed (its pages, the
 * listings that show it) and links every other from the live release, byte for byte; the
 * result is the same site a full build makes of the same data (build stamps aside), and only the search index's
 * parts holding the changed pages are indexed again; --full and a changed
 * category (every page's menu) build everything.
 */
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from '../../api/db.ts';
import { listFiles } from '../../scripts/rebuild/files.ts';
import { partOf, productParts } from '../../scripts/rebuild/index-parts.ts';
import { partFolder } from '../../src/shared/index-parts.ts';
import type { Manifest } from '../../scripts/rebuild/manifest.ts';
import type { Report } from '../../scripts/rebuild/notify.ts';
import { startTestApi, type TestApi } from '../api/helpers.ts';
import { runScript, tempDir } from './support.ts';

const BUILD_TIMEOUT = 180_000;

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi({ products: 40 });
  dir = tempDir('incremental');
});
afterAll(async () => {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
});

let runs = 0;
const rebuild = async (args: string[] = []) => {
  const run = await runScript('scripts/rebuild.ts', args, {
    API_URL: api.server.url,
    SITE_URL: 'http://localhost:4321',
    RELEASES_DIR: dir,
    BUILD_INDEX_PARTS: String(PARTS),
    // Each run started by another command, as a shell says in `_` (cron, time(1), by hand): the pages are the same.
    _: `/usr/bin/run-${++runs}`,
  });
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const report = JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
  const manifest = JSON.parse(readFileSync(join(dir, `${report.release}.json`), 'utf8')) as Manifest;
  return { run, report, manifest, id: report.release! };
};

const read = (id: string, file: string) => readFileSync(join(dir, id, file), 'utf8');
/** The build's time is printed into product pages; everything else must be the same. */
const withoutStamps = (text: string) => text.replace(/data-built-at="[^"]*"/g, 'data-built-at=""');
const PRICE = 1_234_000;
/** Search index parts: several, so a night indexes only some. */
const PARTS = 8;
const SHOWN = '1\u00a0234\u00a0000';

describe('the incremental rebuild', () => {
  let first: Awaited<ReturnType<typeof rebuild>>;
  let second: Awaited<ReturnType<typeof rebuild>>;

  it(
    'builds everything the first time and records every reusable page’s inputs',
    async () => {
      first = await rebuild();
      expect(first.report.outcome).toBe('published');
      expect(first.manifest.build).toMatchObject({
        mode: 'full',
        reused: 0,
        indexed: [...productParts(PARTS), 'shared'],
        reason: 'no live release',
      });
      const pages = Object.keys(first.manifest.inputs!.pages);
      expect(pages).toEqual(expect.arrayContaining(['uz/product/1.html', 'ru/product/40.html', 'uz/category/1.html']));
      expect(pages.some((page) => page.startsWith('uz/comments/'))).toBe(true);
      // The shopper's own pages and the shop's texts too (a frame around an island or a text); not the home page.
      expect(pages).toEqual(expect.arrayContaining(['uz/basket.html', 'ru/profile/orders.html', 'uz/dialogs.html']));
      expect(pages).not.toContain('uz.html');
    },
    BUILD_TIMEOUT,
  );

  it(
    'after one product changed, renders its pages and the pages showing it, and links the rest',
    async () => {
      const changed = await runScript('api/product-cli.ts', ['1', '--price', String(PRICE), '--stock', '3'], {
        API_DATA_DIR: api.dataDir,
      });
      expect(changed.code, changed.stderr).toBe(0);
      expect(changed.stdout).toMatch(/^Product 1: price 1234000/);

      second = await rebuild();
      expect(second.report.outcome).toBe('published');
      const { build, inputs } = second.manifest;
      expect(build).toMatchObject({ mode: 'incremental', from: first.id });
      const before = first.manifest.inputs!.pages;
      const changedPages = Object.keys(inputs!.pages).filter((page) => inputs!.pages[page] !== before[page]);
      expect(changedPages).toEqual(expect.arrayContaining(['uz/product/1.html', 'ru/product/1.html']));
      // Its pages, its category's listing and its store's: no other product page (related products are read live).
      expect(changedPages.filter((page) => page.includes('/product/')).sort()).toEqual([
        'ru/product/1.html',
        'uz/product/1.html',
      ]);
      expect(changedPages.length).toBeLessThan(Object.keys(before).length / 4);
      expect(build!.reused).toBe(Object.keys(before).length - changedPages.length);

      // The new price on its page and on its category's listing.
      expect(read(second.id, 'uz/product/1.html')).toContain(SHOWN);
      expect(read(first.id, 'uz/product/1.html')).not.toContain(SHOWN);
      const category = changedPages.find((page) => page.startsWith('uz/category/'));
      expect(category).toBeDefined();
      expect(read(second.id, category!)).toContain(SHOWN);

      // Every page whose inputs did not change is the live release's file itself.
      for (const page of Object.keys(before).filter((page) => !changedPages.includes(page))) {
        expect(read(second.id, page), page).toBe(read(first.id, page));
        expect(statSync(join(dir, second.id, page)).ino, page).toBe(statSync(join(dir, first.id, page)).ino);
      }
      // The search index: only the product part holding its pages was indexed again, and the shared part (the
      // categories' and stores' first pages, where it is listed), the others are the live ones.
      const parts = [partOf('uz/product/1.html', PARTS)!];
      expect(changedPages.some((page) => /^uz\/category\/\d+\.html$/.test(page))).toBe(true);
      expect(build!.indexed).toEqual([...parts, 'shared']);
      for (const part of productParts(PARTS).filter((part) => !parts.includes(part))) {
        const entry = `pagefind/${partFolder(part)}/pagefind-entry.json`;
        expect(statSync(join(dir, second.id, entry)).ino, entry).toBe(statSync(join(dir, first.id, entry)).ino);
      }
      // The gate checked the links of the pages written tonight (nothing was removed): every changed page among
      // them, none of the pages taken over (a full build checks every page).
      expect(second.manifest.links.pages).toBeGreaterThanOrEqual(changedPages.length);
      expect(second.manifest.links.pages).toBeLessThanOrEqual(build!.rendered);
      expect(second.manifest.links.pages).toBeLessThan(first.manifest.links.pages - build!.reused + 1);
      expect(first.manifest.links.pages).toBe(listFiles(join(dir, first.id)).filter((f) => f.endsWith('.html')).length);
    },
    BUILD_TIMEOUT,
  );

  it(
    'makes the same site as a full build of the same data (--full), build stamps aside',
    async () => {
      const full = await rebuild(['--full', '--dry-run']);
      expect(full.manifest.build).toMatchObject({ mode: 'full', reused: 0, reason: '--full' });
      expect(full.manifest.inputs).toEqual(second.manifest.inputs);
      const files = listFiles(join(dir, full.id));
      expect(listFiles(join(dir, second.id)).sort()).toEqual([...files].sort());
      for (const file of files) {
        const [incremental, whole] = [read(second.id, file), read(full.id, file)];
        if (incremental !== whole) expect(withoutStamps(incremental), file).toBe(withoutStamps(whole));
      }
    },
    BUILD_TIMEOUT,
  );

  it(
    'indexes again only the product’s part when nothing a listing shows changed (its description)',
    async () => {
      const db = openDb(api.dataDir);
      db.run("UPDATE products SET description_uz = description_uz || ' Yangi tavsif.' WHERE id = 2");
      db.close();
      const run = await rebuild(['--dry-run']);
      const { build, inputs } = run.manifest;
      const changedPages = Object.keys(inputs!.pages).filter(
        (page) => inputs!.pages[page] !== second.manifest.inputs!.pages[page],
      );
      // Its pages only (the Russian one carries the Uzbek text too, for searches in Uzbek).
      expect(changedPages.sort()).toEqual(['ru/product/2.html', 'uz/product/2.html']);
      expect(read(run.id, 'uz/product/2.html')).toContain('Yangi tavsif.');
      expect(build!.indexed).toEqual([partOf('uz/product/2.html', PARTS)]);
      // The shared part is the live release's own files; so are the category and store pages.
      for (const file of ['pagefind/pagefind-entry.json', 'pagefind/pagefind.js', 'uz/category/1.html'])
        expect(statSync(join(dir, run.id, file)).ino, file).toBe(statSync(join(dir, second.id, file)).ino);
      // The parts list is written again, the same.
      expect(read(run.id, 'pagefind/parts.js')).toBe(read(second.id, 'pagefind/parts.js'));
    },
    BUILD_TIMEOUT,
  );

  it(
    'builds everything when a category changed (its products’ breadcrumbs, the listings, the header’s menu)',
    async () => {
      const db = openDb(api.dataDir);
      db.run("UPDATE categories SET name_uz = name_uz || ' (yangi)' WHERE id = 1");
      const inCategory = db.get<{ id: number }>(
        'SELECT id FROM products WHERE category_id = 1 ORDER BY id LIMIT 1',
      )!.id;
      db.close();
      const run = await rebuild(['--dry-run']);
      expect(run.manifest.build).toMatchObject({
        mode: 'full',
        reused: 0,
        reason: 'shared inputs changed: the categories',
      });
      expect(run.manifest.inputs!.shared).not.toBe(second.manifest.inputs!.shared);
      expect(read(run.id, `uz/product/${inCategory}.html`)).toContain('(yangi)');
      expect(read(run.id, 'uz/category-menu.html')).toContain('(yangi)');
    },
    BUILD_TIMEOUT,
  );
});
