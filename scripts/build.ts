/**
 * Builds the static site against an API: Astro prerenders every page, then
 * (when installed) Pagefind indexes it. Used by `npm run build`, `npm start`,
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
}

export function run(command: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
    child.on('error', fail);
    child.on('exit', (code, signal) =>
      code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} failed (${signal ?? code})`)),
    );
  });
}

export async function buildSite({ apiUrl, siteUrl, env = {} }: BuildOptions): Promise<void> {
  const astro = resolve('node_modules/astro/bin/astro.mjs');
  await run(process.execPath, [astro, 'build'], { API_URL: apiUrl, ...(siteUrl ? { SITE_URL: siteUrl } : {}), ...env });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await buildSite({ apiUrl: process.env.API_URL ?? 'http://localhost:8787', siteUrl: process.env.SITE_URL });
}
