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
    expect(sanitizeHtml('<a href="https://bozor.uz" target="_blank">x</a>')).toBe('<a href="https://bozor.uz">x</a>');
    expect(sanitizeHtml(null)).toBe('');
  });

  it('gives plain text for meta tags', () => {
    expect(plainText('<p>A &amp; B</p><script>bad()</script>')).toBe('A & B');
    expect(plainText('x'.repeat(20), 10)).toHaveLength(10);
  });
});
