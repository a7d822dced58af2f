/**
 * Builds the static site against an API: Astro prerenders every page
 * (astro-build.ts), then Pagefind indexes it (build-index.ts); `--shard i/n`
 * and `--merge <dir>…` build it on several machines (build-shards.ts). Used
 * by `npm run build`, `npm start`, the e2e tests and the bench.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { childrenCpuSeconds } from './process-memory.ts';
import { astroBuild, type BuildOptions } from './astro-build.ts';
import { indexSite, lastPagefindCpuSeconds, type PartFigures } from './build-index.ts';
import { buildShard, mergeShards } from './build-shards.ts';

export async function buildSite({
  apiUrl,
  siteUrl,
  outDir = 'dist',
  env = {},
  builtAt = new Date().toISOString(),
  signal,
  index = true,
}: BuildOptions): Promise<void> {
  const out = resolve(outDir);
  const profile = env['BUILD_PROFILE'] ?? process.env['BUILD_PROFILE'];
  const astroAt = Date.now();
  const cpuAtStart = childrenCpuSeconds();
  const parts: PartFigures[] = [];
  await astroBuild(
    out,
    { API_URL: apiUrl, BUILT_AT: builtAt, ...(siteUrl ? { SITE_URL: siteUrl } : {}), ...env },
    signal,
  );
  const pagefindAt = Date.now();
  const cpuAtPagefind = childrenCpuSeconds();
  const selfAtPagefind = process.cpuUsage();
  if (!index) return;
  await indexSite(out, { onPart: (part) => parts.push(part) });
  if (profile) {
    // The build's phases beside page-selection's figures (what `npm run bench` prints).
    const figures = JSON.parse(readFileSync(profile, 'utf8')) as object;
    const self = process.cpuUsage(selfAtPagefind);
    const phases = {
      astroAt,
      pagefindAt,
      doneAt: Date.now(),
      // Pagefind's process is closed, not waited for: its CPU time counts in no parent's, so the bench adds it.
      pagefindProcessCpuMs: lastPagefindCpuSeconds() * 1000,
      astroCpuMs: (cpuAtPagefind - cpuAtStart) * 1000,
      // Pagefind's binary is our child; its Node API runs in this process.
      pagefindCpuMs:
        (lastPagefindCpuSeconds() + childrenCpuSeconds() - cpuAtPagefind) * 1000 + (self.user + self.system) / 1000,
      parts,
    };
    writeFileSync(profile, JSON.stringify({ ...figures, ...phases }, null, 2));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { shard: { type: 'string' }, merge: { type: 'boolean', default: false } },
  });
  const options: BuildOptions = {
    apiUrl: process.env.API_URL ?? 'http://localhost:8787',
    siteUrl: process.env.SITE_URL,
    outDir: process.env.OUT_DIR,
    builtAt: process.env.BUILT_AT || undefined,
  };
  if (values.merge) {
    if (positionals.length === 0) throw new Error('Usage: npm run build -- --merge <shard folder>…');
    await mergeShards(positionals, options.outDir ?? 'dist');
  } else if (values.shard !== undefined) await buildShard({ ...options, shard: values.shard });
  else await buildSite(options);
}
