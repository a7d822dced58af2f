/**
 * `npm run bench`: seeds a scratch database with BENCH_PRODUCTS (10,000)
 * products, builds both locales and the Pagefind index against it, and prints
 * build time, pages per second, peak memory, HTML and index size — then builds
 * a bare Astro project with the same number of one-island pages (one React
 * island through @astrojs/react, configured as astro.config.mjs configures it),
 * in the same run on the same machine, and prints our time as a ratio of it.
 * Budgets (exit 1 when over, at 10,000 products or more): whole build under
 * 120 s and 2 GB peak RSS. Aim (printed, not enforced): at most 2.5 times the
 * bare Astro build. `npm test` runs a small bench (tests/ops/bench.test.ts) so
 * a broken bench fails CI; the 10k figures are a manual run.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startServer } from '../api/server.ts';
import { treeRssKb } from './process-memory.ts';
import { serverOptionsFromEnv } from '../api/config.ts';

/** The size the budgets and the aim are set for; smaller runs print figures only. */
export const FULL_SIZE = 10_000;
export const BUDGET_SECONDS = 120;
export const BUDGET_RSS_MB = 2048;
export const AIM_RATIO = 2.5;

export interface BenchFigures {
  products: number;
  productPages: number;
  /** HTML pages in all, both locales. */
  pages: number;
  seedSeconds: number;
  /** Astro + Pagefind, data loading included. */
  seconds: number;
  peakMb: number;
  htmlBytes: number;
  /** Mean size of one product page's HTML. */
  productPageBytes: number;
  index: { files: number; bytes: number };
  bare: { seconds: number; peakMb: number; pageBytes: number };
  /** Our build time over the bare build's. */
  ratio: number;
}

/**
 * Removes a scratch folder and waits for the disk to settle: freeing the
 * previous run's 1.4 GB of pages in the background slowed the next build by
 * a third, so no run may pay for another's clean-up.
 */
function clearScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}

interface Run {
  seconds: number;
  peakMb: number;
}

/** Runs a command and samples the resident memory of its whole process tree. */
function measured(args: string[], env: NodeJS.ProcessEnv, cwd = process.cwd()): Promise<Run> {
  return new Promise((done, fail) => {
    const started = performance.now();
    const child = spawn(process.execPath, args, {
      cwd,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let peakKb = 0;
    const sampler = setInterval(() => (peakKb = Math.max(peakKb, treeRssKb(child.pid ?? -1))), 100);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearInterval(sampler);
      if (code !== 0) fail(new Error(`${args.join(' ')} exited with ${code}`));
      else done({ seconds: (performance.now() - started) / 1000, peakMb: peakKb / 1024 });
    });
  });
}

function folderStats(dir: string, match: (name: string) => boolean): { files: number; bytes: number } {
  let files = 0;
  let bytes = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || !match(entry.name)) continue;
    files++;
    bytes += statSync(join(entry.parentPath, entry.name)).size;
  }
  return { files, bytes };
}

/** The packages the bare project uses; linked into its own node_modules, so Vite treats them as a real project's. */
const BARE_PACKAGES = ['astro', '@astrojs/react', 'react', 'react-dom'];

/** A bare Astro project: N pages from getStaticPaths, each with one React island. */
function writeBareProject(dir: string, pages: number): void {
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  mkdirSync(join(dir, 'node_modules/@astrojs'), { recursive: true });
  for (const name of BARE_PACKAGES) symlinkSync(resolve('node_modules', name), join(dir, 'node_modules', name), 'dir');
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    [
      "import react from '@astrojs/react';",
      // As in astro.config.mjs: Astro 7.3's prerender environment cannot load the renderer unbundled
      // ("Received protocol 'astro:'").
      'export default {',
      "  output: 'static',",
      "  build: { format: 'file' },",
      "  vite: { environments: { prerender: { resolve: { noExternal: ['@astrojs/react'] } } } },",
      '  integrations: [react()],',
      '};',
      '',
    ].join('\n'),
  );
  writeFileSync(
    join(dir, 'src/Counter.tsx'),
    "import { useState } from 'react';\nexport default function Counter() { const [n, setN] = useState(0); return <button onClick={() => setN(n + 1)}>{n}</button>; }\n",
  );
  writeFileSync(
    join(dir, 'src/pages/[id].astro'),
    `---\nimport Counter from '../Counter.tsx';\nexport function getStaticPaths() { return Array.from({ length: ${pages} }, (_, i) => ({ params: { id: String(i + 1) } })); }\nconst { id } = Astro.params;\n---\n<html lang="en"><head><title>Page {id}</title></head><body><h1>Page {id}</h1><Counter client:load /></body></html>\n`,
  );
}

/**
 * Runs the bench in `dir` (its `data`, `dist` and `bare` folders are cleared before and after). Keep `dir` inside
 * the working directory: Astro writes a build's intermediate files beside an out folder within it, but into the
 * shared `.astro/` for one outside, where a concurrent build (the rebuild tests) would meet them.
 */
