/**
 * Recall of the reference API's search in any script: every query
 * of tests/fixtures/search-queries.ts, sent as the storefront sends it
 * (src/features/search/state/search.ts: the light normalisation), finds its product,
 * category or store among the first five — products both on the search page
 * (/products/search-product/) and in the search box's fallback
 * (/products/search/), categories and stores in the search box's.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls } from '#contract/calls.ts';
import { searchDocument } from '#contract/search-forms.ts';
import { openDb } from '../../api/db.ts';
import { seedDatabase } from '../../api/seed.ts';
import { normaliseSearchText } from '../../src/features/search/rules/search-text.ts';
import { RECALL_QUERIES, type RecallQuery } from '../fixtures/search-queries.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  // The e2e API's catalogue: the queries were written from it.
  api = await startTestApi({ products: 300 });
});
afterAll(() => api.stop());

const TOP = 5;

async function firstFive({ query, lang, finds }: RecallQuery, page: 'results' | 'box'): Promise<string[]> {
  const q = encodeURIComponent(normaliseSearchText(query));
  if (page === 'results') {
    const answer = calls.searchProducts.answer.parse(
      (await api.call(`/products/search-product/?q=${q}`, { lang })).body,
    );
    return answer.results.slice(0, TOP).map((p) => p.title ?? '');
  }
  const answer = calls.searchSuggestions.answer.parse((await api.call(`/products/search/?q=${q}`, { lang })).body);
  const names = {
    product: answer.products.map((p) => p.title ?? ''),
    category: answer.categories.map((c) => c.name),
    store: answer.stores.map((s) => s.name),
  };
  return names[finds].slice(0, TOP);
}

describe('search recall of the reference API', () => {
  it(`finds every one of the ${RECALL_QUERIES.length} queries' titles in the first ${TOP}`, async () => {
    const missed: string[] = [];
    const byKind = new Map<string, { found: number; of: number }>();
    for (const entry of RECALL_QUERIES) {
      const pages = entry.finds === 'product' ? (['results', 'box'] as const) : (['box'] as const);
      for (const page of pages) {
        const titles = await firstFive(entry, page);
        const found = titles.includes(entry.title);
        const key = `${entry.kind} ${entry.finds} (${page})`;
        const tally = byKind.get(key) ?? { found: 0, of: 0 };
        byKind.set(key, { found: tally.found + (found ? 1 : 0), of: tally.of + 1 });
        if (!found) missed.push(`${entry.lang} "${entry.query}" → ${entry.title} (${page}): ${titles.join(' | ')}`);
      }
    }
    for (const [key, { found, of }] of [...byKind].sort()) console.log(`recall ${key}: ${found}/${of}`);
    expect(missed).toEqual([]);
  });
});

describe('a database seeded before search in any script', () => {
  it('has its search texts folded when opened', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bozor-refold-'));
    try {
      const before = openDb(dir);
      seedDatabase(before, { products: 10, seed: 1 });
      // As the earlier version wrote them: lower case, apostrophes unified, nothing folded.
      before.run('UPDATE products SET search = lower(title_uz || char(10) || title_ru)');
      before.run('UPDATE categories SET search = lower(name_uz)');
      before.run('PRAGMA user_version = 0');
      before.close();
      const after = openDb(dir);
      const product = after.get<{ title_uz: string; title_ru: string; search: string }>(
        'SELECT title_uz, title_ru, search FROM products ORDER BY id LIMIT 1',
      )!;
      expect(product.search).toBe(searchDocument(product.title_uz, product.title_ru));
      const category = after.get<{ name_uz: string; name_ru: string; search: string }>(
        'SELECT name_uz, name_ru, search FROM categories ORDER BY id LIMIT 1',
      )!;
      expect(category.search).toBe(searchDocument(category.name_uz, category.name_ru));
      after.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
