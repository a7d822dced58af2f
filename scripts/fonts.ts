/**
 * `npm run fonts`: the shop's Inter files (src/layouts/fonts/), cut from @fontsource-variable/inter to the weights
 * the shop sets, 400 to 800 of the 100-900 axis, with every letter of fontsource's own file (its unicode-range): the
 * same letters drawn the same, for 30.8 KB instead of 47.1 (Latin) and 12.5 instead of 18.3 (Cyrillic) — the
 * largest files before any page's largest paint. tests/ops/fonts.test.ts checks the files are what this makes from
 * the installed package; run it again after upgrading fontsource.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ranges from '@fontsource-variable/inter/unicode.json' with { type: 'json' };
import subsetFont from 'subset-font';

/** The weights the shop's stylesheets set (global.css's @font-face rules say the same range). */
export const WEIGHTS = { min: 400, max: 800 };

/** fontsource's subsets the shop serves, and the file each becomes. */
export const FONT_FILES = {
  latin: 'inter-latin-wght-400-800.woff2',
  cyrillic: 'inter-cyrillic-wght-400-800.woff2',
} as const;

const FONTS_DIR = fileURLToPath(new URL('../src/layouts/fonts/', import.meta.url));
const files = fileURLToPath(new URL('./files/', import.meta.resolve('@fontsource-variable/inter/unicode.json')));

/** Every character of a CSS unicode-range ('U+0000-00FF,U+0131'). */
function rangeText(range: string): string {
  return range
    .split(',')
    .flatMap((part) => {
      const [from, to = from] = part.replace(/^U\+/i, '').split('-');
      const [a, b] = [parseInt(from!, 16), parseInt(to!, 16)];
      return Array.from({ length: b - a + 1 }, (_, index) => String.fromCodePoint(a + index));
    })
    .join('');
}

/** Each subset's cut file, by file name. */
export async function cutFonts(): Promise<Map<string, Buffer>> {
  const cut = new Map<string, Buffer>();
  for (const [subset, file] of Object.entries(FONT_FILES) as [keyof typeof FONT_FILES, string][]) {
    const whole = readFileSync(join(files, `inter-${subset}-wght-normal.woff2`));
    const text = rangeText(ranges[subset]);
    cut.set(file, await subsetFont(whole, text, { targetFormat: 'woff2', variationAxes: { wght: WEIGHTS } }));
  }
  return cut;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [file, font] of await cutFonts()) {
    writeFileSync(join(FONTS_DIR, file), font);
    console.log(`${file}: ${(font.length / 1024).toFixed(1)} KB`);
  }
}
