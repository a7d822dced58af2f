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
import { readFileSync, statSync } from 'node:fs';
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
  /** Pages whose links were checked. */
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

/**
 * What an incremental build changed against the release it took its other pages from. A page taken from it is that
 * release's file (a hard link), whose links that release's gate checked: only a file gone since can break them.
 */
export interface LinkScope {
  /** The pages this build wrote (every page not the same file as the earlier release's): checked in full. */
  written: ReadonlySet<string>;
  /**
   * Site paths of the files the earlier release had and this one has not ('/uz/product/5'): a page taken over is
   * checked in full only when its text names one of them (the pages write internal links root-relative or absolute,
   * both of which contain the path). The search index is left out: Pagefind writes it beside the gate.
   */
  removed: string[];
}

export function linkScope(root: string, from: string): LinkScope {
  const files = listFiles(root);
  const have = new Set(files);
  const sameFile = (file: string) => {
    try {
      const [a, b] = [statSync(join(root, file)), statSync(join(from, file))];
      return a.ino === b.ino && a.dev === b.dev;
    } catch {
      return false;
    }
  };
  return {
    written: new Set(files.filter((file) => file.endsWith('.html') && !sameFile(file))),
    removed: listFiles(from)
      .filter((file) => !have.has(file) && !file.startsWith('pagefind/'))
      .map((file) => (file.endsWith('.html') ? pagePath(file) : `/${file}`)),
  };
}

/** Every internal link of the release's pages (or, with a scope, of the pages that may have changed) resolves. */
export function checkLinks(root: string, siteUrl: string, scope?: LinkScope): LinkCheck {
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

  let pages = 0;
  for (const file of files) {
    if (!file.endsWith('.html')) continue;
    const page = pagePath(file);
    const found = new Set<string>();
    const kept = scope !== undefined && !scope.written.has(file);
    if (kept && scope.removed.length === 0) continue;
    const text = readFileSync(join(root, file), 'utf8');
    if (kept && !scope.removed.some((path) => text.includes(path))) continue;
    pages++;
    for (const [, raw] of text.replace(TEMPLATE, '').matchAll(HREF)) {
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
  return { pages, checked: byPath.size, broken: [...broken.values()] };
}
