/**
 * The gate's image check: every image a built page refers to is one its Content-Security-Policy lets it load (the
 * host's header, as `_headers` gives it, and the page's own <meta>), and every width variant it names is in the
 * release. A refusal names the origin blocked and a page it is on.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { headersFor, parseHeaders } from '../../integrations/host-headers.ts';
import { pageImages } from '../../integrations/images.ts';
import { listFiles } from './files.ts';
import { pagePath } from './links.ts';

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/** The sources of a policy's img-src (or default-src when it has none); null when it sets neither. */
export function imageSources(policy: string): string[] | null {
  const directives = new Map(
    policy
      .replaceAll('&#39;', "'")
      .replaceAll('&amp;', '&')
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!.toLowerCase(), sources] as const),
  );
  return directives.get('img-src') ?? directives.get('default-src') ?? null;
}

const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*\.)?([^/:]+|\*)(?::(\d+|\*))?\/?$/i;
const defaultPort = (scheme: string) => (scheme === 'https:' ? '443' : scheme === 'http:' ? '80' : '');

/** Whether an img-src's sources let a page of `site` load `url` (CSP Level 3 source matching, without paths). */
export function allowsImage(sources: readonly string[], url: URL, site: URL): boolean {
  return sources.some((source) => {
    const lower = source.toLowerCase();
    if (lower === '*') return /^(https?|ftp):$/.test(url.protocol);
    if (lower === "'self'") return url.origin === site.origin;
    if (lower.endsWith(':') && !lower.includes('/')) return url.protocol === lower;
    const host = HOST_SOURCE.exec(lower);
    if (!host || lower.startsWith("'")) return false;
    const [, scheme, wildcard, name, port] = host;
    if (scheme && `${scheme}:` !== url.protocol) return false;
    const hostname = url.hostname.toLowerCase();
    if (name !== '*' && (wildcard ? !hostname.endsWith(`.${name}`) : hostname !== name)) return false;
    if (port === '*') return true;
    return (url.port || defaultPort(url.protocol)) === (port ?? defaultPort(url.protocol));
  });
}

export interface ImageCheck {
  pages: number;
  /** Origins a page's policy blocks, with a page that refers to them and how many do. */
  blocked: { origin: string; page: string; pages: number }[];
  /** Width variants named by a page and missing from the release. */
  missing: { file: string; page: string }[];
}

/** Checks every page of the release, or only `pages` (files relative to it, 'uz/product/5.html'). */
export function checkImages(root: string, siteUrl: string, pages?: ReadonlySet<string>): ImageCheck {
  const site = new URL(siteUrl);
  const headersFile = join(root, '_headers');
  const rules = existsSync(headersFile) ? parseHeaders(readFileSync(headersFile, 'utf8')) : [];
  const blocked = new Map<string, { origin: string; page: string; pages: number }>();
  const missing: ImageCheck['missing'] = [];
  let checked = 0;
  for (const file of pages ?? listFiles(root)) {
    if (!file.endsWith('.html')) continue;
    checked++;
    const page = pagePath(file);
    const html = readFileSync(join(root, file), 'utf8');
    const header = headersFor(rules, page).get('Content-Security-Policy');
    const policies = [header, META.exec(html)?.[1]]
      .filter((policy): policy is string => policy !== undefined)
      .map(imageSources)
      .filter((sources): sources is string[] => sources !== null);
    const seen = new Set<string>();
    for (const src of pageImages(html)) {
      let url: URL;
      try {
        url = new URL(src, new URL(page, site));
      } catch {
        continue;
      }
      if (url.origin === site.origin && url.pathname.startsWith('/img/') && !existsSync(join(root, url.pathname))) {
        missing.push({ file: url.pathname, page });
        continue;
      }
      const where = url.protocol === 'data:' || url.protocol === 'blob:' ? url.protocol : url.origin;
      if (seen.has(where) || policies.every((sources) => allowsImage(sources, url, site))) continue;
      seen.add(where);
      const found = blocked.get(where);
      if (found) found.pages++;
      else blocked.set(where, { origin: where, page, pages: 1 });
    }
  }
  return { pages: checked, blocked: [...blocked.values()], missing };
}
