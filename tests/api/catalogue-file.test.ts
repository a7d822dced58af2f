/**
 * The catalogue the rebuild hands to the build (src/data/catalogue-file.ts, integrations/catalogue-handover.ts):
 * written and read back, it is the catalogue the loader read from the reference API, exactly; the build's loader then
 * reads it from the folder and asks no API; a file cut short is refused; the build waits for the handover and no
 * longer.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LANGS } from '#contract/langs.ts';
import { handedOver, handOver } from '../../integrations/catalogue-handover.ts';
import {
  catalogueFile,
  readCatalogue,
  readReviews,
  writeCatalogue,
  writeReviews,
} from '../../src/data/catalogue-file.ts';
import { forgetCatalogues, loadCatalogue } from '../../src/data/catalogue.ts';
import { reviewsOf, showsSomeReviews } from '../../src/data/comments.ts';
import type { Review } from '../../src/backend/shop.ts';
import type { Catalogue } from '../../src/shared/catalogue-view.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
let folder: string;
const catalogues = {} as Record<(typeof LANGS)[number], Catalogue>;
/** Every review of the products the catalogue shows only the latest reviews of. */
let reviews: Map<number, Review[]>;
beforeAll(async () => {
  api = await startTestApi({ products: 60 });
  folder = mkdtempSync(join(tmpdir(), 'bozor-catalogue-'));
  for (const lang of LANGS) catalogues[lang] = await loadCatalogue(lang, api.server.url);
  reviews = await reviewsOf(catalogues.uz.products.filter(showsSomeReviews), api.server.url);
  forgetCatalogues();
}, 60_000);
afterAll(async () => {
  await api.stop();
  rmSync(folder, { recursive: true, force: true });
  delete process.env['BUILD_CATALOGUE'];
  forgetCatalogues();
});

describe('the catalogue handed to the build', () => {
  it('reads back as the catalogue the API gave, in both languages', async () => {
    for (const lang of LANGS) {
      await writeCatalogue(folder, catalogues[lang]);
      const read = await readCatalogue(folder, lang);
      expect(read).toStrictEqual(catalogues[lang]);
      expect(read.categoryBanners).toBeInstanceOf(Map);
      expect(read.products).toHaveLength(60);
    }
    expect(reviews.size).toBeGreaterThan(0);
    await writeReviews(folder, reviews);
    expect(await readReviews(folder)).toStrictEqual(reviews);
  });

  it('is what the build’s loader reads when BUILD_CATALOGUE names it, with no API asked', async () => {
    process.env['BUILD_CATALOGUE'] = folder;
    try {
      // Nothing listens on port 9: an API call would fail.
      const dead = 'http://127.0.0.1:9';
      expect(await loadCatalogue('ru', dead)).toStrictEqual(catalogues.ru);
      // Every review of each reviewed product: the handed ones, and the latest where they are all.
      const reviewed = catalogues.ru.products.filter((product) => (product.reviews_count ?? 0) > 0);
      const read = await reviewsOf(reviewed, dead);
      for (const product of reviewed)
        expect(read.get(product.id)).toStrictEqual(reviews.get(product.id) ?? product.latest_reviews);
    } finally {
      delete process.env['BUILD_CATALOGUE'];
      forgetCatalogues();
    }
  });

  it('is refused when a file is cut short', async () => {
    const cut = mkdtempSync(join(tmpdir(), 'bozor-catalogue-cut-'));
    const lines = readFileSync(catalogueFile(folder, 'uz'), 'utf8').split('\n');
    writeFileSync(catalogueFile(cut, 'uz'), lines.slice(0, 30).join('\n'));
    await expect(readCatalogue(cut, 'uz')).rejects.toThrow(/not a whole uz catalogue \(29 of 60 products\)/);
    rmSync(cut, { recursive: true });
  });

  it('is waited for until the rebuild says it is whole', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'bozor-handover-'));
    let settled = false;
    const waiting = handedOver(empty).finally(() => (settled = true));
    // The build looks again every 20 ms: after several looks it is still waiting.
    await new Promise((done) => setTimeout(done, 100));
    expect(settled).toBe(false);
    handOver(empty, { sharedData: 'menu-hash' });
    await expect(waiting).resolves.toEqual({ sharedData: 'menu-hash' });
    rmSync(empty, { recursive: true });
  });
});
