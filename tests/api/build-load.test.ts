/**
 * The build is never throttled, so a 10,000-product build through the
 * limiter still completes: the build's own loader (src/data/catalogue.ts and
 * the comments loader) reads a 10,000-product catalogue in both languages, and
 * every comments list, from an API with the default budgets, with the build token.
 * Without the token the same loader is throttled, so the limiter is really in the way.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/data/catalogue.ts';
import { reviewsOf, showsSomeReviews } from '../../src/data/comments.ts';
import { hasCommentsPage } from '../../src/shared/catalogue-view.ts';
import { DEFAULT_BUDGETS } from '../../api/limits.ts';
import { startTestApi, type TestApi } from './helpers.ts';

const PRODUCTS = 10_000;
const buildToken = randomBytes(32).toString('base64url');
let api: TestApi;
beforeAll(async () => {
  // Default budgets: only the build token is set.
  api = await startTestApi({ products: PRODUCTS, limits: { buildToken } });
}, 60_000);
afterAll(() => api.stop());

it('loads 10,000 products in both languages and every comments list with the build token', async () => {
  process.env['API_BUILD_TOKEN'] = buildToken;
  const started = performance.now();
  const [uz, ru] = await Promise.all([loadCatalogue('uz', api.server.url), loadCatalogue('ru', api.server.url)]);
  expect(uz.products).toHaveLength(PRODUCTS);
  expect(ru.products).toHaveLength(PRODUCTS);
  const reviewed = uz.products.filter(hasCommentsPage);
  const lists = await reviewsOf(reviewed, api.server.url);
  for (const product of reviewed) expect(lists.get(product.id)).toHaveLength(product.reviews_count ?? 0);
  const calls = reviewed.filter(showsSomeReviews).length;
  // Far more requests than any default budget allows in its window.
  expect(calls).toBeGreaterThan(DEFAULT_BUDGETS.reads.limit);
  console.log(
    `[build-load] ${PRODUCTS} products × 2 languages + ${calls} comments lists through the limiter in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
}, 180_000);

it('is throttled without the build token', async () => {
  delete process.env['API_BUILD_TOKEN'];
  // Not waiting out the limiter's Retry-After (the build would, for up to a minute per read).
  process.env['BUILD_RETRY_AFTER_MAX'] = '0';
  // Another spelling of the same API: the loader caches per API URL.
  const url = api.server.url.replace('127.0.0.1', 'localhost');
  // Ten bulk pages per language: the second language goes over the bulk budget.
  await expect(Promise.all([loadCatalogue('uz', url), loadCatalogue('ru', url)])).rejects.toMatchObject({
    status: 429,
  });
  delete process.env['BUILD_RETRY_AFTER_MAX'];
}, 60_000);
