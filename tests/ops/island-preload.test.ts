import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addIslandPreloads } from '../../integrations/island-preload.ts';
import { page, tempDir, writeSite } from './support.ts';

const dir = tempDir('preload');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const island = (component: string, client: string) =>
  `<astro-island component-url="/_astro/${component}" renderer-url="/_astro/client.js" client="${client}"></astro-island>`;
const header = '<script type="module" src="/_astro/header.js"></script>';

let changed = 0;
beforeAll(async () => {
  writeSite(dir, {
    '_astro/Checkout.js': 'import{a}from"./shared.js";import"./rules.js";const later=()=>import("./Picker.js");',
    '_astro/client.js': 'import{r}from"./runtime.js";',
    '_astro/runtime.js': 'export const r=1;',
    '_astro/shared.js': 'import"./rules.js";export const a=1;',
    '_astro/rules.js': 'export const b=2;',
    '_astro/Picker.js': 'export default 1;',
    '_astro/header.js': 'import"./badge.js";',
    '_astro/badge.js': 'export const c=3;',
    '_astro/Search.js': 'import"./shared.js";',
    'uz/orders-confirmation.html': page(island('Checkout.js', 'load'), header),
    'uz/about.html': page(island('Search.js', 'media'), header),
    '_astro/first-screen.js': 'import"./shared.js";',
    'uz/search.html': page(
      island('Search.js', 'after'),
      '<script type="module" src="/_astro/first-screen.js"></script>',
    ),
  });
  changed = await addIslandPreloads(dir);
});
const preloads = (file: string) =>
  [...readFileSync(join(dir, file), 'utf8').matchAll(/<link rel="modulepreload" href="([^"]+)">/g)].map((m) => m[1]);

describe('island preloads', () => {
  it('preload every module a load island imports statically, each once, and the imports of the page scripts', () => {
    expect(changed).toBe(2);
    expect(preloads('uz/orders-confirmation.html').sort()).toEqual(
      [
        '/_astro/Checkout.js',
        '/_astro/client.js',
        '/_astro/runtime.js',
        '/_astro/shared.js',
        '/_astro/rules.js',
        '/_astro/badge.js',
      ].sort(),
    );
  });

  it('leave out what loads later (import()) and the module scripts the browser already finds', () => {
    const links = preloads('uz/orders-confirmation.html');
    expect(links).not.toContain('/_astro/Picker.js');
    expect(links).not.toContain('/_astro/header.js');
    expect(readFileSync(join(dir, 'uz/orders-confirmation.html'), 'utf8')).toMatch(/modulepreload[^]*<\/head>/);
  });

  it('preload the scripts that draw a first screen and their imports, not the island waiting for it (React)', () => {
    expect(preloads('uz/search.html').sort()).toEqual(
      ['/_astro/first-screen.js', '/_astro/shared.js', '/_astro/rules.js'].sort(),
    );
  });

  it('leave a page whose islands wait for the shopper as it was', () => {
    expect(preloads('uz/about.html')).toEqual([]);
    expect(readFileSync(join(dir, 'uz/about.html'), 'utf8')).toBe(page(island('Search.js', 'media'), header));
  });
});
