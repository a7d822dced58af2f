/**
 * The static host's response headers in the `_headers` format of Netlify and
 * Cloudflare Pages. The build writes dist/_headers (astro.config.mjs) and
 * scripts/serve.ts applies the same file, so what the tests see is what a host
 * serves.
 *
 * Format: a path pattern on its own line, then indented `Name: value` lines;
 * `#` starts a comment. `*` matches anything, slashes included (its text is
 * `:splat` in values); `:name` matches one path segment. Every block whose
 * pattern matches applies, and a header set by several blocks is joined with
 * ", " — so the cache rules below never overlap.
 */
import type { AstroIntegration } from 'astro';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { LANGS } from '../contract/langs.ts';

export type HeaderRule = { pattern: string; match: RegExp; headers: [name: string, value: string][] };

export const IMMUTABLE = 'public, max-age=31536000, immutable';
export const REVALIDATE = 'public, max-age=0, must-revalidate';

/** A search index product part's folder in the patterns below (one path segment: `part-1` … `part-64`). */
export const PART_SEGMENT = ':part';

/**
 * Folders of content-hashed files, cached for a year by every host (this file
 * for Netlify and Cloudflare Pages, the S3 deploy's cache headers, serve.ts):
 * the assets, and Pagefind's chunks of the shared index and of every product
 * part. Pagefind's entry, loader, metadata and WebAssembly keep their names
 * across builds (a part's too): they are revalidated.
 */
export const HASHED_FOLDERS = [
  '_astro',
  ...['pagefind', `pagefind/${PART_SEGMENT}`].flatMap((index) =>
    ['fragment', 'index', 'filter'].map((chunks) => `${index}/${chunks}`),
  ),
];
const HASHED = HASHED_FOLDERS.map((folder) => `/${folder}/*`);
const HASHED_PATH = new RegExp(
  `^(${HASHED_FOLDERS.map((folder) => folder.replace(PART_SEGMENT, 'part-\\d+')).join('|')})/`,
);

/** Whether a file of a release (path relative to it, '_astro/x.js') never changes under its name. */
export function isImmutable(path: string): boolean {
  return HASHED_PATH.test(path);
}
/**
 * Every HTML page, by every name a host answers it at: the root and its file, the 404 page, each language's home by
 * its clean URL and its file (`/uz`, `/uz.html`), and both language trees (nothing else lives under them).
 */
const HTML = ['/', '/index.html', '/404.html', ...LANGS.flatMap((lang) => [`/${lang}`, `/${lang}.html`, `/${lang}/*`])];

/**
 * Pages only a signed-in shopper's session fills (profile, orders, checkout, order success): no cache keeps them,
 * and the browser does not restore them from its back/forward cache after the session ended. Joined to the pages'
 * revalidation by the host, the value reads `public, max-age=0, must-revalidate, no-store`, which every cache obeys
 * as no-store (RFC 9111 §5.2.2.5).
 */
export const PRIVATE_PAGES = ['/profile', '/profile/*', '/orders-confirmation', '/orders-success'];
const PRIVATE = LANGS.flatMap((lang) => PRIVATE_PAGES.flatMap((page) => [`/${lang}${page}`, `/${lang}${page}.html`]));

/** The built HTML files (paths relative to the release) that the rules above give no page headers: none may be. */
export function pagesWithoutHeaders(rules: HeaderRule[], files: string[]): string[] {
  return files
    .filter((file) => file.endsWith('.html'))
    .filter((file) => !headersFor(rules, `/${file}`).has('Content-Security-Policy'));
}

/**
 * The `_headers` text. `csp` is the pages' own policy (pagePolicy); the header
 * adds what a <meta> policy cannot carry: `frame-ancestors 'none'`. The
 * policies that govern a document (CSP, Permissions-Policy) go on the pages
 * only: on a script or stylesheet they mean nothing, and over HTTP/1.1 they
 * would add a kilobyte to each of a page's forty-odd files.
 */
