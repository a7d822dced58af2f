/**
 * Serves the built site the way a static host or CDN would: files from dist/
 * with clean URLs (/uz/product/5 → uz/product/5.html), paths without a
 * language prefix redirected to /uz (the same rule as dist/_redirects),
 * 404.html for anything else, and every answer with the headers of
 * dist/_headers (security headers, cache policy) for its path.
 */
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import sirv from 'sirv';
import { prefixRedirect } from '../src/i18n/urls.ts';
import { headersFor, parseHeaders } from './host-headers.ts';

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

export async function serveSite(dir: string, port: number, host = '127.0.0.1'): Promise<StaticSite> {
  const files = sirv(dir, { extensions: ['html'], etag: true });
  // Read once, like a host at deploy time; a build without the file is served without headers.
  const headersFile = join(dir, '_headers');
  const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  const notFoundPage = join(dir, '404.html');
  const notFound = existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found';
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const hostHeaders = headersFor(rules, url.pathname);
    for (const [name, value] of hostHeaders) res.setHeader(name, value);
    files(req, res, () => {
      const trimmed =
        url.pathname.length > 1 && url.pathname.endsWith('/')
          ? `${url.pathname.replace(/\/+$/, '')}${url.search}`
          : null;
      const target = trimmed ?? prefixRedirect(req.url ?? '/');
      if (target) {
        // Hosts apply _headers to files and the 404 page, not to their redirects.
        for (const name of hostHeaders.keys()) res.removeHeader(name);
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
