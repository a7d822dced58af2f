/**
 * Shards: `npm run build -- --shard i/n` renders a deterministic slice of the paths, and
 * `npm run build -- --merge <dir>…` joins the slices and indexes what the shards did not. At 300 products, two and three
 * shards merge into the same files, byte for byte, as one build of the same data and build time; a merge with a
 * shard missing is refused. With eight search index parts, two shards index their own and the merge none of them;
 * three shards' parts are indexed at the merge. Everything in the system's temp folder, outside the repository.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseShard, shardOf } from '../../integrations/page-selection.ts';
import { listFiles } from '../../scripts/rebuild/files.ts';
import type { Manifest } from '../../scripts/rebuild/manifest.ts';
import type { Report } from '../../scripts/rebuild/notify.ts';
import { startTestApi, type TestApi } from '../api/helpers.ts';
import { runScript, tempDir } from './support.ts';

const TIMEOUT = 300_000;
const BUILT_AT = '2026-05-01T22:00:00.000Z';

let api: TestApi;
let dir: string;
beforeAll(async () => {
  api = await startTestApi({ products: 300 });
  dir = tempDir('shards');
});
// Closing an API that served three builds' reads can take a while on a loaded machine.
afterAll(async () => {
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
}, 60_000);

const build = async (out: string, args: string[] = []) => {
  const run = await runScript('scripts/build.ts', args, {
    API_URL: api.server.url,
    SITE_URL: 'http://localhost:4321',
    OUT_DIR: join(dir, out),
    BUILT_AT,
    BUILD_INDEX_PARTS: '8',
  });
  expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr}`).toBe(0);
  return run;
};

describe('shards', () => {
  it('every path is in exactly one shard', () => {
    expect(parseShard('2/3')).toEqual({ index: 2, count: 3 });
    for (const wrong of ['0/3', '4/3', '1', 'a/b', '']) expect(parseShard(wrong)).toBeNull();
    const paths = Array.from({ length: 2000 }, (_, i) => `/uz/product/${i}`);
    for (const count of [1, 2, 3, 7]) {
      const sizes = new Array<number>(count).fill(0);
      for (const path of paths) sizes[shardOf(path, count) - 1]!++;
      expect(sizes.reduce((a, b) => a + b)).toBe(paths.length);
      // Roughly even: no shard holds more than 1.2 times its share.
      expect(Math.max(...sizes)).toBeLessThan((1.2 * paths.length) / count);
    }
  });

  it(
    'two and three shards merge into the single build, byte for byte',
    async () => {
      await build('single');
      const single = listFiles(join(dir, 'single')).sort();
      expect(single).toEqual(expect.arrayContaining(['uz/product/1.html', 'pagefind/pagefind.js', '_headers']));
      for (const count of [2, 3]) {
        const shards = Array.from({ length: count }, (_, i) => `${count}-shard-${i + 1}`);
        for (const [i, shard] of shards.entries()) {
          const run = await build(shard, ['--shard', `${i + 1}/${count}`]);
          expect(run.stdout).toMatch(new RegExp(`rendering \\d+ of \\d+ paths, shard ${i + 1}/${count}`));
        }
        // Every page in exactly one shard's output.
        const pages = shards.map((shard) => listFiles(join(dir, shard)).filter((file) => file.endsWith('.html')));
        expect(pages.flat().sort()).toEqual(single.filter((file) => file.endsWith('.html')));
        const merged = `${count}-merged`;
        await build(merged, ['--merge', ...shards.map((shard) => join(dir, shard))]);
        expect(listFiles(join(dir, merged)).sort()).toEqual(single);
        for (const file of single)
          expect(readFileSync(join(dir, merged, file)).equals(readFileSync(join(dir, 'single', file))), file).toBe(
            true,
          );
      }
    },
    TIMEOUT,
  );

  it(
    'the nightly rebuild publishes merged shards (--merge), and the next night reuses their pages',
    async () => {
      const releases = join(dir, 'releases');
      const env = {
        API_URL: api.server.url,
        SITE_URL: 'http://localhost:4321',
        RELEASES_DIR: releases,
        BUILD_INDEX_PARTS: '8',
      };
      const shards = [1, 2, 3].map((i) => join(dir, `3-shard-${i}`));
      const merged = await runScript('scripts/rebuild.ts', ['--merge', ...shards], env);
      expect(merged.code, merged.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(releases, 'report.json'), 'utf8')) as Report;
      expect(report.outcome).toBe('published');
      const manifest = JSON.parse(readFileSync(join(releases, `${report.release}.json`), 'utf8')) as Manifest;
      expect(manifest.build).toMatchObject({ mode: 'full', reason: 'merged from 3 shards' });
      expect(readFileSync(join(releases, report.release!, 'uz/product/1.html'), 'utf8')).toContain(BUILT_AT);

      const next = await runScript('scripts/rebuild.ts', [], env);
      expect(next.code, next.stderr).toBe(0);
      const nextReport = JSON.parse(readFileSync(join(releases, 'report.json'), 'utf8')) as Report;
      const nextManifest = JSON.parse(readFileSync(join(releases, `${nextReport.release}.json`), 'utf8')) as Manifest;
      // The shards hashed their inputs as the rebuild does: nothing changed, every reusable page is reused.
      expect(nextManifest.build).toMatchObject({
        mode: 'incremental',
        reused: Object.keys(manifest.inputs!.pages).length,
      });
    },
    TIMEOUT,
  );

  it(
    'a sharded night reads the API once: the shards and their merge build from the catalogue read for them',
    async () => {
      const catalogue = join(dir, 'catalogue');
      const read = await runScript('scripts/catalogue.ts', [catalogue], { API_URL: api.server.url });
      expect(read.code, read.stderr).toBe(0);
      expect(read.stdout).toMatch(/\[catalogue\] API: \d+ calls/);
      const facts = JSON.parse(readFileSync(join(catalogue, 'facts.json'), 'utf8')) as { capabilities: string[] };
      // From here on the API is gone: whatever still asked it would fail.
      const gone = { API_URL: 'http://127.0.0.1:9', BUILD_CATALOGUE: catalogue };
      const shards = [1, 2].map((i) => join(dir, `read-once-${i}`));
      for (const [i, out] of shards.entries()) {
        const run = await runScript('scripts/build.ts', ['--shard', `${i + 1}/2`], {
          ...gone,
          BUILD_CAPABILITIES: facts.capabilities.join(','),
          SITE_URL: 'http://localhost:4321',
          OUT_DIR: out,
          BUILT_AT,
          BUILD_INDEX_PARTS: '8',
        });
        expect(run.code, `${run.stdout.slice(-3000)}\n${run.stderr}`).toBe(0);
      }
      const releases = join(dir, 'read-once-releases');
      const merged = await runScript('scripts/rebuild.ts', ['--merge', ...shards], {
        ...gone,
        SITE_URL: 'http://localhost:4321',
        RELEASES_DIR: releases,
        BUILD_INDEX_PARTS: '8',
      });
      expect(merged.code, merged.stderr).toBe(0);
      const report = JSON.parse(readFileSync(join(releases, 'report.json'), 'utf8')) as Report;
      expect(report.outcome).toBe('published');
      // Every product page in both languages, as the single build has them (which names another API in its pages).
      const pages = (root: string) => listFiles(root).filter((file) => /^(uz|ru)\/product\/\d+\.html$/.test(file));
      expect(pages(join(releases, report.release!)).sort()).toEqual(pages(join(dir, 'single')).sort());
      const manifest = JSON.parse(readFileSync(join(releases, `${report.release}.json`), 'utf8')) as Manifest;
      expect(manifest.api!.calls).toBeGreaterThan(0);
    },
    TIMEOUT,
  );

  it('refuses a merge with a shard missing', async () => {
    const run = await runScript('scripts/build.ts', ['--merge', join(dir, '3-shard-1'), join(dir, '3-shard-3')], {
      OUT_DIR: join(dir, 'incomplete'),
    });
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain('the shards are 1/3, 3/3; a merge needs each of 1/3, 2/3, 3/3 once');
  });
});
