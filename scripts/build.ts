/**
 * Builds the static site against an API: Astro prerenders every page, then
 * Pagefind indexes it. Used by `npm run build`, `npm start`,
 * the e2e tests and the bench.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export interface BuildOptions {
  apiUrl: string;
  siteUrl?: string;
  outDir?: string;
  /** Extra environment for the build (the bench sets memory figures through it). */
  env?: NodeJS.ProcessEnv;
  /** The build's time (ISO), printed into product pages as data-built-at; now by default. */
  builtAt?: string;
  /** Aborting stops the build's child process (the rebuild does on SIGTERM). */
  signal?: AbortSignal;
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}, signal?: AbortSignal): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, signal });
    // An abort kills the child: settle on its exit, so nothing writes into the output after we return.
    child.on('error', (error) => error.name !== 'AbortError' && fail(error));
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export async function buildSite({
  apiUrl,
  siteUrl,
  outDir = 'dist',
  env = {},
  builtAt = new Date().toISOString(),
  signal,
}: BuildOptions): Promise<void> {
  const astro = resolve('node_modules/astro/bin/astro.mjs');
  await run(
    process.execPath,
    [astro, 'build'],
    {
      API_URL: apiUrl,
      OUT_DIR: resolve(outDir),
      BUILT_AT: builtAt,
      ...(siteUrl ? { SITE_URL: siteUrl } : {}),
      ...env,
    },
    signal,
  );
  await indexSite(resolve(outDir));
}

/**
 * Pagefind over the built pages: only pages with `data-pagefind-body` (product,
 * category and store pages) are indexed, one index per `<html lang>`.
 */
export async function indexSite(dir: string): Promise<void> {
  const started = Date.now();
  const pagefind = await import('pagefind');
  const { index, errors } = await pagefind.createIndex({});
  if (!index) throw new Error(`Pagefind: ${errors.join('; ')}`);
  // Only these folders hold indexed pages; skipping the rest saves reading ~10k comment and shell pages.
  const added = await index.addDirectory({ path: dir, glob: '{uz,ru}/{product,category,store}/**/*.html' });
  if (added.errors.length > 0) throw new Error(`Pagefind: ${added.errors.join('; ')}`);
  const written = await index.writeFiles({ outputPath: resolve(dir, 'pagefind') });
  if (written.errors.length > 0) throw new Error(`Pagefind: ${written.errors.join('; ')}`);
  await pagefind.close();
  console.log(`Pagefind: indexed ${added.page_count} pages in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite({
    apiUrl: process.env.API_URL ?? 'http://localhost:8787',
    siteUrl: process.env.SITE_URL,
    outDir: process.env.OUT_DIR,
  });
}
