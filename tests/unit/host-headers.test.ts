import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  headersFor,
  hostHeaders,
  mergePolicies,
  pagePolicy,
  pagesWithoutHeaders,
  parseHeaders,
} from '../../integrations/host-headers.ts';

const get = (text: string, path: string) => Object.fromEntries(headersFor(parseHeaders(text), path));

describe('_headers parser', () => {
  it('reads blocks of indented headers, skipping comments and blank lines', () => {
    const rules = parseHeaders('# a comment\n\n/a\n  X-One: 1\n  X-Two:  two: with colon \n\n/b/*\n\tX-Three: 3\n');
    expect(rules.map((r) => [r.pattern, r.headers])).toEqual([
      [
        '/a',
        [
          ['X-One', '1'],
          ['X-Two', 'two: with colon'],
        ],
      ],
      ['/b/*', [['X-Three', '3']]],
    ]);
  });

  it('refuses lines it does not understand instead of dropping them', () => {
    expect(() => parseHeaders('  X-One: 1')).toThrow(/line 1: a header before any path/);
    expect(() => parseHeaders('/a\n  no colon here')).toThrow(/line 2: expected "Name: value"/);
    expect(() => parseHeaders('/a\n  Bad Name: 1')).toThrow(/line 2: not a header name/);
    expect(() => parseHeaders('a/b\n  X: 1')).toThrow(/line 1: a path must start with "\/"/);
  });
});

describe('_headers matching', () => {
  it('* matches anything, slashes included, but not the bare folder', () => {
    const text = '/docs/*\n  X-Docs: yes';
    expect(get(text, '/docs/a/b/c.html')).toEqual({ 'X-Docs': 'yes' });
    expect(get(text, '/docs/')).toEqual({ 'X-Docs': 'yes' });
    expect(get(text, '/docs')).toEqual({});
    expect(get(text, '/other/docs/a')).toEqual({});
  });

  it(':name matches one segment; :name and :splat are filled in values', () => {
    const text = '/p/:id\n  X-Id: product :id\n/files/*\n  Link: </cdn/:splat>; rel=preload';
    expect(get(text, '/p/42')).toEqual({ 'X-Id': 'product 42' });
    expect(get(text, '/p/42/more')).toEqual({});
    expect(get(text, '/files/a/b.css')).toEqual({ Link: '</cdn/a/b.css>; rel=preload' });
  });

  it('matches literally: dots and other pattern characters are not wildcards', () => {
    expect(get('/404.html\n  X: 1', '/404xhtml')).toEqual({});
    expect(get('/404.html\n  X: 1', '/404.html')).toEqual({ X: '1' });
  });

  it('several matching blocks accumulate; a header set twice is joined with ", " (names ignore case)', () => {
    const text = '/*\n  X-A: 1\n  Cache-Control: public\n/a/*\n  X-B: 2\n  cache-control: max-age=60\n/b\n  X-C: 3';
    expect(get(text, '/a/x')).toEqual({ 'X-A': '1', 'Cache-Control': 'public, max-age=60', 'X-B': '2' });
    expect(get(text, '/b')).toEqual({ 'X-A': '1', 'Cache-Control': 'public', 'X-C': '3' });
  });
});

