/**
 * Builds the static site against an API: Astro prerenders every page, then
 * Pagefind indexes it. Used by `npm run build`, `npm start`,
 * the e2e tests and the bench.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
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

export function run(
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv = {},
  signal?: AbortSignal,
  cwd?: string,
): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env }, signal, cwd });
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
  const out = resolve(outDir);
  const profile = env['BUILD_PROFILE'] ?? process.env['BUILD_PROFILE'];
  const astroAt = Date.now();
  await astroBuild(
    out,
    { API_URL: apiUrl, BUILT_AT: builtAt, ...(siteUrl ? { SITE_URL: siteUrl } : {}), ...env },
    signal,
  );
  const pagefindAt = Date.now();
  await indexSite(out);
  if (profile) {
    // The build's phases beside page-selection's figures (what `npm run bench` prints).
    const figures = JSON.parse(readFileSync(profile, 'utf8')) as object;
    const phases = { astroAt, pagefindAt, doneAt: Date.now() };
    writeFileSync(profile, JSON.stringify({ ...figures, ...phases }, null, 2));
  }
}

/** The project's root: the build runs its Astro wherever it is started from. */
export const ROOT = fileURLToPath(new URL('..', import.meta.url));

/**
 * Astro's build of the project into `out`, run from `out` itself: Astro writes its prerender bundle into the
 * out folder when that is inside the working directory, else into the working directory's `.astro/` — shared
 * by concurrent builds and maybe on another disk than the out folder. From `out`, every build has its own,
 * beside its pages; integrations/page-selection.ts makes the project's packages resolvable from it.
 */
export async function astroBuild(out: string, env: NodeJS.ProcessEnv, signal?: AbortSignal): Promise<void> {
  mkdirSync(out, { recursive: true });
  const astro = join(ROOT, 'node_modules/astro/bin/astro.mjs');
  await run(process.execPath, [astro, 'build', '--root', ROOT], { ...env, OUT_DIR: out }, signal, out);
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
    builtAt: process.env.BUILT_AT || undefined,
  });
}
