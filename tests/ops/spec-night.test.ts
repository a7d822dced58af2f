/**
 * `npm run rebuild` night after night against the spec-only backend as a production API behaves: the spec's calls
 * alone (no bulk catalogue, no stores list, stores named by id: the loose dialect), paged lists of 20, a latency on
 * every call, and Django REST's throttle answering 429 with Retry-After past its rate, which the build's pace
 * overruns on purpose. The figures of the goals at full size (2,000 products, 40 ms, 20 a second) are the bench's
 * (`npm run bench -- --night --spec`, docs/operations.md); here the same rules at a small size.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Manifest } from '../../scripts/rebuild/manifest.ts';
import { currentRelease, readsPath } from '../../scripts/rebuild/releases.ts';
import { startSpecBackend, type SpecBackend } from '../spec-backend/server.ts';
import { runScript, tempDir } from './support.ts';

const PRODUCTS = 400;
const BUILD_TIMEOUT = 240_000;

let backend: SpecBackend;
let dir: string;

beforeAll(async () => {
  backend = await startSpecBackend({
    dialect: 'loose',
    products: PRODUCTS,
    latencyMs: 10,
    throttle: { requests: 30, seconds: 1 },
  });
  dir = tempDir('spec-night');
});
afterAll(async () => {
  await backend.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The build paces itself at 40 a second against a limit of 30: it must meet 429s and wait them out. */
const rebuild = (releases: string, extra: NodeJS.ProcessEnv = {}) =>
  runScript('scripts/rebuild.ts', [], {
    API_URL: backend.origin,
    SITE_URL: 'http://localhost:4321',
    RELEASES_DIR: releases,
    BUILD_API_RATE: '40',
    ...extra,
  });
const manifest = (id: string) => JSON.parse(readFileSync(join(dir, `${id}.json`), 'utf8')) as Manifest;
const page = (path: string) => readFileSync(join(dir, 'current', path), 'utf8');
const change = (id: number, body: Record<string, unknown>) =>
  fetch(`${backend.origin}/__test/product/${id}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
const throttle = (body: Record<string, string>) =>
  fetch(`${backend.origin}/__test/throttle`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the night against a rate-limited backend of the spec', () => {
  let first: string;

  it(
    'publishes every product page in both languages, waiting out the 429s, in at most 1.3 calls a product',
    async () => {
      const run = await rebuild(dir);
      expect(run.code, run.stderr).toBe(0);
      first = currentRelease(dir)!;
      const { api } = manifest(first);
      expect(api!.throttled, 'the pace overruns the limit').toBeGreaterThan(0);
      expect(api!.retries).toBe(api!.throttled);
      expect(api!.perProduct).toBeLessThanOrEqual(1.3);
      // Every call of the night was the rebuild's own: the build it started asked the backend nothing.
      expect(backend.requests.calls).toBe(api!.calls);
      expect(run.stdout).toMatch(/\[rebuild\] API: \d+ calls \([\d.]+ a product\), [1-9]\d* refused \(429\/503\)/);
      for (let id = 1; id <= PRODUCTS; id++)
        for (const lang of ['uz', 'ru']) expect(existsSync(join(dir, first, lang, 'product', `${id}.html`))).toBe(true);
      // No stores list and stores named by id: no store pages, and none required.
      expect(existsSync(join(dir, first, 'uz', 'store'))).toBe(false);
      expect(existsSync(readsPath(dir, first))).toBe(true);
    },
    BUILD_TIMEOUT,
  );

  it(
    "publishes a seller's new price the next night in at most 0.4 calls a product",
    async () => {
      expect((await change(5, { price: 7_654_321 })).status).toBe(204);
      const before = backend.requests.calls;
      const run = await rebuild(dir);
      expect(run.code, run.stderr).toBe(0);
      const night = manifest(currentRelease(dir)!);
      expect(night.api!.perProduct).toBeLessThanOrEqual(0.4);
      expect(backend.requests.calls - before).toBe(night.api!.calls);
      expect(night.api!.notModified, 'unchanged list pages reused on 304').toBeGreaterThan(0);
      expect(night.api!.reviews.kept).toBeGreaterThan(PRODUCTS / 2);
      expect(night.build).toMatchObject({ mode: 'incremental' });
      expect(page('uz/product/5.html')).toContain('7654321');
    },
    BUILD_TIMEOUT,
  );

  it(
    'keeps the reviews it had when only the reviews call is refused, and says so',
    async () => {
      // Product 1 has reviews; its new price makes them due tonight.
      expect((await change(1, { price: 1_234_567 })).status).toBe(204);
      expect((await throttle({ throttle: '0/second', paths: '^/product-comments/' })).status).toBe(204);
      try {
        const run = await rebuild(dir, { BUILD_API_WAIT_BUDGET: '2' });
        expect(run.code, run.stderr).toBe(0);
        const night = manifest(currentRelease(dir)!);
        expect(night.api!.reviews.keptAfterFailure).toBeGreaterThan(0);
        expect(run.stderr).toMatch(/reviews of product 1 not read \(.*throttled.*\): the last release's of .* kept/);
        const product = page('uz/product/1.html');
        expect(product).toContain('1234567');
        expect(product).toContain('Доставили за день.');
      } finally {
        await throttle({ throttle: '30/second', paths: '' });
      }
    },
    BUILD_TIMEOUT,
  );

  it(
    'fails loudly, publishing nothing, when reviews it never had cannot be read',
    async () => {
      const fresh = tempDir('spec-night-first');
      expect((await throttle({ throttle: '0/second', paths: '^/product-comments/' })).status).toBe(204);
      try {
        const run = await rebuild(fresh, { BUILD_API_WAIT_BUDGET: '2' });
        expect(run.code).toBe(2);
        expect(run.stderr).toMatch(
          /Rebuild refused at api: the API at .* answered 429: .* \(and still after waiting 2 s in all: BUILD_API_WAIT_BUDGET\)/,
        );
        expect(currentRelease(fresh)).toBeNull();
      } finally {
        await throttle({ throttle: '30/second', paths: '' });
        rmSync(fresh, { recursive: true, force: true });
      }
    },
    BUILD_TIMEOUT,
  );
});
