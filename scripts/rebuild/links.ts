/**
 * The link checker of the publish gate: every href in the release's HTML that
 * points into the site (a root-relative path, or an absolute URL on SITE_URL
 * such as canonical and hreflang links) must resolve to a file of the release
 * the way the static host serves it: clean URLs (/uz/about → uz/about.html),
 * no trailing slash, and the /path → /uz/path redirect of `_redirects`. The
 * comments page of a product built without one is rendered by the 404 page
 * from the API: it resolves when the product's page is in the release.
 *
 * Attributes are found with a regular expression, not an HTML parser: Astro
 * writes every attribute double-quoted, and on the 300-product build
 * htmlparser2 found the same 72,641 hrefs 70 times slower (1.7 s against
 * 25 ms), which at 10,000 products would add most of a minute to the gate.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { latePage, prefixRedirect } from '../../src/i18n/urls.ts';
import { listFiles } from './files.ts';

interface BrokenLink {
  href: string;
  /** The first page it was found on, as a site path. */
  page: string;
  /** How many pages link to it. */
  pages: number;
}

export interface LinkCheck {
  pages: number;
  /** Distinct internal paths checked. */
  checked: number;
  broken: BrokenLink[];
}

const HREF = /\shref="([^"]*)"/g;
/** A <template>'s content is inert (a script clones and fills it, e.g. a listing's card): its hrefs are no links. */
const TEMPLATE = /<template\b[\s\S]*?<\/template>/g;
const ENTITY = /&(?:#(\d+)|#x([\da-f]+)|(amp|quot|apos|lt|gt));/gi;
const NAMED: Record<string, string> = { amp: '&', quot: '"', apos: "'", lt: '<', gt: '>' };

const decodeAttribute = (value: string) =>
  value.replace(ENTITY, (_, dec?: string, hex?: string, name?: string) =>
    name ? NAMED[name.toLowerCase()]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)),
  );

/** The site path of a built HTML file: 'uz/product/5.html' → '/uz/product/5', 'index.html' → '/'. */
export function pagePath(file: string): string {
  return file === 'index.html' ? '/' : `/${file.replace(/\.html$/, '')}`;
}

export function checkLinks(root: string, siteUrl: string): LinkCheck {
  const files = listFiles(root);
  const existing = new Set(files);
  const origin = new URL(siteUrl).origin;
  /** Verdicts by path, and by raw href for those that do not depend on the page they are on. */
  const byPath = new Map<string, boolean>();
  const byHref = new Map<string, string | null>();
  const broken = new Map<string, BrokenLink>();

  /** Whether the host answers this path with a file of the release (following at most one redirect). */
  const serves = (pathname: string, redirected = false): boolean => {
    if (pathname === '/') return existing.has('index.html');
    const trimmed = pathname.replace(/\/+$/, '');
    const file = trimmed.slice(1);
    if (existing.has(file) || existing.has(`${file}.html`)) return true;
    const late = latePage(trimmed);
    if (late?.kind === 'comments') return existing.has(`${late.lang}/product/${late.id}.html`);
    const target = redirected ? null : prefixRedirect(trimmed);
    return target !== null && serves(new URL(target, origin).pathname, true);
  };

  /** The broken path an href leads to, or null when it is fine or leaves the site. */
  const check = (href: string, page: string): string | null => {
    let url: URL;
    let pathname: string;
    try {
      url = new URL(href, `${origin}${page}`);
      pathname = decodeURIComponent(url.pathname);
    } catch {
      return href;
    }
    if (url.origin !== origin) return null;
    let ok = byPath.get(pathname);
    if (ok === undefined) {
      ok = serves(pathname);
      byPath.set(pathname, ok);
    }
    return ok ? null : pathname;
  };

  const pages = files.filter((file) => file.endsWith('.html'));
  for (const file of pages) {
    const page = pagePath(file);
    const found = new Set<string>();
    for (const [, raw] of readFileSync(join(root, file), 'utf8').replace(TEMPLATE, '').matchAll(HREF)) {
      const href = decodeAttribute(raw!);
      if (href === '' || href.startsWith('#')) continue;
      const absolute = href.startsWith('/') || /^[a-z][a-z\d+.-]*:/i.test(href);
      let verdict = absolute ? byHref.get(href) : undefined;
      if (verdict === undefined) {
        verdict = check(href, page);
        if (absolute) byHref.set(href, verdict);
      }
      if (verdict !== null) found.add(verdict);
    }
    for (const href of found) {
      const known = broken.get(href);
      if (known) known.pages++;
      else broken.set(href, { href, page, pages: 1 });
    }
  }
  return { pages: pages.length, checked: byPath.size, broken: [...broken.values()] };
}
