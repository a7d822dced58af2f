/**
 * `npm run rebuild` end to end against the real reference API (a 40-product
 * catalogue), made to misbehave by stopping it, reseeding it, or an HTTP
 * interposer in front of it. After every refusal the live release is the same
 * one and still serves, and the webhook got exactly one message.
 */
import { chmodSync, existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../scripts/rebuild/manifest.ts';
import { FIRST_LOAD_BUDGETS_KB, kindOf } from '../../scripts/rebuild/page-types.ts';
import type { Report } from '../../scripts/rebuild/notify.ts';
import { currentRelease, listReleases, lockReleases, pruneReleases } from '../../scripts/rebuild/releases.ts';
import { serveSite, type StaticSite } from '../../scripts/serve.ts';
import { startTestApi, type TestApi } from '../api/helpers.ts';
import {
  outputMatches,
  runScript,
  startInterposer,
  startScript,
  startWebhook,
  tempDir,
  type Interposer,
  type Rule,
  type Webhook,
} from './support.ts';

const BUILD_TIMEOUT = 180_000;

let api: TestApi;
let proxy: Interposer;
let webhook: Webhook;
let dir: string;
let site: StaticSite;
let live: string;

beforeAll(async () => {
  api = await startTestApi({ products: 40 });
  proxy = await startInterposer(api.server.url);
  webhook = await startWebhook();
  dir = tempDir('rebuild');
});
afterAll(async () => {
  await site?.close();
  await proxy.close();
  await webhook.close();
  await api.stop();
  rmSync(dir, { recursive: true, force: true });
});

const env = (extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv => ({
  API_URL: proxy.url,
  SITE_URL: 'http://localhost:4321',
  RELEASES_DIR: dir,
  REBUILD_WEBHOOK_URL: webhook.url,
  ...extra,
});
const rebuild = (extra: NodeJS.ProcessEnv = {}, args: string[] = []) =>
  runScript('scripts/rebuild.ts', args, env(extra));
const report = () => JSON.parse(readFileSync(join(dir, 'report.json'), 'utf8')) as Report;
const manifest = (id: string) => JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as Manifest;
const releaseIds = () => listReleases(dir).map((release) => release.id);

/** The same rule for catalogue pages only; everything else passes through. */
const onCatalogue =
  (change: (answer: { count: number; results: Record<string, unknown>[] }, lang: string) => void): Rule =>
  async (request, upstream) => {
    const answer = await upstream();
    if (request.path.startsWith('/api/v1/products/catalogue/')) change(answer.json as never, request.lang);
    return answer;
  };

async function expectLiveServing(): Promise<void> {
  expect(currentRelease(dir)).toBe(live);
  const response = await fetch(`${site.url}/uz`);
  expect(response.status).toBe(200);
  expect(await response.text()).toContain('<html lang="uz"');
}

/** Runs a rebuild that must be refused (or fail) at `step` with `reason`, leaving everything as it was. */
async function expectRefused(
  step: string,
  reason: RegExp,
  extra: NodeJS.ProcessEnv = {},
  outcome: 'refused' | 'failed' = 'refused',
): Promise<Report> {
  const before = releaseIds();
  const messages = webhook.messages.length;
  const run = await rebuild(extra);
  expect(run.code, run.stderr).toBe(outcome === 'refused' ? 2 : 1);
  const line = run.stderr.split('\n').find((l) => l.startsWith('Rebuild '));
  expect(line).toMatch(new RegExp(`^Rebuild ${outcome} at ${step}: `));
  expect(line).toMatch(reason);
  expect(run.stderr).toContain(`Live release kept: ${live}`);

  const written = report();
  expect(written).toMatchObject({ outcome, step, release: null, live, notified: true });
  expect(written.reason).toMatch(reason);
  expect(releaseIds()).toEqual(before);
  await expectLiveServing();

  expect(webhook.messages).toHaveLength(messages + 1);
  const message = webhook.messages.at(-1)!;
  expect(message.body['chat_id']).toBe('-100777');
  expect(message.body['text']).toContain(`${outcome} at ${step}`);
  expect(message.body['text']).toContain(`Reason: ${written.reason}`);
  expect(message.body['text']).toContain(`Live release kept: ${live}`);
  for (const text of [run.stdout, run.stderr, JSON.stringify(written)]) expect(text).not.toContain('SECRET-TOKEN');
  return written;
}

describe('npm run rebuild', () => {
  it(
    'builds, gates and publishes a release with its manifest',
    async () => {
      const run = await rebuild();
      expect(run.code, run.stderr).toBe(0);
      const published = report();
      expect(published).toMatchObject({ outcome: 'published', step: null, reason: null, notified: null });
      live = published.release!;
      expect(published.live).toBe(live);
      expect(currentRelease(dir)).toBe(live);

      const written = manifest(live);
      expect(written.counts.uz).toMatchObject({ products: 40, categories: 15 });
      expect(written.counts.ru.products).toBe(40);
      expect(written.counts.uz.pages).toBeGreaterThan(80);
      expect(written.contentHash).toMatch(/^sha256:[0-9a-f]{64}$/);
      expect(written.commit).toMatch(/^[0-9a-f]{40}$/);
      expect(written.apiUrl).toBe(proxy.url);
      expect(written.pagefind.bytes).toBeGreaterThan(10_000);
      expect(written.peakMemoryMb).toBeGreaterThan(100);
      expect(written.publishedAt).not.toBeNull();
      for (const [name, kb] of Object.entries(written.firstLoadKb))
        expect(kb, name).toBeLessThanOrEqual(FIRST_LOAD_BUDGETS_KB[kindOf(name)]);
      expect(Object.keys(written.firstLoadKb)).toEqual(expect.arrayContaining(['root', 'uz/product', 'ru/search']));

      const product = readFileSync(join(dir, live, 'uz/product/1.html'), 'utf8');
      expect(product).toContain(`data-built-at="${written.builtAt}"`);
      expect(webhook.messages).toHaveLength(0);
      site = await serveSite(join(dir, 'current'), 0);
      await expectLiveServing();
    },
    BUILD_TIMEOUT,
  );

  it('refuses when the API is stopped', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    await expectRefused('api', /the API at http:\/\/127\.0\.0\.1:\d+ is unreachable/, {
      API_URL: `http://127.0.0.1:${port}`,
    });
  });

  it('refuses when the API answers a 500', async () => {
    proxy.rule = async (request, upstream) =>
      request.path.startsWith('/api/v1/products/categories/')
        ? { status: 500, json: { detail: 'Internal server error.' } }
        : upstream();
    await expectRefused('api', /answered 500: Internal server error\./);
  });

  it('skips a product the API sends malformed and names it; the rest passes the gate, with no link to it', async () => {
    let odd = 0;
    proxy.rule = onCatalogue((answer) => {
      // The capability probe's page of one is left whole.
      if (answer.results.length <= 3) return;
      odd = Number(answer.results[3]!['id']);
      answer.results[3]!['price'] = 'free';
    });
    // A dry run builds and gates (the link check among the gates), and publishes nothing.
    const run = await rebuild({}, ['--dry-run']);
    proxy.rule = null;
    expect(run.code, run.stderr).toBe(0);
    expect(`${run.stdout}${run.stderr}`).toMatch(new RegExp(`product ${odd} skipped: price`));
    expect(report()).toMatchObject({ outcome: 'dry-run', live });
  });

  it('refuses when a language has no products', async () => {
    proxy.rule = onCatalogue((answer, lang) => {
      if (lang !== 'ru') return;
      answer.count = 0;
      answer.results = [];
    });
    await expectRefused('locales', /the API has no products in ru \(uz has 40\)/);
  });

  it('refuses a catalogue reseeded with 30% fewer products', async () => {
    proxy.rule = null;
    const smaller = await startTestApi({ products: 28 });
    try {
      await expectRefused(
        'shrink',
        /products in uz shrank by 30% \(40 → 28\) .* the limit is 20% \(REBUILD_MAX_PRODUCT_DROP\)/,
        {
          API_URL: smaller.server.url,
        },
      );
    } finally {
      await smaller.stop();
    }
  });

  it(
    'refuses a build with a broken internal link and removes it',
    async () => {
      proxy.rule = onCatalogue((answer) => {
        answer.results[0]!['description'] = '<p>See <a href="/uz/product/99999">the old model</a>.</p>';
      });
      await expectRefused('links', /1 broken internal link: \/uz\/product\/99999 \(on \/(uz|ru)\/product\/1/);
      proxy.rule = null;
    },
    BUILD_TIMEOUT,
  );

  it(
    'builds the catalogue it read and checked, though the API stops answering it while Astro builds',
    async () => {
      // The rebuild reads each language's catalogue (beside the capability probes' one-product pages) and hands it
      // over: the build asks the API for it no more.
      let catalogueReads = 0;
      const read = (path: string) =>
        path.startsWith('/api/v1/products/catalogue/') && !/[?&]page_size=1(&|$)/.test(path);
      proxy.rule = async (request, upstream) =>
        read(request.path) && ++catalogueReads > 2
          ? { status: 503, json: { detail: 'Service unavailable.' } }
          : upstream();
      try {
        const run = await rebuild({}, ['--dry-run']);
        expect(run.code, run.stderr).toBe(0);
        const dry = report();
        expect(dry).toMatchObject({ outcome: 'dry-run', live });
        expect(catalogueReads).toBe(2);
        expect(manifest(dry.release!).counts.uz.products).toBe(manifest(live).counts.uz.products);
        expect(readdirSync(join(dir, dry.release!, 'uz', 'product'))).toContain('1.html');
        // The handover is gone with the run.
        expect(readdirSync(dir).filter((name) => name.endsWith('.catalogue'))).toEqual([]);
      } finally {
        proxy.rule = null;
      }
    },
    BUILD_TIMEOUT,
  );

  it(
    'a dry run builds and gates, lists what the host would run, and publishes nothing',
    async () => {
      const bin = tempDir('stub');
      const log = join(bin, 'calls.log');
      writeFileSync(join(bin, 'netlify'), `#!/bin/sh\necho "$@" >> "${log}"\n`);
      chmodSync(join(bin, 'netlify'), 0o755);
      const run = await rebuild({ DEPLOY_TARGET: 'netlify', PATH: `${bin}:${process.env.PATH}` }, ['--dry-run']);
      expect(run.code, run.stderr).toBe(0);
      const dry = report();
      expect(dry).toMatchObject({ outcome: 'dry-run', dryRun: true, live });
      expect(dry.commands[0]).toEqual(expect.arrayContaining(['netlify', 'deploy', '--prod', '--no-build']));
      expect(existsSync(log)).toBe(false);
      expect(manifest(dry.release!).publishedAt).toBeNull();
      expect(readdirSync(join(dir, dry.release!))).toContain('uz.html');
      await expectLiveServing();
      rmSync(bin, { recursive: true });
    },
    BUILD_TIMEOUT,
  );

  it(
    'a rebuild stopped or killed while building leaves the live release serving',
    async () => {
      const before = releaseIds();
      const stopped = startScript('scripts/rebuild.ts', [], env());
      await outputMatches(stopped.child, /\[build\] Building static entrypoints/);
      stopped.child.kill('SIGTERM');
      const ended = await stopped.done;
      expect(ended.code).toBe(1);
      expect(report()).toMatchObject({ outcome: 'failed', step: 'build', reason: 'interrupted (SIGTERM)', live });
      expect(releaseIds()).toEqual(before);
      await expectLiveServing();

      const killed = startScript('scripts/rebuild.ts', [], env(), true);
      await outputMatches(killed.child, /\[build\] Building static entrypoints/);
      process.kill(-killed.child.pid!, 'SIGKILL');
      expect((await killed.done).signal).toBe('SIGKILL');
      await expectLiveServing();
      // What it left (a release folder without a manifest, a lock) goes with the next run.
      const leftovers = releaseIds().filter((id) => !before.includes(id));
      expect(pruneReleases(dir, 5)).toEqual(leftovers);
      expect(releaseIds()).toEqual(before);
      lockReleases(dir)();
    },
    BUILD_TIMEOUT,
  );
});
