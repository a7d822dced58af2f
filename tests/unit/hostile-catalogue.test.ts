/**
 * The build's loader against the spec backend's hostile catalogue (tests/spec-backend/hostile.ts), in both
 * dialects: the catalogue loads (a night is never refused for one seller's value), each bad item is left out or
 * mended and named once in the build's log though both languages read it, and what the pages get holds the field
 * rules: no product twice, no price out of range, safe store keys, banners that lead only where the site goes.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGS } from '#contract/langs.ts';
import { forgetCatalogues, loadCatalogue } from '../../src/data/catalogue.ts';
import { HIDDEN_CHARACTER, PRICE_CEILING, STORE_KEY } from '../../src/backend/rules.ts';
import { sitemapPaths } from '../../src/shared/sitemap.ts';
import { HOSTILE } from '../spec-backend/hostile.ts';
import { startSpecBackend, type SpecBackend } from '../spec-backend/server.ts';
import { defaults, type Dialect } from '../spec-backend/settings.ts';

const backends = new Map<Dialect, SpecBackend>();
beforeAll(async () => {
  for (const dialect of ['plain', 'loose'] as const)
    backends.set(dialect, await startSpecBackend({ ...defaults, port: 0, dialect, catalogue: 'hostile' }));
});
afterAll(async () => {
  await Promise.all([...backends.values()].map((backend) => backend.close()));
});

let log: string[] = [];
beforeEach(() => {
  forgetCatalogues();
  log = [];
  vi.spyOn(console, 'warn').mockImplementation((line: string) => void log.push(line));
});
afterEach(() => {
  vi.restoreAllMocks();
  forgetCatalogues();
});

describe.each(['plain', 'loose'] as const)('the hostile catalogue, %s dialect', (dialect) => {
  const loadBoth = () => Promise.all(LANGS.map((lang) => loadCatalogue(lang, backends.get(dialect)!.origin)));

  it('loads, naming each item it leaves out or mends once in the build’s log', async () => {
    const uz = (await loadBoth())[0]!;
    const named = (pattern: RegExp) => log.filter((line) => pattern.test(line));
    for (const pattern of [
      new RegExp(`^\\[catalogue\\] product ${HOSTILE.negativePrice} skipped: price is below 1`),
      new RegExp(`^\\[catalogue\\] product ${HOSTILE.absurdPrice} skipped: price is not below ${PRICE_CEILING}`),
      new RegExp(`^\\[catalogue\\] product ${HOSTILE.unsafeId} skipped: id is not an id`),
      new RegExp(`^\\[catalogue\\] product ${HOSTILE.listedTwice} listed more than once: shown once`),
      new RegExp(`^\\[catalogue\\] banner ${HOSTILE.scriptBanner}: link "javascript:.*" refused`),
    ])
      expect(named(pattern), String(pattern)).toHaveLength(1);
    if (dialect === 'plain') {
      // Loose sends stores as bare ids: no store pages, no keys to mend.
      expect(named(/^\[catalogue\] store 4: address "\.\.\/\.\.\/\.\.\/x" is not a safe page key/)).toHaveLength(1);
      expect(named(/^\[catalogue\] store 5: address "Qarshi sh\., .*" is not a safe page key/)).toHaveLength(1);
      expect(uz.stores.map((store) => store.address)).toEqual(expect.arrayContaining(['4', '5']));
    }
    for (const line of log) expect(line).not.toMatch(HIDDEN_CHARACTER);
  });

  it('gives the pages each product once, at a price in range, its texts without controls and cut', async () => {
    for (const catalogue of await loadBoth()) {
      const ids = catalogue.products.map((product) => product.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).not.toContain(HOSTILE.negativePrice);
      expect(ids).not.toContain(HOSTILE.absurdPrice);
      expect(ids).not.toContain(HOSTILE.unsafeId);
      for (const product of catalogue.products) {
        expect(product.price).toBeGreaterThanOrEqual(1);
        expect(product.price).toBeLessThan(PRICE_CEILING);
        expect(product.title).not.toMatch(HIDDEN_CHARACTER);
        expect(product.title.length).toBeLessThanOrEqual(200);
      }
      const bidi = catalogue.products.find((product) => product.id === HOSTILE.bidiTitle)!;
      expect(bidi.title).toBe('iPhone 16 Pro Max');
      expect(catalogue.products.find((product) => product.id === HOSTILE.badDiscount)!.discount_price).toBeNull();
      expect(catalogue.products.find((product) => product.id === HOSTILE.schemeImages)!.images).toEqual([]);
      for (const store of catalogue.stores) expect(store.address).toMatch(STORE_KEY);
      for (const category of catalogue.categories) expect(category.name).not.toMatch(HIDDEN_CHARACTER);
      const paths = sitemapPaths(catalogue);
      expect(new Set(paths).size).toBe(paths.length);
    }
  });

  it('leads banners that name a product or category by id to its page, and a javascript: banner nowhere', async () => {
    const uz = (await loadBoth())[0]!;
    const banners = [...uz.banners.laptop.b, ...uz.banners.laptop.t];
    const link = (id: number) => banners.find((banner) => banner.id === id)?.link;
    expect(link(HOSTILE.scriptBanner)).toBeNull();
    expect(link(HOSTILE.productBanner)).toBe(`/product/${HOSTILE.bannerProduct}`);
    expect(link(HOSTILE.categoryBanner)).toBe(`/category/${HOSTILE.bannerCategory}`);
  });
});
