/**
 * `npm run bench -- --night`: what a night costs against a full rebuild, measured back to back under the same load.
 * Seeds BENCH_PRODUCTS products, runs `rebuild --full` (published to a local releases folder), changes one
 * product's price as a seller would (`npm run product`), then runs the nightly `rebuild`, and prints both runs'
 * wall time, peak memory (the rebuild's process tree) and steps, and the night as a share of the full rebuild.
 * BUILD_INDEX_PARTS is the environment's (8 when unset: the nightly workflow's).
 * `--spec`: against the spec-only backend as a production API behaves instead (tests/spec-backend: the spec's calls
 * alone, pages of 20, 40 ms a call, Django REST's throttle at 20 a second), read at the build's default pace: what
 * each night cost in calls, refusals and waits is printed beside its time.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join, resolve } from 'node:path';
import { seededApi } from '../seeded-api.ts';
import { startSpecBackend } from '../../tests/spec-backend/server.ts';
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

/** A backend to run the nights against: where it is, how the rebuild reaches it, and a seller's price change. */
interface Backend {
  env: NodeJS.ProcessEnv;
  changePrice: (id: number, price: number) => Promise<void>;
  close: () => Promise<void>;
}

async function referenceApi(products: number, dataDir: string): Promise<Backend> {
  const { api, buildToken } = await seededApi(products, dataDir);
  return {
    env: { API_URL: api.url, API_BUILD_TOKEN: buildToken },
    changePrice: async (id, price) => {
      const changed = spawnSync(
        process.execPath,
        [resolve('api/product-cli.ts'), String(id), '--price', String(price), '--data-dir', dataDir],
        { encoding: 'utf8' },
      );
      if (changed.status !== 0) throw new Error(`npm run product failed: ${changed.stderr}`);
    },
    close: () => api.close(),
  };
}

/** The spec-only backend as production behaves: 40 ms a call, 20 calls a second, pages of 20. */
async function specBackend(products: number): Promise<Backend> {
  const backend = await startSpecBackend({ products, latencyMs: 40, throttle: { requests: 20, seconds: 1 } });
  return {
    env: { API_URL: backend.origin },
    changePrice: async (id, price) => {
      const answer = await fetch(`${backend.origin}/__test/product/${id}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ price }),
      });
      if (answer.status !== 204) throw new Error(`the spec backend refused the price change (${answer.status})`);
    },
    close: () => backend.close(),
  };
}

export async function runNight(products: number, dir: string, spec = false): Promise<NightFigures> {
  const dataDir = join(dir, 'night-data');
  const releases = join(dir, 'night-releases');
  for (const folder of [dataDir, releases]) rmSync(folder, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  const indexParts = Number(process.env['BUILD_INDEX_PARTS'] || 8);
  const backend = spec ? await specBackend(products) : await referenceApi(products, dataDir);
  const load = loadavg()[0]!;
  try {
    const rebuild = async (args: string[]): Promise<RebuildRun> => {
      const reportPath = join(releases, 'report.json');
      const run = await measured([resolve('scripts/rebuild.ts'), ...args], {
        ...backend.env,
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
    await backend.changePrice(changed, 1_234_000);
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
    await backend.close();
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
    `${manifest.links.pages} pages; index parts written: ${manifest.build?.indexed.join(', ') || 'none'} (of ${figures.indexParts} product parts and the shared one)\n` +
    (manifest.api
      ? `    API: ${manifest.api.calls} calls (${manifest.api.perProduct} a product), ${manifest.api.throttled} refused, ` +
        `${manifest.api.retries} retries, ${manifest.api.waitedSeconds} s waited, ${manifest.api.notModified} reused on 304; ` +
        `reviews read for ${manifest.api.reviews.read} products, kept for ${manifest.api.reviews.kept}\n`
      : '');
  const percent = Math.round(figures.ratio * 100);
  return `
Night: ${figures.products} products, BUILD_INDEX_PARTS=${figures.indexParts}, load average ${load[0].toFixed(1)} before and ${load[1].toFixed(1)} after
${run('full rebuild (rebuild --full)', full)}${run(`night, product ${figures.changed}'s price changed`, night)}  night / full:                                ${percent} %   aim under ${NIGHT_AIM * 100} %${figures.ratio >= NIGHT_AIM ? ' (missed)' : ''}
`;
}