describe('the file the build writes', () => {
  const policy = "default-src 'self'; script-src 'self' 'sha256-abc='";
  const rules = parseHeaders(hostHeaders(policy));
  const at = (path: string) => Object.fromEntries(headersFor(rules, path));
  const everyFile = {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  };
  const security = { ...everyFile, 'Content-Security-Policy': `${policy}; frame-ancestors 'none'` };

  it('gives every page the security headers and a revalidated cache, each exactly once', () => {
    for (const path of [
      '/',
      '/index.html',
      '/uz',
      '/uz.html',
      '/ru',
      '/ru.html',
      '/uz/product/5',
      '/ru/category/2',
      '/404.html',
      '/uz/unknown',
    ]) {
      const headers = at(path);
      expect(headers, path).toMatchObject({ ...security, 'Cache-Control': 'public, max-age=0, must-revalidate' });
      expect(headers['Permissions-Policy'], path).toMatch(/(^|, )geolocation=\(self\)(,|$)/);
      for (const feature of ['camera', 'microphone', 'payment'])
        expect(headers['Permissions-Policy']).toContain(`${feature}=()`);
    }
  });

  it('leaves no built HTML file without the page headers', () => {
    const files = [
      'index.html',
      '404.html',
      'uz.html',
      'ru.html',
      'uz/about.html',
      'robots.txt',
      'manifest.webmanifest',
    ];
    expect(pagesWithoutHeaders(rules, files)).toEqual([]);
    expect(pagesWithoutHeaders(rules, ['offline.html'])).toEqual(['offline.html']);
  });

  it('keeps private pages out of every cache and the back/forward cache, public ones revalidated', () => {
    for (const path of [
      '/uz/profile',
      '/ru/profile/orders',
      '/uz/profile/order.html',
      '/uz/orders-confirmation',
      '/ru/orders-success',
    ]) {
      expect(at(path)['Cache-Control']?.split(', '), path).toContain('no-store');
      expect(at(path)['Content-Security-Policy'], path).toBe(security['Content-Security-Policy']);
    }
    for (const path of ['/uz/basket', '/uz/product/5', '/uz/profile-picture', '/uz']) {
      expect(at(path)['Cache-Control'], path).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('makes hashed assets and Pagefind fragments immutable, without a second Cache-Control', () => {
    for (const path of [
      '/_astro/client.CZm0Griy.js',
      '/pagefind/fragment/uz_1a2b3c.pf_fragment',
      '/pagefind/index/uz_4d5e6f.pf_index',
      '/pagefind/filter/uz_7a8b9c.pf_filter',
    ]) {
      expect(at(path), path).toMatchObject({ ...everyFile, 'Cache-Control': 'public, max-age=31536000, immutable' });
      // Document policies on a script or stylesheet mean nothing and cost a kilobyte per file.
      expect(at(path)['Content-Security-Policy'], path).toBeUndefined();
      expect(at(path)['Permissions-Policy'], path).toBeUndefined();
    }
  });

  it("leaves files that keep their name across builds (Pagefind's entry and loader) to the host's default", () => {
    for (const path of ['/pagefind/pagefind-entry.json', '/pagefind/pagefind.js', '/robots.txt', '/favicon.svg']) {
      expect(at(path)['Cache-Control'], path).toBeUndefined();
    }
  });
});

describe('the pages’ policy', () => {
  it('merges directives in first-seen order with the union of their sources', () => {
    expect(
      mergePolicies([
        "default-src 'self';script-src 'self' 'sha256-a='; style-src 'self'",
        "default-src 'self'; script-src 'self' 'sha256-b=';img-src data:;",
      ]),
    ).toBe("default-src 'self'; script-src 'self' 'sha256-a=' 'sha256-b='; style-src 'self'; img-src data:");
  });

  it("reads each page's <meta> policy and merges them; pages without one add nothing", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'bozor-headers-'));
    try {
      const page = (name: string, head: string) =>
        writeFile(join(dir, name), `<!doctype html><html><head>${head}</head><body></body></html>`);
      const meta = (policy: string) => `<meta http-equiv="content-security-policy" content="${policy}">`;
      await page('a.html', meta("default-src 'self'; script-src 'self' 'sha256-a='"));
      await page('b.html', meta("default-src 'self'; script-src 'self' 'sha256-b='"));
      await page('plain.html', '<title>no policy</title>');
      const files = ['a.html', 'b.html', 'plain.html'].map((name) => pathToFileURL(join(dir, name)));
      await expect(pagePolicy(files)).resolves.toBe("default-src 'self'; script-src 'self' 'sha256-a=' 'sha256-b='");
      await expect(pagePolicy(files.slice(2))).rejects.toThrow(/No built page has a Content-Security-Policy/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
