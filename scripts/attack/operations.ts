/** Running the shop: a shared address, another process holding the write lock, paths naming another host. */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serveSite } from '../serve.ts';
import { call, count, db, report, signIn, withApi } from './support.ts';

/**
 * A shared address: one client behind it sends 300 malformed refreshes (`{}`) and 300 code
 * requests for a junk phone (default limits); then a signed-in shopper on that address renews the session, and
 * another asks for a code.
 */
export async function sharedAddress() {
  await withApi(false, async (api) => {
    const shopper = await signIn(api, '+998901818181');
    const junk = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        Promise.all([
          call(api, '/users/token/refresh/', { method: 'POST', body: {} }),
          call(api, '/users/auth/', { method: 'POST', body: { phone_number: `junk-${i}` } }),
        ]),
      ),
    );
    const statuses = junk.flat().map((a) => a.status);
    const renewed = await call(api, '/users/token/refresh/', { method: 'POST', body: { refresh: shopper.refresh } });
    const code = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: '+998901818182' } });
    report(
      'shared address: 300 malformed refreshes and 300 junk-phone code requests, then a shopper there',
      `${count(statuses, (s) => s === 400)} answered 400, ${count(statuses, (s) => s === 429)} 429; the shopper's refresh: ${renewed.status}; a new code request: ${code.status}`,
    );
  });
}

/** Another process holds the database's write lock for 3 s: a write and a read meanwhile, and the write after. */
export async function heldLock() {
  await withApi(true, async (api) => {
    const other = db(api);
    other.exec('BEGIN IMMEDIATE');
    other.prepare('UPDATE products SET stock = stock WHERE id = 1').run();
    const release = setTimeout(() => other.exec('COMMIT'), 3000);
    const timed = async (work: () => ReturnType<typeof call>) => {
      const started = performance.now();
      const res = await work();
      const after = res.headers.get('retry-after');
      return `${res.status}${after ? ` Retry-After ${after}` : ''} in ${Math.round(performance.now() - started)} ms`;
    };
    const codeRequest = () => call(api, '/users/auth/', { method: 'POST', body: { phone_number: '+998902020202' } });
    const [write, read] = await Promise.all([timed(codeRequest), timed(() => call(api, '/products/categories/'))]);
    await new Promise((r) => setTimeout(r, 3100));
    clearTimeout(release);
    other.close();
    const after = await timed(codeRequest);
    report(
      'another process holds the write lock for 3 s: a write and a read meanwhile, the write again after',
      `write ${write}; read ${read}; after: ${after}`,
    );
  });
}

/** The static server never redirects off the site: asked for paths that name another host. */
export async function openRedirect() {
  const root = mkdtempSync(join(tmpdir(), 'bozor-attack-site-'));
  writeFileSync(join(root, '404.html'), 'not found');
  const site = await serveSite(root, 0);
  try {
    const locations = await Promise.all(
      ['/.//evil.com/', '//evil.com/', '/./\\evil.com/', '///evil.com/'].map(
        (path) =>
          new Promise<string>((resolve, reject) => {
            const req = httpRequest(`${site.url}/`, { path }, (res) => {
              res.resume();
              resolve(`${path} → ${res.statusCode} ${res.headers.location ?? ''}`.trim());
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    const offSite = count(locations, (l) => / \/\/|\\/.test(l.split(' → ')[1] ?? ''));
    report('static server, paths naming another host', `${locations.join('; ')}; off the site: ${offSite}`);
  } finally {
    await site.close();
    rmSync(root, { recursive: true, force: true });
  }
}
