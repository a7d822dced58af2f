/** The static server never redirects off the site, whatever the path's slashes and dot segments. */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { hostHeaders } from '../../integrations/host-headers.ts';
import { serveSite, type StaticSite } from '../../scripts/serve.ts';

let dir: string;
let site: StaticSite;
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'bozor-serve-'));
  mkdirSync(join(dir, 'uz'));
  writeFileSync(join(dir, 'uz', 'index.html'), '<h1>uz</h1>');
  writeFileSync(join(dir, '404.html'), '<h1>404</h1>');
  mkdirSync(join(dir, 'ru'));
  writeFileSync(join(dir, 'ru', '404.html'), '<h1>ru 404</h1>');
  writeFileSync(join(dir, 'uz.html'), '<h1>uz home</h1>');
  writeFileSync(join(dir, 'index.html'), '<h1>root</h1>');
  writeFileSync(join(dir, '_headers'), hostHeaders("default-src 'self'"));
  site = await serveSite(dir, 0);
});
afterAll(async () => {
  await site.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The raw answer to a path sent as written (fetch would normalise it first). */
const get = (path: string) =>
  new Promise<{ status: number; location: string | undefined }>((resolve, reject) => {
    const req = request(`${site.url}/`, { path }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, location: res.headers.location });
    });
    req.on('error', reject);
    req.end();
  });

it('answers a path that looks like another host with a redirect on this site, or 404', async () => {
  for (const path of [
    '/.//evil.com/',
    '/.//evil.com/x/',
    '//evil.com/',
    '/./\\evil.com/',
    '/%2e//evil.com/',
    '///evil.com/',
  ]) {
    const { status, location } = await get(path);
    if (location !== undefined) {
      expect(location, path).toMatch(/^\/(?![/\\])/);
      expect(new URL(location, site.url).origin, path).toBe(new URL(site.url).origin);
    } else expect(status, path).toBe(404);
  }
  expect(await get('/uz/late/')).toEqual({ status: 301, location: '/uz/late' });
});

it("answers an unknown path under a language with that language's 404 page, and the site's elsewhere", async () => {
  const text = async (path: string) => {
    const response = await fetch(`${site.url}${path}`);
    return [response.status, await response.text()];
  };
  expect(await text('/ru/no-such-page')).toEqual([404, '<h1>ru 404</h1>']);
  // A language without its own page (this release has none for uz) falls back to the site's.
  expect(await text('/uz/no-such-page')).toEqual([404, '<h1>404</h1>']);
  expect(await text('/no-such.txt')).toEqual([404, '<h1>404</h1>']);
});

it('serves every HTML file by any of its names with the page headers, and no 404 with a long cache', async () => {
  for (const path of ['/', '/index.html', '/uz', '/uz.html']) {
    const response = await fetch(`${site.url}${path}`);
    expect(response.status, path).toBe(200);
    expect(response.headers.get('content-security-policy'), path).toContain("frame-ancestors 'none'");
    expect(response.headers.get('permissions-policy'), path).toContain('camera=()');
  }
  // A file gone from a hashed folder (a replaced asset, an old image's name): its 404 is kept by no cache.
  const gone = await fetch(`${site.url}/_astro/gone.abc123.js`);
  expect(gone.status).toBe(404);
  expect(gone.headers.get('cache-control')).toBe('no-store');
});
