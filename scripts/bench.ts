/**
 * `npm run bench`: seeds a scratch database with BENCH_PRODUCTS (10,000)
 * products, builds both locales and the Pagefind index against it, and prints
 * build time, pages per second, peak memory, HTML and index size — then builds
 * a bare Astro project with the same number of one-island pages (one React
 * island through @astrojs/react) twice, with Astro's defaults and with our
 * build settings (integrations/build-settings.ts), in the same run on the same
 * machine, and prints our time as a ratio of each.
 * Budgets (exit 1 when over, at 10,000 products or more): whole build under
 * 120 s and 2 GB peak RSS. Aim (printed, not enforced): at most 2.5 times the
 * bare Astro build with Astro's defaults. `npm test` runs a small bench (tests/ops/bench.test.ts) so
 * a broken bench fails CI; the 10k figures are a manual run. Each search index part's pages, time and
 * Pagefind's peak memory are printed too. `--night`: a full rebuild and a one-product night instead
 * (scripts/rebuild/night-bench.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PartFigures } from './build-index.ts';
import { BUILD_CONCURRENCY, REACT_OPTIONS } from '../integrations/build-settings.ts';
import { measured, type Run } from './process-memory.ts';
import { formatNight, runNight } from './rebuild/night-bench.ts';
import { seededApi } from './seeded-api.ts';

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
  /** CPU seconds (user + system) of the whole build's process tree. */
  cpuSeconds: number;
  peakMb: number;
  htmlBytes: number;
  /** Mean size of one product page's HTML. */
  productPageBytes: number;
  index: { files: number; bytes: number };
  bare: { seconds: number; cpuSeconds: number; peakMb: number; pageBytes: number };
  /** The bare project again with our build settings (integrations/build-settings.ts): Astro at its fastest. */
  bareTuned: { seconds: number; cpuSeconds: number };
  /** Our build time over the bare build's (Astro's defaults, as the aim was set). */
  ratio: number;
  /** Our build time over the tuned bare build's. */
  tunedRatio: number;
  /** Our CPU time over the bare build's. */
  cpuRatio: number;
  breakdown: Breakdown | null;
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

/**
 * A bare Astro project: N pages from getStaticPaths, each with one React island; with Astro's defaults, or
 * `tuned` with the build settings astro.config.mjs takes from integrations/build-settings.ts.
 */
