/**
 * The service worker of a release (public/sw.js): the build writes into it the
 * release's built files (/_astro/) with their SHA-256 and the pages' policy,
 * so the worker names its caches by the release, serves only this release's
 * files whose bytes still match, and answers kept pages offline under the
 * release's Content-Security-Policy.
 */
import type { AstroIntegration } from 'astro';
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { LANGS } from '../contract/langs.ts';
import { pagePolicy, PRIVATE_PAGES } from './host-headers.ts';

/** The line of public/sw.js the build replaces. */
const RELEASE_LINE = /^const RELEASE = \{.*\};$/m;

export interface Release {
  id: string;
  files: Record<string, string>;
  policy: string;
  /** The private pages' paths ('/uz/profile'): neither they nor anything under them is kept. */
  private: string[];
}

/** The private pages of the host's rules, as the path prefixes the worker compares with. */
const privatePaths = () =>
  LANGS.flatMap((lang) => PRIVATE_PAGES.filter((page) => !page.endsWith('/*')).map((page) => `/${lang}${page}`));

/** The release's built files by path ('/_astro/x.js') with the base64 SHA-256 of their bytes, and its id. */
export async function releaseFiles(dir: URL, policy: string): Promise<Release> {
  // Astro writes its built files flat into _astro/.
  const folder = new URL('_astro/', dir);
  const names = (await readdir(folder, { withFileTypes: true }))
    .filter((entry) => entry.isFile())
    .map((entry) => entry.name)
    .sort();
  const files: Record<string, string> = {};
  for (const name of names)
    files[`/_astro/${name}`] = createHash('sha256')
      .update(await readFile(new URL(name, folder)))
      .digest('base64');
  const id = createHash('sha256').update(JSON.stringify(files)).digest('base64url').slice(0, 16);
  return { id, files, policy, private: privatePaths() };
}

/** public/sw.js's text with this release written in. */
export function withRelease(worker: string, release: Release): string {
  if (!RELEASE_LINE.test(worker)) throw new Error('sw.js has no `const RELEASE = {…};` line to write the release into');
  return worker.replace(RELEASE_LINE, () => `const RELEASE = ${JSON.stringify(release)};`);
}

export const serviceWorkerRelease = (): AstroIntegration => ({
  name: 'bozor-service-worker',
  hooks: {
    'astro:build:done': async ({ dir, assets }) => {
      const pages = [...assets.values()].map((files) => files.find((file) => file.pathname.endsWith('.html')));
      const policy = `${await pagePolicy(pages.filter((page) => page !== undefined))}; frame-ancestors 'none'`;
      const worker = new URL('sw.js', dir);
      await writeFile(worker, withRelease(await readFile(worker, 'utf8'), await releaseFiles(dir, policy)));
    },
  },
});
