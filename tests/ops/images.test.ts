import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { allowsImage, checkImages, imageSources } from '../../scripts/rebuild/images.ts';
import { checkImageResult } from '../../scripts/rebuild/gate.ts';

const site = new URL('https://shop.example');
const allows = (sources: string, url: string) => allowsImage(sources.split(' '), new URL(url, site), site);

describe('an img-src', () => {
  it('allows the site itself, data:, the origins it names and a *. subdomain', () => {
    const sources = "'self' data: http://localhost:8888 https://*.tile.openstreetmap.org";
    expect(allows(sources, '/img/a-160.webp')).toBe(true);
    expect(allows(sources, 'data:image/gif;base64,R0lG')).toBe(true);
    expect(allows(sources, 'http://localhost:8888/media/1.webp')).toBe(true);
    expect(allows(sources, 'https://a.tile.openstreetmap.org/1/2/3.png')).toBe(true);
  });
  it('blocks another port, scheme or host', () => {
    const sources = "'self' http://localhost:8888";
    expect(allows(sources, 'http://localhost:8889/media/1.webp')).toBe(false);
    expect(allows(sources, 'https://localhost:8888/media/1.webp')).toBe(false);
    expect(allows(sources, 'https://media.example/1.jpg')).toBe(false);
  });
  it('is default-src when the policy has no img-src', () => {
    expect(imageSources("default-src 'self'; script-src 'self'")).toEqual(["'self'"]);
    expect(imageSources("default-src 'self'; img-src &#39;self&#39; data:")).toEqual(["'self'", 'data:']);
  });
});

describe('the gate’s image check', () => {
  let root = '';
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const release = (
    page: string,
    headers = "/*\n  Content-Security-Policy: default-src 'self'; img-src 'self' https://media.example\n",
  ) => {
    root = mkdtempSync(join(tmpdir(), 'images-gate-'));
    mkdirSync(join(root, 'uz'));
    writeFileSync(join(root, '_headers'), headers);
    writeFileSync(join(root, 'uz', 'product.html'), page);
    return checkImages(root, site.href);
  };
  it('passes a page whose images its policy allows', () => {
    const checked = release('<img src="https://media.example/1.jpg" srcset="https://media.example/1.jpg?w=160 160w">');
    expect(checked.blocked).toEqual([]);
    expect(() => checkImageResult(checked)).not.toThrow();
  });
  it('refuses an image the page would block, naming its origin and page', () => {
    const checked = release(
      '<meta http-equiv="content-security-policy" content="img-src &#39;self&#39;"><picture><source srcset="https://cdn.example/a.jpg 1x"><img src="/x.png"></picture>',
    );
    expect(checked.blocked).toEqual([{ origin: 'https://cdn.example', page: '/uz/product', pages: 1 }]);
    expect(() => checkImageResult(checked)).toThrow(/https:\/\/cdn\.example \(on \/uz\/product\)/);
  });
  it('refuses an image the page’s own <meta> policy blocks though the host allows it', () => {
    const checked = release(
      '<meta http-equiv="content-security-policy" content="img-src &#39;self&#39;"><img src="https://media.example/1.jpg">',
    );
    expect(checked.blocked.map(({ origin }) => origin)).toEqual(['https://media.example']);
  });
  it('checks only the pages written now, when told them (the others passed the live release’s gate)', () => {
    release('<img src="https://cdn.example/a.jpg">');
    expect(checkImages(root, site.href, new Set()).blocked).toEqual([]);
    expect(checkImages(root, site.href, new Set(['uz/product.html'])).blocked).toHaveLength(1);
  });
  it('refuses a width variant the release does not have', () => {
    const checked = release('<img src="https://media.example/1.jpg" srcset="/img/abc-160.webp 160w">');
    expect(checked.missing).toEqual([{ file: '/img/abc-160.webp', page: '/uz/product' }]);
    expect(() => checkImageResult(checked)).toThrow(/width variant missing/);
  });
});
