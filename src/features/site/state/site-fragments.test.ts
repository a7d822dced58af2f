/**
 * The site's fragments (the header's category list, the footer's dialogs): fetched once however many ask, kept
 * for the page's life, and a failure remembered only until the next try. Served by a real HTTP server.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadSiteFragment, siteFragment } from './site-fragments.ts';

let server: Server;
let base: string;
const served: string[] = [];
let failNext = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    served.push(request.url ?? '');
    if (failNext > 0) {
      failNext--;
      response.writeHead(503).end('unavailable');
    } else response.writeHead(200, { 'content-type': 'text/html' }).end(`<ul><li>${request.url}</li></ul>`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

it('fetches a fragment once, however many ask at once or after, and keeps it', async () => {
  const url = `${base}/uz/category-menu`;
  expect(siteFragment(url).get()).toEqual({ state: 'idle' });
  const [first, second] = await Promise.all([loadSiteFragment(url), loadSiteFragment(url)]);
  expect(first).toBe('<ul><li>/uz/category-menu</li></ul>');
  expect(second).toBe(first);
  expect(await loadSiteFragment(url)).toBe(first);
  expect(siteFragment(url).get()).toEqual({ state: 'loaded', html: first });
  expect(served.filter((path) => path === '/uz/category-menu')).toHaveLength(1);
});

it('a failure is said (null, failed) and the next call tries again', async () => {
  const url = `${base}/ru/dialogs`;
  failNext = 1;
  expect(await loadSiteFragment(url)).toBeNull();
  expect(siteFragment(url).get()).toEqual({ state: 'failed' });
  expect(await loadSiteFragment(url)).toBe('<ul><li>/ru/dialogs</li></ul>');
  expect(siteFragment(url).get().state).toBe('loaded');
  expect(served.filter((path) => path === '/ru/dialogs')).toHaveLength(2);
});