function writeBareProject(dir: string, pages: number, tuned: boolean): void {
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
      tuned ? `  build: { format: 'file', concurrency: ${BUILD_CONCURRENCY} },` : "  build: { format: 'file' },",
      "  vite: { environments: { prerender: { resolve: { noExternal: ['@astrojs/react'] } } } },",
      `  integrations: [react(${tuned ? JSON.stringify(REACT_OPTIONS) : ''})],`,
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

/** Where the seconds of our build went (BUILD_PROFILE of scripts/build.ts and integrations/page-selection.ts). */
export interface Breakdown {
  /** Astro's start, config and the Vite builds of the client and the prerender bundle. */
  bundleSeconds: number;
  /** Every route's getStaticPaths: the catalogue loaded from the API (both languages) and the paths made. */
  dataSeconds: number;
  /** Rendering the pages to HTML. */
  renderSeconds: number;
  /** The rest of page generation: Astro writing each file, logging it, the queue. */
  writeSeconds: number;
  /** After the pages: the build:done steps (host headers, island preloads) and Astro's exit. */
  afterSeconds: number;
  pagefindSeconds: number;
  /**
   * CPU seconds: Astro's whole process, its page generation (rendering's own CPU is not sampled per page:
   * process.cpuUsage() twice a page cost 2 % of the build), and Pagefind.
   */
  cpu: { astro: number; generate: number; pagefind: number; pagefindProcess: number };
  /** The routes that took longest to render: [route, pages, seconds]. */
  routes: [string, number, number][];
  /** Each part of the search index (BUILD_INDEX_PARTS product parts, then the shared one), in the order written. */
  parts: PartFigures[];
}

function readBreakdown(path: string): Breakdown | null {
  try {
    const p = JSON.parse(readFileSync(path, 'utf8')) as {
      setupAt: number;
      teardownAt: number;
      astroAt: number;
      pagefindAt: number;
      doneAt: number;
      generateMs: number;
      renderMs: number;
      astroCpuMs: number;
      generateCpuMs: number;
      pagefindCpuMs: number;
      pagefindProcessCpuMs: number;
      routes: { route: string; rendered: number; pathsMs: number; renderMs: number }[];
      parts?: PartFigures[];
    };
    const pathsMs = p.routes.reduce((sum, route) => sum + route.pathsMs, 0);
    return {
      bundleSeconds: (p.setupAt - p.astroAt) / 1000,
      dataSeconds: pathsMs / 1000,
      renderSeconds: p.renderMs / 1000,
      writeSeconds: (p.generateMs - pathsMs - p.renderMs) / 1000,
      afterSeconds: (p.pagefindAt - p.teardownAt) / 1000,
      pagefindSeconds: (p.doneAt - p.pagefindAt) / 1000,
      cpu: {
        astro: p.astroCpuMs / 1000,
        generate: p.generateCpuMs / 1000,
        pagefind: p.pagefindCpuMs / 1000,
        pagefindProcess: p.pagefindProcessCpuMs / 1000,
      },
      routes: p.routes
        .filter((route) => route.rendered > 0)
        .slice(0, 5)
        .map((route) => [route.route, route.rendered, route.renderMs / 1000]),
      parts: p.parts ?? [],
    };
  } catch {
    return null;
  }
}

/** Runs the bench in `dir` (its `data`, `dist` and `bare` folders are cleared before and after); any folder. */
export async function runBench(products: number, dir: string): Promise<BenchFigures> {
  const dataDir = join(dir, 'data');
  const outDir = join(dir, 'dist');
  const bareDir = join(dir, 'bare');
  const profilePath = join(dir, 'profile.json');
  for (const folder of [dataDir, outDir, bareDir, profilePath]) clearScratch(folder);
  mkdirSync(dir, { recursive: true });
  try {
    const seedStart = performance.now();
    const { api, buildToken } = await seededApi(products, dataDir);
    const seedSeconds = (performance.now() - seedStart) / 1000;
    console.log(`Seeded ${products} products in ${seedSeconds.toFixed(1)} s; API at ${api.url}`);

    let ours: Run;
    try {
      ours = await measured([resolve('scripts/build.ts')], {
        API_URL: api.url,
        OUT_DIR: outDir,
        API_BUILD_TOKEN: buildToken,
        BUILD_PROFILE: profilePath,
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

    const breakdown = readBreakdown(profilePath);
    const buildBare = async (tuned: boolean) => {
      clearScratch(bareDir);
      writeBareProject(bareDir, html.files, tuned);
      const run = await measured([resolve('node_modules/astro/bin/astro.mjs'), 'build'], {}, bareDir);
      const page = readFileSync(join(bareDir, 'dist/1.html'), 'utf8');
      // The baseline must be what it says: a page with a React island, server-rendered and hydrated on load.
      if (!/<astro-island[^>]*renderer-url="[^"]+"[^>]*client="load"/.test(page) || !page.includes('<button>0'))
        throw new Error('The bare project built no server-rendered React island');
      return { ...run, page };
    };
    const bare = await buildBare(false);
    const barePage = bare.page;
    const tuned = await buildBare(true);

    return {
      products,
      productPages: product.files,
      pages: html.files,
      seedSeconds,
      seconds: ours.seconds,
      cpuSeconds: ours.cpuSeconds + (breakdown?.cpu.pagefindProcess ?? 0),
      peakMb: ours.peakMb,
      htmlBytes: html.bytes,
      productPageBytes: product.bytes / product.files,
      index,
      bare: {
        seconds: bare.seconds,
        cpuSeconds: bare.cpuSeconds,
        peakMb: bare.peakMb,
        pageBytes: Buffer.byteLength(barePage),
      },
      bareTuned: { seconds: tuned.seconds, cpuSeconds: tuned.cpuSeconds },
      ratio: ours.seconds / bare.seconds,
      tunedRatio: ours.seconds / tuned.seconds,
      cpuRatio: bare.cpuSeconds > 0 ? (ours.cpuSeconds + (breakdown?.cpu.pagefindProcess ?? 0)) / bare.cpuSeconds : 0,
      breakdown,
    };
  } finally {
    for (const folder of [dataDir, outDir, bareDir, profilePath]) clearScratch(folder);
  }
}

/** The figures as `npm run bench` prints them. */
export function formatFigures(figures: BenchFigures): string {
  const { products, productPages, pages, seconds, peakMb, bare, ratio, breakdown: b } = figures;
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
  the same with our build settings:                ${figures.bareTuned.seconds.toFixed(1)} s (concurrency ${BUILD_CONCURRENCY}, React without streaming)
  ratio ours / bare:                               ${ratio.toFixed(2)}   aim ${AIM_RATIO}${ratio > AIM_RATIO ? ' (missed)' : ''}
  ratio ours / bare with our settings:             ${figures.tunedRatio.toFixed(2)}
  CPU time ours / bare:                            ${figures.cpuSeconds.toFixed(1)} s / ${bare.cpuSeconds.toFixed(1)} s = ${figures.cpuRatio.toFixed(2)}
${b ? breakdownLines(b) : ''}${full ? '' : `  (budgets and aim are for ${FULL_SIZE} products; not enforced at ${products})\n`}`;
}

function breakdownLines(b: Breakdown): string {
  const row = (label: string, seconds: number) => `    ${`${label}:`.padEnd(45)} ${seconds.toFixed(2)} s\n`;
  return (
    '  where our build time went (wall clock):\n' +
    row('Astro start and Vite bundling', b.bundleSeconds) +
    row('data loading and getStaticPaths', b.dataSeconds) +
    row('rendering pages', b.renderSeconds) +
    row('Astro between pages (file writes not overlapped)', b.writeSeconds) +
    row('after the pages (headers, island preloads)', b.afterSeconds) +
    row('Pagefind', b.pagefindSeconds) +
    '  CPU time:\n' +
    row('Astro (start, bundling, pages, hooks)', b.cpu.astro) +
    row('of which page generation', b.cpu.generate) +
    row('Pagefind (CPU)', b.cpu.pagefind) +
    b.routes.map(([route, count, seconds]) => `      ${route}: ${count} pages, ${seconds.toFixed(1)} s\n`).join('') +
    `  search index parts (BUILD_INDEX_PARTS=${b.parts.filter(({ part }) => part !== 'shared').length}), one Pagefind process each:\n` +
    b.parts
      .map(
        ({ part, pages, ms, peakMb }) =>
          `    ${`${part === 'shared' ? 'shared part' : `product part ${part}`}:`.padEnd(20)} ${String(pages).padStart(6)} pages, ${(ms / 1000).toFixed(2)} s, peak ${peakMb} MB\n`,
      )
      .join('')
  );
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
  if (process.argv.includes('--night')) {
    const dir = resolve(process.env.BENCH_DIR ?? '.tmp/bench');
    console.log(formatNight(await runNight(products, dir, process.argv.includes('--spec'))));
    process.exit(0);
  }
  const figures = await runBench(products, resolve(process.env.BENCH_DIR ?? '.tmp/bench'));
  console.log(formatFigures(figures));
  const failures = overBudget(figures);
  if (failures.length > 0) {
    console.error(`Over budget: ${failures.join(', ')}`);
    process.exit(1);
  }
}
