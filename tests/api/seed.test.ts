import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../api/db.ts';
import { seedDatabase } from '../../api/seed.ts';
import { seededRandom } from '../../api/seed-random.ts';

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

  it('is deterministic across processes: two `npm run seed` runs write the same database', () => {
    const cli = fileURLToPath(new URL('../../api/seed-cli.ts', import.meta.url));
    const root = mkdtempSync(join(tmpdir(), 'bozor-seed-'));
    try {
      const digests = ['a', 'b'].map((run) => {
        const dataDir = join(root, run);
        execFileSync(process.execPath, [cli, '--products', '300', '--data-dir', dataDir], { stdio: 'ignore' });
        const db = openDb(dataDir);
        try {
          return digest(db);
        } finally {
          db.close();
        }
      });
      expect(digests[0]).toBe(digests[1]);
      const inProcess = seeded(300, 1);
      expect(digest(inProcess)).toBe(digests[0]);
      inProcess.close();
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
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

describe('seeded shuffle', () => {
  it('returns every item once and leaves the list as it was', () => {
    const list = Array.from({ length: 50 }, (_, i) => i);
    const shuffled = seededRandom(7).shuffle(list);
    expect(shuffled).not.toEqual(list);
    expect([...shuffled].sort((a, b) => a - b)).toEqual(list);
    expect(list).toEqual(Array.from({ length: 50 }, (_, i) => i));
    expect(seededRandom(7).shuffle(list)).toEqual(shuffled);
  });

  it('makes every order about equally likely (sort with a random comparator does not)', () => {
    const r = seededRandom(1);
    const seen = new Map<string, number>();
    for (let i = 0; i < 60_000; i++) {
      const order = r.shuffle(['a', 'b', 'c']).join('');
      seen.set(order, (seen.get(order) ?? 0) + 1);
    }
    expect(seen.size).toBe(6);
    // 10,000 each expected; the old sort(() => r.next() - 0.5) gave from about 3,700 to 22,500.
    for (const count of seen.values()) expect(Math.abs(count - 10_000)).toBeLessThan(500);
  });
});
