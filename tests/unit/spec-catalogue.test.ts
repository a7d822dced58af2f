/**
 * The build's loader against the spec-only backend (tests/spec-backend), in
 * both dialects: everything the pages need is read through the spec's calls
 * alone, the build token the backend refuses is left out, and the loose
 * dialect's strings, comma-separated images, bare ids and null titles come
 * out as the plain dialect's numbers, lists and objects.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadCatalogue } from '../../src/data/catalogue.ts';
import { startSpecBackend, type SpecBackend } from '../spec-backend/server.ts';
import { defaults, type Dialect } from '../spec-backend/settings.ts';

const backends = new Map<Dialect, SpecBackend>();
beforeAll(async () => {
  process.env['API_BUILD_TOKEN'] = 'a-token-the-spec-backend-never-issued';
  for (const dialect of ['plain', 'loose'] as const)
    backends.set(dialect, await startSpecBackend({ ...defaults, port: 0, dialect }));
});
afterAll(async () => {
  delete process.env['API_BUILD_TOKEN'];
  await Promise.all([...backends.values()].map((backend) => backend.close()));
});

describe.each(['plain', 'loose'] as const)('the %s dialect', (dialect) => {
  const load = () => loadCatalogue('uz', backends.get(dialect)!.origin);

  it('loads every product, category, group, top list and banner through the spec calls', async () => {
    const catalogue = await load();
    expect(catalogue.products).toHaveLength(defaults.products);
    expect(catalogue.categories.map((c) => c.name)).toContain('Smartfonlar');
    expect(catalogue.groups[0]?.products.length).toBeGreaterThan(0);
    expect(catalogue.topProducts.length).toBeGreaterThan(0);
    expect(catalogue.banners.phone.b[0]?.link).toBeTruthy();
  });

  it('reads a product the same way whatever the dialect', async () => {
    const product = (await load()).products.find((p) => p.id === 3)!;
    expect(product).toMatchObject({
      title: 'iPhone 15',
      price: 12_500_000,
      discount_price: 11_875_000,
      stock: 10,
      category: { id: 1, name: 'Smartfonlar' },
    });
    expect(product.images).toHaveLength(3);
    // Feature 303 has none left (the loose dialect sends it with count 0).
    expect(product.features.map((f) => f.id)).not.toContain(303);
    expect(product.features.every((f) => f.count > 0)).toBe(true);
    expect(product.rating).toBeUndefined();
  });

  it('names a product without a title Unknown Product, and gives one without photos none', async () => {
    const products = (await load()).products;
    const untitled = products.find((p) => p.id === 18)!;
    if (dialect === 'loose') expect(untitled.title).toBe('Unknown Product');
    expect(products.find((p) => p.id === 28)!.images).toEqual([]);
  });

  it('builds store pages only for stores the products name in full', async () => {
    const { stores } = await load();
    expect(stores.map((s) => s.address).sort()).toEqual(
      dialect === 'plain' ? ['moda-uyi', 'qarshi-bozori', 'texno-qarshi'] : [],
    );
  });
});
