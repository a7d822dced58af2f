/**
 * `npm run bench`: seeds a scratch database with BENCH_PRODUCTS (10,000)
 * products, builds both locales and the Pagefind index against it, and prints
 * build time, pages per second, peak memory, HTML and index size — then builds
 * a bare Astro project with the same number of one-island pages, in the same
 * run on the same machine, and prints our time as a ratio of it.
 * Budgets (exit 1 when over): whole build under 120 s and 2 GB peak RSS.
 * Aim (printed, not enforced): at most 2.5 times the bare Astro build.
 */
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { startServer } from '../api/server.ts';
import { treeRssKb } from './process-memory.ts';
import { serverOptionsFromEnv } from '../api/config.ts';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const BUDGET_SECONDS = 120;
const BUDGET_RSS_MB = 2048;
const AIM_RATIO = 2.5;

const scratch = resolve('.tmp/bench');
/**
 * Removes a scratch folder and waits for the disk to settle: freeing the
 * previous run's 1.4 GB of pages in the background slowed the next build by
 * a third, so no run may pay for another's clean-up.
 */
function clearScratch(dir: string): void {
  rmSync(dir, { recursive: true, force: true });
  spawnSync('sync');
}
clearScratch(scratch);
mkdirSync(scratch, { recursive: true });

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

/** A bare Astro project: N pages from getStaticPaths, each with one React island. */
function writeBareProject(dir: string, pages: number): void {
  mkdirSync(join(dir, 'src/pages'), { recursive: true });
  writeFileSync(
    join(dir, 'astro.config.mjs'),
    "import react from '@astrojs/react';\nexport default { output: 'static', build: { format: 'file' }, integrations: [react()] };\n",
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

const seedStart = performance.now();
// The build goes through the API's rate limits with its own token, as `npm start` does.
const buildToken = randomBytes(32).toString('base64url');
const api = await startServer({
  ...serverOptionsFromEnv({ API_BUILD_TOKEN: buildToken }),
  port: 0,
  dataDir: join(scratch, 'data'),
  seedProducts: PRODUCTS,
});
const seedSeconds = (performance.now() - seedStart) / 1000;
console.log(`Seeded ${PRODUCTS} products in ${seedSeconds.toFixed(1)} s; API at ${api.url}`);

const outDir = join(scratch, 'dist');
const ours = await measured([resolve('scripts/build.ts')], {
  API_URL: api.url,
  OUT_DIR: outDir,
  API_BUILD_TOKEN: buildToken,
});
await api.close();

const html = folderStats(outDir, (name) => name.endsWith('.html'));
const index = folderStats(join(outDir, 'pagefind'), () => true);
const productPages = folderStats(join(outDir, 'uz/product'), (name) => name.endsWith('.html')).files * 2;

const bareDir = join(resolve('.tmp'), 'bench-bare');
clearScratch(bareDir);
writeBareProject(bareDir, html.files);
const bare = await measured([resolve('node_modules/astro/bin/astro.mjs'), 'build'], {}, bareDir);
clearScratch(bareDir);
clearScratch(scratch);

const ratio = ours.seconds / bare.seconds;
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
console.log(`
Bench: ${PRODUCTS} products, ${productPages} product pages, ${html.files} pages in all (both locales)
  build (Astro + Pagefind, data loading included): ${ours.seconds.toFixed(1)} s   budget ${BUDGET_SECONDS} s
  pages per second:                                ${(html.files / ours.seconds).toFixed(0)}
  peak memory (RSS, build process tree):           ${ours.peakMb.toFixed(0)} MB   budget ${BUDGET_RSS_MB} MB
  total HTML:                                      ${mb(html.bytes)} MB
  Pagefind index:                                  ${mb(index.bytes)} MB in ${index.files} files
  bare Astro build, ${html.files} one-island pages:     ${bare.seconds.toFixed(1)} s, peak ${bare.peakMb.toFixed(0)} MB
  ratio ours / bare:                               ${ratio.toFixed(2)}   aim ${AIM_RATIO}${ratio > AIM_RATIO ? ' (missed)' : ''}
`);
const failures = [ours.seconds > BUDGET_SECONDS && 'build time', ours.peakMb > BUDGET_RSS_MB && 'peak memory'].filter(
  Boolean,
);
if (failures.length > 0) {
  console.error(`Over budget: ${failures.join(', ')}`);
  process.exit(1);
}
