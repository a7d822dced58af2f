import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { openDb, type Db } from '../../api/db.ts';
import { seedDatabase } from '../../api/seed.ts';
import { seededRandom } from '../../api/seed-random.ts';
import { CATEGORIES, COLOURS, PICTURES } from '../../api/seed-data.ts';
import { ASSETS, drawPicture, PRODUCT_VIEWS, recipeOf } from '../../api/seed-pictures.ts';

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
/** Every media path the seed wrote: products, variants, reviews, categories, stores, banners. */
function picturePaths(db: Db): string[] {
  const lists = [
    ...db.all<{ v: string }>('SELECT images AS v FROM products WHERE images IS NOT NULL'),
    ...db.all<{ v: string }>('SELECT images AS v FROM features WHERE images IS NOT NULL'),
    ...db.all<{ v: string }>('SELECT images AS v FROM reviews'),
    ...db.all<{ v: string }>('SELECT image AS v FROM categories'),
  ].flatMap(({ v }) => {
    const value = JSON.parse(v) as string | string[];
    return typeof value === 'string' ? value.split(',') : value;
  });
  const singles = [
    ...db.all<{ v: string }>('SELECT logo AS v FROM stores'),
    ...db.all<{ v: string }>('SELECT banner AS v FROM stores WHERE banner IS NOT NULL'),
    ...db.all<{ v: string }>('SELECT image AS v FROM banners'),
  ].map(({ v }) => v);
  return [...lists, ...singles];
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

  it('seeds 10,000 products, whose pictures are shared by kind and colour', () => {
    const db = seeded(10_000, 1);
    expect(db.get<{ n: number }>('SELECT count(*) AS n FROM products')?.n).toBe(10_000);
    const paths = new Set(picturePaths(db));
    // Per picture: its products in every colour and view, and five review photos; then the categories, stores and banners.
    const pictures = Object.keys(PICTURES).length;
    expect(paths.size).toBeLessThanOrEqual(pictures * ((COLOURS.length + 1) * PRODUCT_VIEWS + 5) + 70);
    db.close();
  });

  it('prices products of one title alike: a title is never sold at prices far apart', () => {
    const db = seeded(2_000, 1);
    const spreads = db.all<{ title: string; low: number; high: number }>(
      'SELECT title_ru AS title, min(price) AS low, max(price) AS high FROM products GROUP BY title_ru',
    );
    for (const { title, low, high } of spreads) expect(high / low, title).toBeLessThan(1.25);
    db.close();
  });

  it('gives every product a picture of what it is, but one that shows the placeholder', () => {
    const db = seeded(300, 1);
    expect(db.all('SELECT id FROM products WHERE images IS NULL')).toEqual([{ id: 5 }]);
    const kinds = new Map(CATEGORIES.flatMap((c) => c.kinds).map((kind) => [kind.name.ru, kind.picture] as const));
    for (const { title, images } of db.all<{ title: string; images: string }>(
      "SELECT title_ru AS title, images FROM products WHERE images IS NOT NULL AND unit = 'pcs'",
    )) {
      const kind = [...kinds.keys()].find((name) => title.startsWith(`${name} `));
      expect(kind, title).toBeDefined();
      expect(images, title).toContain(`products/${kinds.get(kind ?? '')}/`);
    }
    // A variant in a colour shows the product in that colour.
    for (const { images, attributes } of db.all<{ images: string; attributes: string }>(
      'SELECT images, attributes FROM features WHERE images IS NOT NULL',
    )) {
      const colour = (JSON.parse(attributes) as { key: string; value_uz: string }[]).find((a) => a.key === 'color');
      const key = COLOURS.find((c) => c.uz === colour?.value_uz)?.key ?? 'plain';
      expect(images).toMatch(new RegExp(`/${key}-1\\.webp`));
    }
    db.close();
  });

  it('draws every seeded picture path: none is left to the placeholder or a 404', async () => {
    const db = seeded(300, 1);
    const paths = [...new Set(picturePaths(db))];
    db.close();
    for (const path of paths) expect(recipeOf(path), path).not.toBeNull();
    for (const { emoji } of Object.values(PICTURES))
      expect(existsSync(join(ASSETS, `${emoji}.webp`)), emoji).toBe(true);
    // One of each kind of picture, drawn at the size its place on the page asks for.
    const samples = {
      'products/phone/red-3.webp': [640, 640],
      'categories/grapes.webp': [320, 320],
      'reviews/teapot-2.webp': [640, 640],
      'stores/olcha-qarshi-logo.webp': [256, 256],
      'stores/olcha-qarshi-banner.webp': [1200, 300],
      'banners/home-laptop-b-1.webp': [1200, 400],
      'banners/home-phone-t-2.webp': [800, 400],
      'banners/category-mebel-t.webp': [800, 400],
    };
    for (const [path, [width, height]] of Object.entries(samples)) {
      const recipe = recipeOf(path);
      if (!recipe) throw new Error(`no recipe for ${path}`);
      const meta = await sharp(await drawPicture(recipe)).metadata();
      expect({ path, format: meta.format, width: meta.width, height: meta.height }).toEqual({
        path,
        format: 'webp',
        width,
        height,
      });
    }
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
