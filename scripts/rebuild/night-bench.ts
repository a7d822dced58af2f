/**
 * `npm run bench -- --night`: what a night costs against a full rebuild, measured back to back under the same load.
 * Seeds BENCH_PRODUCTS products, runs `rebuild --full` (published to a local releases folder), changes one
 * product's price as a seller would (`npm run product`), then runs the nightly `rebuild`, and prints both runs'
 * wall time, peak memory (the rebuild's process tree) and steps, and the night as a share of the full rebuild.
 * BUILD_INDEX_PARTS is the environment's (8 when unset: the nightly workflow's).
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { seededApi } from '../seeded-api.ts';
import { measured, type Run } from '../process-memory.ts';
import type { Manifest } from './manifest.ts';
import type { Report } from './notify.ts';

/** The share of a full rebuild a one-product night should stay under. */
const NIGHT_AIM = 0.25;

interface RebuildRun extends Run {
  manifest: Manifest;
}

export interface NightFigures {
  products: number;
  indexParts: number;
  /** The product whose price changed. */
  changed: number;
  full: RebuildRun;
  night: RebuildRun;
  /** The night's wall time over the full rebuild's. */
  ratio: number;
  /** The machine's one-minute load average before the full rebuild and after the night. */
  load: [number, number];
}

export async function runNight(products: number, dir: string): Promise<NightFigures> {
  const dataDir = join(dir, 'night-data');
  const releases = join(dir, 'night-releases');
  for (const folder of [dataDir, releases]) rmSync(folder, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const indexParts = Number(process.env['BUILD_INDEX_PARTS'] || 8);
  const { api, buildToken } = await seededApi(products, dataDir);
  const load = loadavg()[0]!;
  try {
    const rebuild = async (args: string[]): Promise<RebuildRun> => {
      const reportPath = join(releases, 'report.json');
      const run = await measured([resolve('scripts/rebuild.ts'), ...args], {
        API_URL: api.url,
        API_BUILD_TOKEN: buildToken,
        SITE_URL: 'http://localhost:4321',
        RELEASES_DIR: releases,
        REBUILD_REPORT: reportPath,
        REBUILD_KEEP: '2',
        DEPLOY_TARGET: 'local',
        BUILD_INDEX_PARTS: String(indexParts),
      });
      const report = JSON.parse(readFileSync(reportPath, 'utf8')) as Report;
      if (report.outcome !== 'published' || !report.manifest)
        throw new Error(`rebuild ${args.join(' ')}: ${report.outcome} at ${report.step}: ${report.reason}`);
      return { ...run, manifest: JSON.parse(readFileSync(report.manifest, 'utf8')) as Manifest };
    };
    const full = await rebuild(['--full']);
    const changed = Math.ceil(products / 2);
    const price = spawnSync(
      process.execPath,
      [resolve('api/product-cli.ts'), String(changed), '--price', '1234000', '--data-dir', dataDir],
      { encoding: 'utf8' },
    );
    if (price.status !== 0) throw new Error(`npm run product failed: ${price.stderr}`);
    const night = await rebuild([]);
    return {
      products,
      indexParts,
      changed,
      full,
      night,
      ratio: night.seconds / full.seconds,
      load: [load, loadavg()[0]!],
    };
  } finally {
    await api.close();
    for (const folder of [dataDir, releases]) rmSync(folder, { recursive: true, force: true });
  }
}

const stepsLine = (steps: Record<string, number> = {}) =>
  Object.entries(steps)
    .map(([name, ms]) => `${name} ${(ms / 1000).toFixed(1)} s`)
    .join(', ');

export function formatNight(figures: NightFigures): string {
  const { full, night, load } = figures;
  const run = (label: string, { seconds, peakMb, manifest }: RebuildRun) =>
    `  ${`${label}:`.padEnd(44)} ${seconds.toFixed(1)} s, peak ${peakMb.toFixed(0)} MB\n` +
    `    steps: ${stepsLine(manifest.steps)}\n` +
    `    pages: ${manifest.build?.rendered ?? 0} rendered, ${manifest.build?.reused ?? 0} linked; links checked on ` +
    `${manifest.links.pages} pages; index parts written: ${manifest.build?.indexed.join(', ') || 'none'} (of ${figures.indexParts} product parts and the shared one)\n`;
  const percent = Math.round(figures.ratio * 100);
  return `
Night: ${figures.products} products, BUILD_INDEX_PARTS=${figures.indexParts}, load average ${load[0].toFixed(1)} before and ${load[1].toFixed(1)} after
${run('full rebuild (rebuild --full)', full)}${run(`night, product ${figures.changed}'s price changed`, night)}  night / full:                                ${percent} %   aim under ${NIGHT_AIM * 100} %${figures.ratio >= NIGHT_AIM ? ' (missed)' : ''}
`;
}
