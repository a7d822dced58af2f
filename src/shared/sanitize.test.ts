import { describe, expect, it } from 'vitest';
import { plainText, sanitizeHtml } from './sanitize.ts';

describe('sanitizeHtml', () => {
  it('removes script elements with their body', () => {
    const out = sanitizeHtml('<p>Zo‘r</p><script>alert(1)</script>');
    expect(out).toBe('<p>Zo‘r</p>');
    expect(out).not.toMatch(/script|alert/i);
  });

  it('removes event handler attributes and unknown tags', () => {
    const out = sanitizeHtml('<img src=x onerror="alert(1)"><b onclick="x()">bold</b>');
    expect(out).not.toMatch(/onerror|onclick|<img/i);
    expect(out).toContain('<b>bold</b>');
  });

  it('keeps basic formatting and safe links only', () => {
    expect(sanitizeHtml('<ul><li><em>a</em></li></ul>')).toBe('<ul><li><em>a</em></li></ul>');
    expect(sanitizeHtml('<a href="javascript:alert(1)">x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href="https://bozor.uz" target="_blank">x</a>')).toBe(
      '<a href="https://bozor.uz/" rel="nofollow noopener noreferrer ugc">x</a>',
    );
    expect(sanitizeHtml(null)).toBe('');
  });

  it('gives plain text for meta tags', () => {
    expect(plainText('<p>A &amp; B</p><script>bad()</script>')).toBe('A & B');
    expect(plainText('x'.repeat(20), 10)).toHaveLength(10);
  });
});

const link = (href: string) => sanitizeHtml(`<a href="${href}">x</a>`);
const REL = 'rel="nofollow noopener noreferrer ugc"';

describe('links', () => {
  it('keep same-site paths as they are, without rel', () => {
    expect(link('/uz/product/5')).toBe('<a href="/uz/product/5">x</a>');
    expect(link('/uz/search?q=a&amp;page=2#top')).toBe('<a href="/uz/search?q=a&amp;page=2#top">x</a>');
  });

  it('keep http(s) links to other sites, normalised, with rel (target and rel from the text are dropped)', () => {
    expect(sanitizeHtml('<a href="HTTPS://Bozor.UZ/a" target="_blank" rel="opener" onclick="x()">x</a>')).toBe(
      `<a href="https://bozor.uz/a" ${REL}>x</a>`,
    );
    expect(link('http://shop.example/p?a=1&amp;b=2')).toBe(`<a href="http://shop.example/p?a=1&amp;b=2" ${REL}>x</a>`);
  });

  it('show the real host: user:pass@ in front of it is dropped', () => {
    expect(link('https://bozor.uz@evil.example/')).toBe(`<a href="https://evil.example/" ${REL}>x</a>`);
  });

  it('escape what they write, so the browser reads the href that was checked', () => {
    expect(link('/search?q=&quot;&gt;&lt;b')).toBe('<a href="/search?q=%22%3E%3Cb">x</a>');
    expect(link('/a&amp;sol;b')).toBe('<a href="/a&amp;sol;b">x</a>');
  });

  it('keep the first href only', () => {
    expect(sanitizeHtml('<a href="/uz" href="//evil.example">x</a>')).toBe('<a href="/uz">x</a>');
    expect(sanitizeHtml('<a href="//evil.example" href="/uz">x</a>')).toBe('<a>x</a>');
  });

  // Every one of these would leave the site or run script; the text stays, the href goes.
  const removed: [string, string][] = [
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with three slashes', '///evil.example'],
    ['slash backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['backslash slash', '\\/evil.example'],
    ['percent-encoded backslash', '/%5Cevil.example'],
    ['percent-encoded backslash, lower case', '/%5cevil.example'],
    ['double percent-encoded backslash', '/%255Cevil.example'],
    ['percent-encoded slash', '/%2Fevil.example'],
    ['percent-encoded slash and backslash', '/%2F%5Cevil.example'],
    ['leading space', ' //evil.example'],
    ['leading tab and newline', '\t\n//evil.example'],
    ['tab between the slashes', '/\t/evil.example'],
    ['newline between the slashes', '/\n/evil.example'],
    ['leading control character', '\u0001//evil.example'],
    ['control character inside', '/\u0000/evil.example'],
    ['percent-encoded tab', '/%09/evil.example'],
    ['dot segment folding to //', '/.//evil.example'],
    ['parent segment folding to //', '/a/..//evil.example'],
    ['entity slashes', '&#47;&#47;evil.example'],
    ['hex entity slashes', '&#x2F;&#x2f;evil.example'],
    ['entities without semicolons', '&#47&#47evil.example'],
    ['zero-padded entities', '&#0000047;&#0000047;evil.example'],
    ['named entity slash', '/&sol;evil.example'],
    ['named entity backslash', '/&bsol;evil.example'],
    ['entity backslashes', '&#92;&#92;evil.example'],
    ['entity tab between the slashes', '/&#9;/evil.example'],
    ['named entity tab', '/&Tab;/evil.example'],
    ['https with a backslash', 'https:\\\\evil.example'],
    ['https with one slash', 'https:/evil.example'],
    ['https slash backslash', 'https:/\\evil.example'],
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in mixed case', 'JaVaScRiPt:alert(1)'],
    ['javascript: after spaces and controls', ' \u0001\njavascript:alert(1)'],
    ['javascript: split by a tab', 'java\tscript:alert(1)'],
    ['javascript: split by an entity tab', 'java&#x09;script:alert(1)'],
    ['javascript: as entities', '&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)'],
    ['javascript: with an entity colon', 'javascript&colon;alert(1)'],
    ['javascript: percent-encoded', '%6Aavascript:alert(1)'],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['data:', 'data:text/html,&lt;script&gt;alert(1)&lt;/script&gt;'],
    ['mailto:', 'mailto:a@evil.example'],
    ['relative path', 'product/5'],
    ['fragment only', '#top'],
    ['query only', '?q=1'],
    ['empty', ''],
  ];
  for (const [name, href] of removed) {
    it(`drop ${name}: ${JSON.stringify(href)}`, () => {
      expect(link(href)).toBe('<a>x</a>');
    });
  }

  it('drop hrefs whatever the quoting', () => {
    expect(sanitizeHtml("<a href='//evil.example'>x</a>")).toBe('<a>x</a>');
    expect(sanitizeHtml('<a href=//evil.example>x</a>')).toBe('<a>x</a>');
    expect(sanitizeHtml('<A HREF="//evil.example">x</A>')).toBe('<a>x</a>');
  });
});
