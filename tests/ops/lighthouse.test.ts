/**
 * `npm run lighthouse` at a small size, so the tool cannot break unseen (a renamed page type, a sign-in step that
 * no longer works, a Lighthouse upgrade): a visitor's page and a signed-in shopper's, both languages, figures only.
 * Accessibility, best practices and SEO do not depend on the machine's load and must be 100; performance and CLS
 * are timings, judged by the manual run on a quiet machine (its budgets: performance ≥ 95, CLS ≤ 0.02).
 */
import { rmSync } from 'node:fs';
import { afterAll, expect, it } from 'vitest';
import { runScript, tempDir } from './support.ts';

const dist = tempDir('lighthouse');
afterAll(() => rmSync(dist, { recursive: true, force: true }));

it('audits a product page and the signed-in basket in both languages', { timeout: 300_000 }, async () => {
  const run = await runScript(
    'scripts/lighthouse.ts',
    ['--only=product,basket', `--dist=${dist}`, '--figures-only'],
    {},
  );
  expect(run.code, `${run.stdout}\n${run.stderr}`).toBe(0);
  const rows = [...run.stdout.matchAll(/^ {2}(\/\S+)( \*)?\s+(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s+([\d.]+)/gm)];
  expect(rows.map((row) => `${row[1]}${row[2] ?? ''}`)).toEqual([
    expect.stringMatching(/^\/uz\/product\/\d+$/),
    expect.stringMatching(/^\/ru\/product\/\d+$/),
    '/uz/basket *',
    '/ru/basket *',
  ]);
  for (const [, path, , performance, accessibility, best, seo] of rows) {
    expect(Number(performance), path).toBeGreaterThan(0);
    expect([accessibility, best, seo].map(Number), path).toEqual([100, 100, 100]);
  }
});