export async function runBench(products: number, dir: string): Promise<BenchFigures> {
  const dataDir = join(dir, 'data');
  const outDir = join(dir, 'dist');
  const bareDir = join(dir, 'bare');
  for (const folder of [dataDir, outDir, bareDir]) clearScratch(folder);
  mkdirSync(dir, { recursive: true });
  try {
    const seedStart = performance.now();
    // The build goes through the API's rate limits with its own token, as `npm start` does.
    const buildToken = randomBytes(32).toString('base64url');
    const api = await startServer({
      ...serverOptionsFromEnv({ API_BUILD_TOKEN: buildToken }),
      port: 0,
      dataDir,
      seedProducts: products,
    });
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`Seeded ${products} products in ${seedSeconds.toFixed(1)} s; API at ${api.url}`);

    let ours: Run;
    try {
      ours = await measured([resolve('scripts/build.ts')], {
        API_URL: api.url,
        OUT_DIR: outDir,
        API_BUILD_TOKEN: buildToken,
      });
    } finally {
      await api.close();
    }

    const html = folderStats(outDir, (name) => name.endsWith('.html'));
    const index = folderStats(join(outDir, 'pagefind'), () => true);
    const isHtml = (name: string) => name.endsWith('.html');
    const product = ['uz', 'ru']
      .map((lang) => folderStats(join(outDir, lang, 'product'), isHtml))
      .reduce((sum, stats) => ({ files: sum.files + stats.files, bytes: sum.bytes + stats.bytes }));
    if (product.files === 0) throw new Error(`The build wrote no product pages into ${outDir}`);

    writeBareProject(bareDir, html.files);
    const bare = await measured([resolve('node_modules/astro/bin/astro.mjs'), 'build'], {}, bareDir);
    const barePage = readFileSync(join(bareDir, 'dist/1.html'), 'utf8');
    // The baseline must be what it says: a page with a React island, server-rendered and hydrated on load.
    if (!/<astro-island[^>]*renderer-url="[^"]+"[^>]*client="load"/.test(barePage) || !barePage.includes('<button>0'))
      throw new Error('The bare project built no server-rendered React island');

    return {
      products,
      productPages: product.files,
      pages: html.files,
      seedSeconds,
      seconds: ours.seconds,
      peakMb: ours.peakMb,
      htmlBytes: html.bytes,
      productPageBytes: product.bytes / product.files,
      index,
      bare: { seconds: bare.seconds, peakMb: bare.peakMb, pageBytes: Buffer.byteLength(barePage) },
      ratio: ours.seconds / bare.seconds,
    };
  } finally {
    for (const folder of [dataDir, outDir, bareDir]) clearScratch(folder);
  }
}

/** The figures as `npm run bench` prints them. */
export function formatFigures(figures: BenchFigures): string {
  const { products, productPages, pages, seconds, peakMb, bare, ratio } = figures;
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const kb = (bytes: number) => (bytes / 1024).toFixed(1);
  const full = products >= FULL_SIZE;
  return `
Bench: ${products} products, ${productPages} product pages, ${pages} pages in all (both locales)
  build (Astro + Pagefind, data loading included): ${seconds.toFixed(1)} s   budget ${BUDGET_SECONDS} s
  pages per second:                                ${(pages / seconds).toFixed(0)}
  peak memory (RSS, build process tree):           ${peakMb.toFixed(0)} MB   budget ${BUDGET_RSS_MB} MB
  total HTML:                                      ${mb(figures.htmlBytes)} MB
  HTML per product page (mean):                    ${kb(figures.productPageBytes)} KB (${Math.round(figures.productPageBytes)} bytes)
  Pagefind index:                                  ${mb(figures.index.bytes)} MB in ${figures.index.files} files
  bare Astro build, ${pages} one-island pages:     ${bare.seconds.toFixed(1)} s, peak ${bare.peakMb.toFixed(0)} MB, ${kb(bare.pageBytes)} KB a page
  ratio ours / bare:                               ${ratio.toFixed(2)}   aim ${AIM_RATIO}${ratio > AIM_RATIO ? ' (missed)' : ''}
${full ? '' : `  (budgets and aim are for ${FULL_SIZE} products; not enforced at ${products})\n`}`;
}

/** What is over budget; nothing below the full size, where the budgets do not apply. */
export function overBudget(figures: BenchFigures): string[] {
  if (figures.products < FULL_SIZE) return [];
  return [
    ...(figures.seconds > BUDGET_SECONDS ? ['build time'] : []),
    ...(figures.peakMb > BUDGET_RSS_MB ? ['peak memory'] : []),
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const products = Number(process.env.BENCH_PRODUCTS ?? FULL_SIZE);
  if (!Number.isInteger(products) || products < 1) throw new Error('BENCH_PRODUCTS must be a whole number above 0');
  const figures = await runBench(products, resolve(process.env.BENCH_DIR ?? '.tmp/bench'));
  console.log(formatFigures(figures));
  const failures = overBudget(figures);
  if (failures.length > 0) {
    console.error(`Over budget: ${failures.join(', ')}`);
    process.exit(1);
  }
}
