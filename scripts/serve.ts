/**
 * Serves the built site the way a static host or CDN would: files from dist/
 * with clean URLs (/uz/product/5 → uz/product/5.html), paths without a
 * language prefix redirected to /uz (the same rule as dist/_redirects), and
 * 404.html for anything else. The folder may be a link (releases/current):
 * when a rebuild or rollback swaps it, the next request is served from the
 * new release, each request wholly from one release.
 * `npm run serve` serves dist/; `npm run serve -- --current` the live release.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { prefixRedirect } from '../src/i18n/urls.ts';
import { isImmutable } from './rebuild/deploy.ts';
import { CURRENT, releasesDirFromEnv } from './rebuild/releases.ts';

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** sirv over one release folder, and its 404 page. */
function staticFiles(root: string) {
  const files = sirv(root, {
    extensions: ['html'],
    etag: true,
    setHeaders(res, pathname) {
      if (isImmutable(pathname.slice(1))) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const notFoundPage = join(root, '404.html');
  return { root, files, notFound: existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found' };
}

/** Where the folder (or link) points now; null if the link dangles (the old release keeps serving). */
function liveRoot(dir: string): string | null {
  try {
    return realpathSync(dir);
  } catch {
    return null;
  }
}

export async function serveSite(dir: string, port: number, host = '127.0.0.1'): Promise<StaticSite> {
  let site = staticFiles(realpathSync(dir));
  const server: Server = createServer((req, res) => {
    const root = liveRoot(dir) ?? site.root;
    if (root !== site.root) site = staticFiles(root);
    const { files, notFound } = site;
    files(req, res, () => {
      const url = new URL(req.url ?? '/', 'http://x');
      const trimmed =
        url.pathname.length > 1 && url.pathname.endsWith('/')
          ? `${url.pathname.replace(/\/+$/, '')}${url.search}`
          : null;
      const target = trimmed ?? prefixRedirect(req.url ?? '/');
      if (target) {
        res.writeHead(301, { Location: target });
        res.end();
        return;
      }
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8' });
      res.end(notFound);
    });
  });
  await new Promise<void>((done) => server.listen(port, host, done));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://${host === '127.0.0.1' ? 'localhost' : host}:${actual}`,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

/** The folder `--current` serves: the live release of RELEASES_DIR. */
export const currentDir = () => join(releasesDirFromEnv(), CURRENT);

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv.includes('--current') ? currentDir() : resolve('dist');
  const site = await serveSite(dir, Number(process.env.PORT ?? 4321), process.env.HOST);
  console.log(`Bozor site: ${site.url}`);
}
