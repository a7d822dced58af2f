/**
 * `npm run bench` at a small size, so a bench that no longer runs (a missing renderer, a bare baseline Astro
 * cannot build, a build step renamed) fails `npm test`. Only that it runs and prints its figures is checked:
 * the budgets and the aim are for the 10,000-product manual run, and timings at this size say nothing.
 */
import { readdirSync, rmSync } from 'node:fs';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runScript, tempDir } from './support.ts';

const PRODUCTS = 300;
const BENCH_TIMEOUT = 240_000;

let dir: string;
beforeAll(() => {
  // Outside the repository, as an operator's scratch disk would be: the build runs from any folder.
  dir = tempDir('bench');
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it(
  `builds ${PRODUCTS} products and the bare one-island baseline, and prints the figures`,
  async () => {
    const run = await runScript('scripts/bench.ts', [], { BENCH_PRODUCTS: String(PRODUCTS), BENCH_DIR: dir });
    expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
    const figure = (label: string, unit: string): number => {
      const match = new RegExp(`${label}:\\s+([\\d.]+) ${unit}`).exec(run.stdout);
      expect(match, `"${label}" in\n${run.stdout}`).not.toBeNull();
      return Number(match![1]);
    };

    expect(run.stdout).toMatch(new RegExp(`Bench: ${PRODUCTS} products, ${2 * PRODUCTS} product pages, \\d+ pages`));
    expect(figure('build \\(Astro \\+ Pagefind, data loading included\\)', 's')).toBeGreaterThan(0);
    expect(figure('peak memory \\(RSS, build process tree\\)', 'MB')).toBeGreaterThan(50);
    // A product page is tens of KB of HTML; the bare page a few.
    const productPage = figure('HTML per product page \\(mean\\)', 'KB');
    expect(productPage).toBeGreaterThan(5);
    expect(figure('Pagefind index', 'MB')).toBeGreaterThan(0);
    const bare = /bare Astro build, \d+ one-island pages:\s+([\d.]+) s, peak (\d+) MB, ([\d.]+) KB a page/.exec(
      run.stdout,
    );
    expect(bare, run.stdout).not.toBeNull();
    expect(Number(bare![1])).toBeGreaterThan(0);
    expect(Number(bare![3])).toBeGreaterThan(0);
    expect(Number(bare![3])).toBeLessThan(productPage);
    expect(figure('ratio ours / bare', '')).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/the same with our build settings:\s+[\d.]+ s/);
    expect(run.stdout).toMatch(/ratio ours \/ bare with our settings:\s+[\d.]+/);
    expect(run.stdout).toMatch(/CPU time ours \/ bare:\s+[\d.]+ s \/ [\d.]+ s = [\d.]+/);
    // The profile's breakdown, with the product pages among the routes rendered.
    for (const phase of [
      'Astro start and Vite bundling',
      'data loading and getStaticPaths',
      'rendering pages',
      'Pagefind',
    ])
      expect(figure(phase, 's'), phase).toBeGreaterThanOrEqual(0);
    expect(run.stdout).toMatch(/\/\[lang\]\/product\/\[id\]: 600 pages/);
    expect(run.stdout).toContain(`not enforced at ${PRODUCTS}`);
    // The scratch builds are cleared.
    expect(readdirSync(dir)).toEqual([]);
  },
  BENCH_TIMEOUT,
);
