/**
 * Serves the built site the way a static host or CDN would: files from dist/
 * with clean URLs (/uz/product/5 → uz/product/5.html), paths without a
 * language prefix redirected to /uz (the same rule as dist/_redirects), and
 * 404.html for anything else.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { prefixRedirect } from '../src/i18n/urls.ts';

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

export async function serveSite(dir: string, port: number, host = '127.0.0.1'): Promise<StaticSite> {
  const files = sirv(dir, {
    extensions: ['html'],
    etag: true,
    setHeaders(res, pathname) {
      if (pathname.startsWith('/_astro/')) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
    },
  });
  const notFoundPage = join(dir, '404.html');
  const notFound = existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found';
  const server: Server = createServer((req, res) => {
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

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const site = await serveSite(resolve('dist'), Number(process.env.PORT ?? 4321), process.env.HOST);
  console.log(`Bozor site: ${site.url}`);
}