export function hostHeaders(csp: string): string {
  const everyFile = [
    ['X-Content-Type-Options', 'nosniff'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    ['Strict-Transport-Security', 'max-age=63072000; includeSubDomains'],
  ];
  const page = [
    ['Content-Security-Policy', `${csp}; frame-ancestors 'none'`],
    // The address picker asks for the shopper's position; nothing else is used, by us or by a frame.
    [
      'Permissions-Policy',
      'geolocation=(self), camera=(), microphone=(), payment=(), usb=(), accelerometer=(), gyroscope=(), magnetometer=()',
    ],
    ['Cache-Control', REVALIDATE],
  ];
  const block = (pattern: string, headers: string[][]) =>
    [pattern, ...headers.map(([name, value]) => `  ${name}: ${value}`)].join('\n');
  return [
    '# Written by the build (integrations/host-headers.ts); scripts/serve.ts applies this file too.',
    block('/*', everyFile),
    ...HASHED.map((pattern) => block(pattern, [['Cache-Control', IMMUTABLE]])),
    ...HTML.map((pattern) => block(pattern, page)),
    ...PRIVATE.map((pattern) => block(pattern, [['Cache-Control', 'no-store']])),
    '',
  ].join('\n\n');
}

/** Parses a `_headers` file; a line it does not understand is an error, never silently dropped. */
export function parseHeaders(text: string): HeaderRule[] {
  const rules: HeaderRule[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    const trimmed = line.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const fail = (why: string) => {
      throw new Error(`_headers line ${index + 1}: ${why}: ${trimmed}`);
    };
    if (/^\s/.test(line)) {
      const rule = rules.at(-1);
      if (!rule) fail('a header before any path');
      const colon = trimmed.indexOf(':');
      if (colon < 1) fail('expected "Name: value"');
      const name = trimmed.slice(0, colon).trim();
      if (!/^[!#$%&'*+.^`|~\w-]+$/.test(name)) fail('not a header name');
      rule!.headers.push([name, trimmed.slice(colon + 1).trim()]);
    } else {
      if (!trimmed.startsWith('/')) fail('a path must start with "/"');
      rules.push({ pattern: trimmed, match: compilePattern(trimmed), headers: [] });
    }
  });
  return rules;
}

/** `/a/:id/*` → /^\/a\/(?<id>[^/]+)\/(?<splat>.*)$/ */
function compilePattern(pattern: string): RegExp {
  let source = '';
  for (const part of pattern.split(/(\*|:\w+)/)) {
    if (part === '*') source += '(?<splat>.*)';
    else if (part.startsWith(':')) source += `(?<${part.slice(1)}>[^/]+)`;
    else source += part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  }
  return new RegExp(`^${source}$`);
}

/** The headers a host sends for a request path: all matching blocks, in file order. */
export function headersFor(rules: HeaderRule[], pathname: string): Map<string, string> {
  const out = new Map<string, { name: string; value: string }>();
  for (const rule of rules) {
    const found = rule.match.exec(pathname);
    if (!found) continue;
    const groups = found.groups ?? {};
    for (const [name, raw] of rule.headers) {
      const value = raw.replace(/:(\w+)/g, (text, key: string) => groups[key] ?? text);
      const key = name.toLowerCase();
      const previous = out.get(key);
      out.set(key, { name: previous?.name ?? name, value: previous ? `${previous.value}, ${value}` : value });
    }
  }
  return new Map([...out.values()].map(({ name, value }) => [name, value]));
}

/**
 * One policy from several: the directives in first-seen order, each with the
 * union of its sources. Astro's policy is the same on every page today; the
 * union stays right if a page ever adds hashes of its own.
 */
export function mergePolicies(policies: string[]): string {
  const directives = new Map<string, Set<string>>();
  for (const policy of policies) {
    for (const directive of policy.split(';')) {
      const [name, ...sources] = directive.trim().split(/\s+/);
      if (!name) continue;
      const known = directives.get(name) ?? new Set<string>();
      for (const source of sources) known.add(source);
      directives.set(name, known);
    }
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ');
}

const META = /<meta http-equiv="content-security-policy" content="([^"]*)"/i;

/**
 * The Content-Security-Policy of the built pages (Astro's <meta>), merged.
 * Astro hashes every script of the build into each page's policy, so one page
 * per route (`assets` of astro:build:done) stands for all of its pages.
 */
export async function pagePolicy(pages: URL[]): Promise<string> {
  const policies = await Promise.all(
    pages.map(async (page) =>
      META.exec(await readFile(page, 'utf8'))?.[1]
        ?.replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&'),
    ),
  );
  const found = policies.filter((policy) => policy !== undefined);
  if (found.length === 0) throw new Error('No built page has a Content-Security-Policy <meta>');
  return mergePolicies(found);
}

/**
 * Host response headers (`_headers`, same hosts): the pages' CSP as a header
 * plus `frame-ancestors`, the other security headers and the cache policy.
 * scripts/serve.ts applies the same file.
 */
export const hostHeadersFile = (): AstroIntegration => ({
  name: 'bozor-host-headers',
  hooks: {
    'astro:build:done': async ({ dir, assets }) => {
      const pages = [...assets.values()].map((files) => files.find((file) => file.pathname.endsWith('.html')));
      const policy = await pagePolicy(pages.filter((page) => page !== undefined));
      const text = hostHeaders(policy);
      // Every HTML file the release holds outside the language trees (those are covered whole) gets the pages' headers.
      const root = await readdir(dir, { withFileTypes: true });
      const outside = root.filter((entry) => entry.isFile()).map((entry) => entry.name);
      const missed = pagesWithoutHeaders(parseHeaders(text), outside);
      if (missed.length > 0) throw new Error(`_headers gives no page headers to ${missed.join(', ')}`);
      await writeFile(new URL('_headers', dir), text);
    },
  },
});
