/**
 * `npm run lighthouse` at a small size, so the tool cannot break unseen (a renamed page type, a sign-in step that
 * no longer works, a Lighthouse upgrade): a visitor's page and a signed-in shopper's, both languages. Its reports
 * must hold what the tool exists for: the four categories scored (0 to 1), and accessibility, best practices and SEO,
 * which do not depend on the machine's load, at 1. Performance and CLS are timings, judged by the manual run on a
 * quiet machine (its budgets: performance ≥ 95, CLS ≤ 0.02).
 */
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runScript, tempDir } from './support.ts';

const dist = tempDir('lighthouse');
const reports = tempDir('lighthouse-reports');
afterAll(() => {
  for (const dir of [dist, reports]) rmSync(dir, { recursive: true, force: true });
});

/** The part of a Lighthouse result this test reads. */
interface Report {
  requestedUrl: string;
  categories: Record<string, { score: number | null } | undefined>;
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

it('audits a product page and the signed-in basket in both languages', { timeout: 300_000 }, async () => {
  const run = await runScript(
    'scripts/lighthouse.ts',
    ['--only=product,basket', `--dist=${dist}`, `--reports=${reports}`, '--figures-only'],
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

  // One report per page audited, each with every category scored between 0 and 1.
  expect(readdirSync(reports).sort()).toEqual([
    'ru-basket.json',
    'ru-product.json',
    'uz-basket.json',
    'uz-product.json',
  ]);
  for (const file of readdirSync(reports)) {
    const report = JSON.parse(readFileSync(join(reports, file), 'utf8')) as Report;
    const [lang, type] = file.replace('.json', '').split('-');
    expect(new URL(report.requestedUrl).pathname, file).toMatch(new RegExp(`^/${lang}/${type}`));
    const scores = Object.fromEntries(CATEGORIES.map((name) => [name, report.categories[name]?.score]));
    for (const name of CATEGORIES) {
      expect(scores[name], `${file}: ${name}`).toBeGreaterThanOrEqual(0);
      expect(scores[name], `${file}: ${name}`).toBeLessThanOrEqual(1);
    }
    expect([scores.accessibility, scores['best-practices'], scores.seo], file).toEqual([1, 1, 1]);
  }
  // The printed table says the same as the reports.
  for (const [, path, , performance, accessibility, best, seo] of rows) {
    expect(Number(performance), path).toBeLessThanOrEqual(100);
    expect([accessibility, best, seo].map(Number), path).toEqual([100, 100, 100]);
  }
});
