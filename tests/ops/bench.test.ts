/**
 * `npm run bench` at a small size, so a bench that no longer runs (a missing renderer, a bare baseline Astro
 * cannot build, a build step renamed) fails `npm test`. What the bench exists for is checked: it built every
 * page of the catalogue, each phase of the build took time and is reported, and the baseline is the bare page it
 * claims. The budgets and the aim are for the 10,000-product manual run; timings at this size say nothing.
 */
import { readdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runScript, tempDir } from './support.ts';

const PRODUCTS = 300;
const BENCH_TIMEOUT = 240_000;
/** Search index parts: each one's figures are printed. */
const PARTS = 4;

let dir: string;
beforeAll(() => {
  // Outside the repository, as an operator's scratch disk would be: the build runs from any folder.
  dir = tempDir('bench');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(
  `builds ${PRODUCTS} products and the bare one-island baseline, and prints the figures`,
  async () => {
    const run = await runScript('scripts/bench.ts', [], {
      BENCH_PRODUCTS: String(PRODUCTS),
      BENCH_DIR: dir,
      BUILD_INDEX_PARTS: String(PARTS),
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const figure = (label: string, unit: string): number => {
      const match = new RegExp(`${label}:\\s+([\\d.]+) ${unit}`).exec(run.stdout);
      expect(match, `"${label}" in\n${run.stdout}`).not.toBeNull();
      return Number(match![1]);
    };

    // Every product page in both languages, and the rest of the site around them (home, listings, comments, ...).
    const built = new RegExp(`Bench: ${PRODUCTS} products, ${2 * PRODUCTS} product pages, (\\d+) pages in all`).exec(
      run.stdout,
    );
    expect(built, run.stdout).not.toBeNull();
    const pages = Number(built![1]);
    expect(pages).toBeGreaterThan(2 * PRODUCTS);
    const build = figure('build \\(Astro \\+ Pagefind, data loading included\\)', 's');
    expect(build).toBeGreaterThan(0);
    expect(figure('peak memory \\(RSS, build process tree\\)', 'MB')).toBeGreaterThan(50);
    // A product page is tens of KB of HTML; the bare page a few.
    const productPage = figure('HTML per product page \\(mean\\)', 'KB');
    expect(productPage).toBeGreaterThan(5);
    expect(figure('Pagefind index', 'MB')).toBeGreaterThan(0);
    // Pagefind indexed the product pages: at least a fragment file per product page.
    expect(Number(/Pagefind index:\s+[\d.]+ MB in (\d+) files/.exec(run.stdout)?.[1])).toBeGreaterThan(2 * PRODUCTS);
    const bare = /bare Astro build, \d+ one-island pages:\s+([\d.]+) s, peak (\d+) MB, ([\d.]+) KB a page/.exec(
      run.stdout,
    );
    expect(bare, run.stdout).not.toBeNull();
    expect(Number(bare![1])).toBeGreaterThan(0);
    expect(Number(bare![3])).toBeGreaterThan(0);
    expect(Number(bare![3])).toBeLessThan(productPage);
    // The ratio is our build's time over the bare one's (within the rounding of the printed seconds).
    const ratio = figure('ratio ours / bare', '');
    expect(Math.abs(ratio - build / Number(bare![1])), run.stdout).toBeLessThanOrEqual(0.1 * ratio);
    expect(run.stdout).toMatch(/the same with our build settings:\s+[\d.]+ s/);
    expect(run.stdout).toMatch(/ratio ours \/ bare with our settings:\s+[\d.]+/);
    expect(run.stdout).toMatch(/CPU time ours \/ bare:\s+[\d.]+ s \/ [\d.]+ s = [\d.]+/);
    // The profile's breakdown: every phase of the build took time, none more than the whole build, and the
    // product pages are among the routes rendered.
    for (const phase of [
      'Astro start and Vite bundling',
      'data loading and getStaticPaths',
      'rendering pages',
      'Pagefind',
    ]) {
      expect(figure(phase, 's'), phase).toBeGreaterThan(0);
      expect(figure(phase, 's'), phase).toBeLessThanOrEqual(build);
    }
    expect(run.stdout).toMatch(/\/\[lang\]\/product\/\[id\]: 600 pages/);
    // Each part of the search index: its pages, time and Pagefind's peak memory. The product parts hold every
    // product page between them, the shared part the category and store pages; the parts ran one after the other
    // inside the Pagefind phase, each holding less memory than the whole build's peak.
    expect(run.stdout).toContain(`search index parts (BUILD_INDEX_PARTS=${PARTS}), one Pagefind process each:`);
    const parts = [
      ...run.stdout.matchAll(/^ {4}(product part (\d+)|shared part):\s+(\d+) pages, ([\d.]+) s, peak (\d+) MB$/gm),
    ].map(([, , part, pages, seconds, peak]) => ({
      part: part === undefined ? 'shared' : Number(part),
      pages: Number(pages),
      seconds: Number(seconds),
      peakMb: Number(peak),
    }));
    expect(parts.map(({ part }) => part)).toEqual([1, 2, 3, 4, 'shared']);
    const productPartPages = parts.filter(({ part }) => part !== 'shared').map(({ pages }) => pages);
    expect(productPartPages.reduce((sum, pages) => sum + pages, 0)).toBe(2 * PRODUCTS);
    for (const pages of productPartPages) expect(pages).toBeGreaterThan(0);
    expect(parts.at(-1)!.pages).toBeGreaterThan(0);
    const pagefind = figure('Pagefind', 's');
    expect(parts.reduce((sum, { seconds }) => sum + seconds, 0)).toBeLessThanOrEqual(pagefind + 0.01 * parts.length);
    const peak = figure('peak memory \\(RSS, build process tree\\)', 'MB');
    for (const { seconds, peakMb } of parts) {
      expect(seconds).toBeGreaterThan(0);
      expect(peakMb).toBeGreaterThan(0);
      expect(peakMb).toBeLessThanOrEqual(peak);
    }
    expect(run.stdout).toContain(`not enforced at ${PRODUCTS}`);
    // The scratch builds are cleared.
    expect(readdirSync(dir)).toEqual([]);
  },
  BENCH_TIMEOUT,
);

it(
  'measures a full rebuild and a one-product night back to back (--night), and the night as a share of it',
  async () => {
    const run = await runScript('scripts/bench.ts', ['--night'], {
      BENCH_PRODUCTS: '60',
      BENCH_DIR: dir,
      BUILD_INDEX_PARTS: String(PARTS),
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    expect(run.stdout).toContain(`Night: 60 products, BUILD_INDEX_PARTS=${PARTS}`);
    const runs = [
      ...run.stdout.matchAll(
        /: +([\d.]+) s, peak (\d+) MB\n {4}steps: (.+)\n {4}pages: (\d+) rendered, (\d+) linked; links checked on (\d+) pages; index parts written: ([\w, ]+|none) \(of (\d+) product parts and the shared one\)/g,
      ),
    ].map(([, seconds, peak, steps, rendered, linked, checked, indexed]) => ({
      seconds: Number(seconds),
      peakMb: Number(peak),
      steps: Object.fromEntries([...steps!.matchAll(/(\w+) ([\d.]+) s/g)].map(([, name, s]) => [name, Number(s)])),
      rendered: Number(rendered),
      linked: Number(linked),
      checked: Number(checked),
      indexed: indexed === 'none' ? [] : indexed!.split(', ').map((part) => (part === 'shared' ? part : Number(part))),
    }));
    expect(runs, run.stdout).toHaveLength(2);
    const [full, night] = runs as [(typeof runs)[0], (typeof runs)[0]];
    // The full rebuild renders, checks and indexes everything; the night renders the changed product's pages and
    // those showing it, links the rest, checks the links of what it wrote and indexes the one part holding it.
    expect(full.linked).toBe(0);
    expect(full.indexed).toEqual([1, 2, 3, 4, 'shared']);
    expect(night.rendered + night.linked).toBe(full.rendered);
    expect(night.rendered).toBeLessThan(full.rendered / 4);
    expect(night.checked).toBeLessThan(full.checked / 4);
    expect(night.indexed.filter((part) => part !== 'shared')).toHaveLength(1);
    for (const { seconds, peakMb, steps } of runs) {
      expect(peakMb).toBeGreaterThan(50);
      expect(Object.keys(steps)).toEqual(['catalogue', 'astro', 'links', 'images', 'budget', 'pagefind']);
      for (const step of Object.values(steps)) expect(step).toBeLessThanOrEqual(seconds);
    }
    const share = Number(/night \/ full: +(\d+) %/.exec(run.stdout)?.[1]);
    // The share is of the unrounded times; the printed seconds are each within 0.05 s of them.
    const [low, high] = [
      (night.seconds - 0.05) / (full.seconds + 0.05),
      (night.seconds + 0.05) / (full.seconds - 0.05),
    ];
    expect(share, run.stdout).toBeGreaterThanOrEqual(Math.round(100 * low));
    expect(share, run.stdout).toBeLessThanOrEqual(Math.round(100 * high));
    expect(readdirSync(dir)).toEqual([]);
  },
  BENCH_TIMEOUT,
);

it(
  'measures the nights against a throttled spec-only backend (--night --spec), with what each cost the API',
  async () => {
    const run = await runScript('scripts/bench.ts', ['--night', '--spec'], {
      BENCH_PRODUCTS: '60',
      BENCH_DIR: dir,
      BUILD_INDEX_PARTS: String(PARTS),
    });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const costs = [
      ...run.stdout.matchAll(
        / {4}API: (\d+) calls \(([\d.]+) a product\), \d+ refused, \d+ retries, [\d.]+ s waited, (\d+) reused on 304; reviews read for (\d+) products/g,
      ),
    ].map(([, calls, perProduct, reused, reviews]) => ({
      calls: Number(calls),
      perProduct: Number(perProduct),
      reused: Number(reused),
      reviews: Number(reviews),
    }));
    expect(costs, run.stdout).toHaveLength(2);
    const [full, night] = costs as [(typeof costs)[0], (typeof costs)[0]];
    // Every product's reviews the first night; after, the lists again (mostly as 304s), the changed product's reviews
    // and a seventh of the others.
    expect(full.reviews).toBe(60);
    expect(night.reviews).toBeLessThanOrEqual(Math.ceil(60 / 7) + 1);
    expect(night.calls).toBeLessThan(full.calls - 40);
    expect(night.perProduct).toBeLessThan(full.perProduct);
    expect(night.reused).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/night \/ full: +\d+ %/);
    expect(readdirSync(dir)).toEqual([]);
  },
  BENCH_TIMEOUT,
);
