import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../api/db.ts';
import { seedDatabase } from '../../api/seed.ts';

const TABLES = [
  'categories',
  'stores',
  'products',
  'features',
  'product_groups',
  'group_products',
  'banners',
  'reviews',
  'users',
  'orders',
  'order_items',
];

function digest(db: Db): string {
  const hash = createHash('sha256');
  for (const table of TABLES)
    hash.update(table).update(JSON.stringify(db.all(`SELECT * FROM ${table} ORDER BY rowid`)));
  return hash.digest('hex');
}
function seeded(products: number, seed: number) {
  const db = openDb(':memory:');
  seedDatabase(db, { products, seed });
  return db;
}

describe('seed', () => {
  it('is deterministic: same seed, same catalogue; another seed, another', () => {
    const a = seeded(200, 1);
    const b = seeded(200, 1);
    const c = seeded(200, 2);
    expect(digest(a)).toBe(digest(b));
    expect(digest(a)).not.toBe(digest(c));
    for (const db of [a, b, c]) db.close();
  });

  it('looks like the marketplace of the spec', () => {
    const db = seeded(300, 1);
    const count = (sql: string) => db.get<{ n: number }>(sql)?.n ?? 0;
    expect(count('SELECT count(*) AS n FROM categories WHERE image IS NOT NULL')).toBeGreaterThanOrEqual(12);
    expect(count('SELECT count(*) AS n FROM stores WHERE logo IS NOT NULL')).toBeGreaterThanOrEqual(6);
    const discounted = count('SELECT count(*) AS n FROM products WHERE discount IS NOT NULL') / 300;
    expect(discounted).toBeGreaterThan(0.2);
    expect(discounted).toBeLessThan(0.4);
    expect(count('SELECT count(*) AS n FROM products WHERE images IS NULL')).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM products WHERE images LIKE '\"%'")).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM products WHERE unit = 'kg'")).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM features WHERE count = 0')).toBeGreaterThan(0);
    expect(count('SELECT count(*) AS n FROM features WHERE price IS NOT NULL')).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM categories WHERE name_uz LIKE '%ʻ%'")).toBeGreaterThan(0);
    expect(count("SELECT count(*) AS n FROM products WHERE description_uz LIKE '%<script>%'")).toBe(1);
    expect(count('SELECT count(*) AS n FROM reviews WHERE rating BETWEEN 1 AND 5')).toBe(
      count('SELECT count(*) AS n FROM reviews'),
    );
    expect(count("SELECT count(*) AS n FROM banners WHERE kind IN ('phone', 'laptop')")).toBeGreaterThan(0);
    db.close();
  });

  it('seeds 10,000 products', () => {
    const db = seeded(10_000, 1);
    expect(db.get<{ n: number }>('SELECT count(*) AS n FROM products')?.n).toBe(10_000);
    db.close();
  });
});
