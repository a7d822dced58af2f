import { rmSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { firstLoad } from '../../scripts/rebuild/budget.ts';
import { checkBudget, checkPageTypes, measureFirstLoad, pageFile, Refusal } from '../../scripts/rebuild/gate.ts';
import {
  FIRST_LOAD_BUDGETS_KB,
  kindOf,
  PAGE_TYPES,
  parseBudgets,
  type PageType,
} from '../../scripts/rebuild/page-types.ts';
import { page, tempDir, writeSite } from './support.ts';

const dirs: string[] = [];
const site = (files: Record<string, string>) => {
  const dir = tempDir('budget');
  dirs.push(dir);
  writeSite(dir, files);
  return dir;
};
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

const kb = (text: string) => gzipSync(text, { level: 9 }).length / 1024;
/** Incompressible-ish filler so sizes differ clearly. */
const filler = (n: number, seed: number) =>
  `/*${Array.from({ length: n }, (_, i) => ((i * 7919 + seed * 104729) % 65536).toString(36)).join(' ')}*/`;

const scripts = {
  '_astro/header.js': `import{a}from"./shared.js";import"./side.js";${filler(200, 1)}`,
  '_astro/shared.js': `export const a=1;${filler(300, 2)}`,
  '_astro/side.js': `const m=()=>import("./late.js");${filler(100, 3)}`,
  '_astro/late.js': filler(5000, 4),
  '_astro/Panel.js': `import{a}from"./shared.js";${filler(400, 5)}`,
  '_astro/client.js': filler(250, 6),
  '_astro/Search.js': filler(3000, 7),
  '_astro/classic.js': filler(50, 8),
};
const inline = 'window.x=1;';
const html = page(
  [
    '<script type="module" src="/_astro/header.js"></script>',
    '<script src="/_astro/classic.js"></script>',
    `<script>${inline}</script>`,
    '<script type="application/ld+json">{"@type":"Product"}</script>',
    '<astro-island component-url="/_astro/Panel.js" renderer-url="/_astro/client.js" client="load"></astro-island>',
    '<astro-island component-url="/_astro/Search.js" renderer-url="/_astro/client.js" client="media"></astro-island>',
  ].join(''),
);

describe('first-load JavaScript, measured over the built HTML', () => {
  it('counts module scripts and their static imports, islands that hydrate on load, classic and inline scripts', async () => {
    const dir = site({ 'page.html': html, ...scripts });
    const result = await firstLoad(dir, 'page.html');
    const counted = ['header', 'shared', 'side', 'Panel', 'client', 'classic'].map((name) => `/_astro/${name}.js`);
    expect(result.files).toEqual([...counted].sort());
    const expected = counted.reduce(
      (sum, path) => sum + kb(scripts[path.slice(1) as keyof typeof scripts]),
      kb(inline),
    );
    expect(result.kb).toBeCloseTo(expected, 6);
  });

  it('a page loading a script that is not in the release is an error, not a small number', async () => {
    const dir = site({ 'page.html': page('<script type="module" src="/_astro/gone.js"></script>') });
    await expect(firstLoad(dir, 'page.html')).rejects.toThrow(/gone\.js, which is not in the release/);
  });

  it("refuses a release with a page over its kind's budget", () => {
    const budgets = { catalogue: 30, product: 30, shopper: 90 };
    expect(() => checkBudget({ root: 30, 'uz/product': 30, 'ru/basket': 90 }, budgets)).not.toThrow();
    expect(() =>
      checkBudget({ 'uz/home': 12, 'uz/product': 30.1, 'ru/search': 89, 'ru/basket': 90.4, 'not-found': 31 }, budgets),
    ).toThrow(
      new Refusal(
        'budget',
        'first-load JavaScript over budget (REBUILD_JS_BUDGET_KB catalogue=30 product=30 shopper=90): uz/product 30.1 KB, ru/basket 90.4 KB, not-found 31 KB',
      ),
    );
  });

  it('gives every page type a kind: the catalogue and product pages load no React, shopper pages do', () => {
    expect(kindOf('uz/product')).toBe('product');
    expect(kindOf('ru/profile-orders')).toBe('shopper');
    expect(kindOf('uz/comments')).toBe('catalogue');
    expect(kindOf('root')).toBe('catalogue');
    expect(FIRST_LOAD_BUDGETS_KB).toEqual({ catalogue: 30, product: 30, shopper: 96 });
  });

  it('reads REBUILD_JS_BUDGET_KB as kind=KB pairs or one number', () => {
    expect(parseBudgets('shopper=96')).toEqual({ catalogue: 30, product: 30, shopper: 96 });
    expect(parseBudgets('catalogue=20, product=25 shopper=80')).toEqual({ catalogue: 20, product: 25, shopper: 80 });
    expect(parseBudgets('50')).toEqual({ catalogue: 50, product: 50, shopper: 50 });
    for (const bad of ['0', 'home=20', 'shopper=', 'shopper=0.5', 'lots']) expect(parseBudgets(bad), bad).toBeNull();
  });
});

/** A release with one page of every type in both languages. */
function everyPageType(): Record<string, string> {
  const files: Record<string, string> = {
    'index.html': page(''),
    '404.html': page(''),
    'robots.txt': '',
    'sitemap-index.xml': '',
  };
  for (const lang of ['uz', 'ru']) {
    for (const path of Object.values(PAGE_TYPES)) {
      files[`${lang}${path.replace(/:\w+/, '10')}.html`] = page('<script src="/_astro/classic.js"></script>');
      if (path.includes(':')) files[`${lang}${path.replace(/:\w+/, '9')}.html`] = page('');
    }
  }
  return { ...files, '_astro/classic.js': filler(50, 8) };
}

describe('page types', () => {
  const all = Object.keys(PAGE_TYPES) as PageType[];

  it('finds a page of every type in both languages, and measures each', async () => {
    const dir = site(everyPageType());
    expect(() => checkPageTypes(dir, all)).not.toThrow();
    expect(pageFile(dir, 'uz', 'home')).toBe('uz.html');
    expect(pageFile(dir, 'ru', 'product')).toBe('ru/product/9.html');
    const figures = await measureFirstLoad(dir, all);
    expect(Object.keys(figures)).toHaveLength(2 + 2 * all.length);
    expect(figures['uz/about']).toBeCloseTo(kb(filler(50, 8)), 1);
    expect(figures['ru/product']).toBe(0);
  });

  it('refuses a release missing a page type in one language, or a site-wide file', () => {
    const files = everyPageType();
    for (const name of Object.keys(files)) if (name.startsWith('ru/store/')) delete files[name];
    delete files['robots.txt'];
    const dir = site(files);
    expect(() => checkPageTypes(dir, all)).toThrow(
      new Refusal('page-types', 'page types missing from the build: robots.txt, ru/store'),
    );
    expect(() =>
      checkPageTypes(
        dir,
        all.filter((type) => type !== 'store'),
      ),
    ).toThrow(/: robots\.txt$/);
  });
});
