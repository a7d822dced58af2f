/**
 * Serves the built site the way a static host or CDN would: files from dist/
 * with clean URLs (/uz/product/5 → uz/product/5.html), paths without a
 * language prefix redirected to /uz and a comments page not built answered by
 * the comments shell with 200 (the same rules as dist/_redirects),
 * the 404 page for anything else (a language's own, {lang}/404.html, under
 * its prefix; 404.html elsewhere), and every answer with the headers of the
 * release's _headers (security headers, cache policy) for its path. The
 * folder may be a link (releases/current):
 * when a rebuild or rollback swaps it, the next request is served from the
 * new release, each request wholly from one release. Text is compressed
 * (brotli or gzip, as the browser accepts), as every static host and CDN does.
 * `npm run serve` serves dist/; `npm run serve -- --current` the live release.
 */
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import compression from 'compression';
import sirv from 'sirv';
import { LANGS } from '#contract/langs.ts';
import { commentsShellPath, prefixRedirect } from '../src/i18n/urls.ts';
import { headersFor, parseHeaders } from '../integrations/host-headers.ts';
import { CURRENT, releasesDirFromEnv } from './rebuild/releases.ts';

export interface StaticSite {
  url: string;
  close(): Promise<void>;
}

/** sirv over one release folder, its header rules and its 404 pages (the site's, and each language's it has). */
function staticFiles(root: string) {
  const files = sirv(root, { extensions: ['html'], etag: true });
  // Read once per release, like a host at deploy time; a build without the file is served without headers.
  const headersFile = join(root, '_headers');
  const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  const notFoundPage = join(root, '404.html');
  const notFound = existsSync(notFoundPage) ? readFileSync(notFoundPage) : 'Not found';
  const byLang = new Map<string, Buffer>();
  for (const lang of LANGS) {
    const page = join(root, lang, '404.html');
    if (existsSync(page)) byLang.set(lang, readFileSync(page));
  }
  // The same rule as `_redirects`' `/{lang}/* /{lang}/404.html 404`.
  const notFoundFor = (pathname: string) => byLang.get(pathname.split('/')[1] ?? '') ?? notFound;
  return { root, files, rules, notFoundFor };
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
  // compression works on bare node:http (it reads only Node's own request and response); its types name Express's.
  const compress = compression() as unknown as (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const server: Server = createServer((req, res) => compress(req, res, () => serve(req, res)));
  const serve = (req: IncomingMessage, res: ServerResponse) => {
    const root = liveRoot(dir) ?? site.root;
    if (root !== site.root) site = staticFiles(root);
    const { files, rules, notFoundFor } = site;
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
        // A redirect stays on the site: leading slashes (or backslashes, which browsers read as slashes) become
        // one, so `/.//evil.com/` goes to /evil.com here, never to //evil.com.
        const location = target.replace(/^[/\\]+/, '/');
        // Hosts apply _headers to files and the 404 page, not to their redirects.
        for (const name of hostHeaders.keys()) res.removeHeader(name);
        res.writeHead(301, { Location: location });
        res.end();
        return;
      }
      // `_redirects`' 200 rewrite: the address stays, the comments shell answers (when the release has it).
      const shell = commentsShellPath(url.pathname);
      const shellFile = shell && join(root, `${shell}.html`);
      if (shellFile && existsSync(shellFile)) {
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(readFileSync(shellFile));
        return;
      }
      // A missing file is never kept: not under a hashed folder's year-long rule, not by any cache.
      res.writeHead(404, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(notFoundFor(url.pathname));
    });
  };
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
