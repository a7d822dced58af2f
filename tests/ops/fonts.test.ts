import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cutFonts, FONT_FILES } from '../../scripts/fonts.ts';

const committed = (file: string) => readFileSync(new URL(`../../src/layouts/fonts/${file}`, import.meta.url));

describe('the shop’s Inter files', () => {
  it('are what `npm run fonts` cuts from the installed fontsource package (run it after an upgrade)', async () => {
    const cut = await cutFonts();
    expect([...cut.keys()].sort()).toEqual(Object.values(FONT_FILES).sort());
    for (const [file, font] of cut) expect(committed(file).equals(font), file).toBe(true);
  });

  it('are a third lighter than fontsource’s whole files', async () => {
    const whole = (subset: string) =>
      readFileSync(
        new URL(
          `../../node_modules/@fontsource-variable/inter/files/inter-${subset}-wght-normal.woff2`,
          import.meta.url,
        ),
      ).length;
    for (const [subset, file] of Object.entries(FONT_FILES))
      expect(committed(file).length / whole(subset), subset).toBeLessThan(0.7);
  });
});
