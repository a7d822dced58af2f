/**
 * One type scale and one spacing scale (src/layouts/global.css): every font size in the site's stylesheets and
 * components is a `--text-*` step, and every margin, padding and gap measured in rem is a `--space-*` step. Pixel
 * values stay for pixel-exact metrics (hairlines, the bottom bars' heights and the room kept for them, the toasts'
 * sonner metrics).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../../src/', import.meta.url).pathname;
const styled = readdirSync(root, { recursive: true, encoding: 'utf8' }).filter((file) => /\.(css|astro)$/.test(file));

/** Every `property: value` declaration of `file` whose property matches. */
function declarations(file: string, property: RegExp): string[] {
  const text = readFileSync(join(root, file), 'utf8');
  const pattern = new RegExp(`(?<![\\w-])(${property.source})\\s*:\\s*([^;{}]+)`, 'g');
  return [...text.matchAll(pattern)].map((match) => `${file}: ${match[1]}: ${match[2]!.trim()}`);
}

const globalCss = readFileSync(join(root, 'layouts/global.css'), 'utf8');
const steps = (prefix: string) =>
  new Set([...globalCss.matchAll(new RegExp(`--${prefix}-(\\w+):`, 'g'))].map((m) => m[1]));

describe('the scales', () => {
  it('are found in every stylesheet and component', () => {
    expect(styled.length).toBeGreaterThan(30);
    expect(steps('text').size).toBeGreaterThan(5);
    expect(steps('space').size).toBeGreaterThan(5);
  });

  it('every font size is a step of the type scale', () => {
    const text = steps('text');
    const off = styled
      .flatMap((file) => declarations(file, /font-size/))
      .filter((line) => {
        const value = line.split(': ').at(-1)!;
        const step = /^var\(--text-(\w+)\)$/.exec(value)?.[1];
        return step ? !text.has(step) : !['0', 'inherit'].includes(value);
      });
    expect(off).toEqual([]);
  });

  it('every margin, padding and gap in rem is a step of the spacing scale', () => {
    const space = steps('space');
    const spacing = /(?:scroll-)?(?:margin|padding)(?:-[a-z]+)?|(?:row-|column-)?gap/;
    const all = styled.flatMap((file) => declarations(file, spacing));
    const off = all.filter(
      (line) =>
        /\d*\.?\d+rem\b/.test(line.replace(/calc\([^)]*\d+px[^)]*\)/g, '')) ||
        [...line.matchAll(/var\(--space-(\w+)\)/g)].some((match) => !space.has(match[1])),
    );
    expect(all.filter((line) => line.includes('var(--space-')).length).toBeGreaterThan(100);
    expect(off).toEqual([]);
  });
});
