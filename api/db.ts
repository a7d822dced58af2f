/** SQLite storage: schema, a cached-statement wrapper and transactions. */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';

const SCHEMA = `
CREATE TABLE IF NOT EXISTS categories (
  id INTEGER PRIMARY KEY, name_uz TEXT NOT NULL, name_ru TEXT NOT NULL,
  image TEXT, search TEXT NOT NULL, position INTEGER NOT NULL DEFAULT 0);
CREATE TABLE IF NOT EXISTS stores (
  id INTEGER PRIMARY KEY, name_uz TEXT NOT NULL, name_ru TEXT NOT NULL, address TEXT NOT NULL UNIQUE,
  logo TEXT, banner TEXT, location_uz TEXT NOT NULL, location_ru TEXT NOT NULL,
  legal_name TEXT NOT NULL, orders_count INTEGER NOT NULL DEFAULT 0, search TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS products (
  id INTEGER PRIMARY KEY, title_uz TEXT, title_ru TEXT, description_uz TEXT, description_ru TEXT,
  price INTEGER NOT NULL, discount INTEGER, discount_price INTEGER,
  images TEXT, -- JSON: null, an array of media paths, or one comma-separated string
  stock REAL NOT NULL, unit TEXT NOT NULL, warranty_years INTEGER NOT NULL DEFAULT 1,
  category_id INTEGER REFERENCES categories(id), store_id INTEGER REFERENCES stores(id),
  rating REAL, reviews_count INTEGER NOT NULL DEFAULT 0, top_rank INTEGER,
  search TEXT NOT NULL, -- both titles, normalised (see normalise())
  updated_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS products_category ON products(category_id);
CREATE INDEX IF NOT EXISTS products_store ON products(store_id);
CREATE INDEX IF NOT EXISTS products_top ON products(top_rank) WHERE top_rank IS NOT NULL;
CREATE TABLE IF NOT EXISTS features (
  id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products(id),
  count INTEGER NOT NULL, price INTEGER, images TEXT,
  attributes TEXT NOT NULL -- JSON [{key, name_uz, name_ru, value_uz, value_ru}]
);
CREATE INDEX IF NOT EXISTS features_product ON features(product_id);
CREATE TABLE IF NOT EXISTS product_groups (
  id INTEGER PRIMARY KEY, title_uz TEXT NOT NULL, title_ru TEXT NOT NULL, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS group_products (
  group_id INTEGER NOT NULL REFERENCES product_groups(id), product_id INTEGER NOT NULL REFERENCES products(id),
  position INTEGER NOT NULL, PRIMARY KEY (group_id, product_id));
CREATE TABLE IF NOT EXISTS banners (
  id INTEGER PRIMARY KEY, kind TEXT NOT NULL, -- 'phone', 'laptop' or 'category'
  category_id INTEGER REFERENCES categories(id), list TEXT NOT NULL, -- 'b' or 't'
  title_uz TEXT NOT NULL, title_ru TEXT NOT NULL, image TEXT NOT NULL, link TEXT, position INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY, phone TEXT NOT NULL UNIQUE, first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '', father_name TEXT NOT NULL DEFAULT '', gender TEXT,
  birth_date TEXT, email TEXT, address TEXT, created_at TEXT NOT NULL);
-- Sign-in state per phone, kept apart from users so numbers that never verify leave no user row.
DROP TABLE IF EXISTS codes;
CREATE TABLE IF NOT EXISTS sign_ins (
  id INTEGER PRIMARY KEY, phone TEXT NOT NULL UNIQUE,
  code TEXT, code_ms INTEGER, code_tries INTEGER NOT NULL DEFAULT 0,
  codes_sent INTEGER NOT NULL DEFAULT 0, codes_since_ms INTEGER,
  failures INTEGER NOT NULL DEFAULT 0, failures_since_ms INTEGER,
  locks INTEGER NOT NULL DEFAULT 0, locked_until_ms INTEGER,
  touched_ms INTEGER NOT NULL);
-- One row per signed-in device: the only refresh token id that may still be used, and revocation.
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
  refresh_jti TEXT NOT NULL, expires_ms INTEGER NOT NULL, revoked_ms INTEGER);
CREATE INDEX IF NOT EXISTS sessions_user ON sessions(user_id);
-- Stored review images, for the per-user storage cap and for deleting replaced files.
CREATE TABLE IF NOT EXISTS uploads (
  path TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), bytes INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS uploads_user ON uploads(user_id);
CREATE TABLE IF NOT EXISTS basket (
  id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
  product_id INTEGER NOT NULL REFERENCES products(id), feature_id INTEGER REFERENCES features(id),
  quantity INTEGER NOT NULL);
CREATE UNIQUE INDEX IF NOT EXISTS basket_line ON basket(user_id, product_id, ifnull(feature_id, 0));
CREATE TABLE IF NOT EXISTS favourites (
  id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
  product_id INTEGER NOT NULL REFERENCES products(id), UNIQUE (user_id, product_id));
CREATE TABLE IF NOT EXISTS orders (
  id INTEGER PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id), number TEXT NOT NULL,
  status TEXT NOT NULL, payment_method TEXT NOT NULL, payment_status TEXT NOT NULL,
  delivery_date TEXT NOT NULL, customer_name TEXT NOT NULL, customer_phone TEXT NOT NULL,
  address TEXT NOT NULL, receipt_sales TEXT, receipt_return TEXT, created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS orders_user ON orders(user_id);
CREATE TABLE IF NOT EXISTS order_items (
  id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL REFERENCES products(id), feature_id INTEGER REFERENCES features(id),
  quantity INTEGER NOT NULL, price INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS order_items_order ON order_items(order_id);
CREATE TABLE IF NOT EXISTS reviews (
  id INTEGER PRIMARY KEY, product_id INTEGER NOT NULL REFERENCES products(id),
  user_id INTEGER REFERENCES users(id), author TEXT NOT NULL, rating INTEGER NOT NULL,
  advantage TEXT NOT NULL, shortcoming TEXT NOT NULL, comment TEXT NOT NULL,
  images TEXT NOT NULL DEFAULT '[]', created_at TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS reviews_product ON reviews(product_id, created_at);
CREATE INDEX IF NOT EXISTS reviews_user ON reviews(user_id);
`;

export type Param = SQLInputValue;

export interface Db {
  raw: DatabaseSync;
  get<T>(sql: string, ...params: Param[]): T | undefined;
  all<T>(sql: string, ...params: Param[]): T[];
  run(sql: string, ...params: Param[]): { changes: number; id: number };
  /** Runs fn in one transaction (nested calls join the outer one). */
  tx<T>(fn: () => T): T;
  close(): void;
}

/** Opens (creating if missing) `{dataDir}/bozor.sqlite`, or an in-memory database for ':memory:'. */
export function openDb(dataDir: string): Db {
  let file = ':memory:';
  if (dataDir !== ':memory:') {
    mkdirSync(dataDir, { recursive: true });
    file = join(dataDir, 'bozor.sqlite');
  }
  const raw = new DatabaseSync(file, { timeout: 5000 });
  if (file !== ':memory:') raw.exec('PRAGMA journal_mode = WAL');
  raw.exec('PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
  raw.exec(SCHEMA);
  const cache = new Map<string, StatementSync>();
  const stmt = (sql: string) => {
    let s = cache.get(sql);
    if (!s) {
      s = raw.prepare(sql);
      cache.set(sql, s);
    }
    return s;
  };
  let depth = 0;
  return {
    raw,
    get: <T>(sql: string, ...params: Param[]) => stmt(sql).get(...params) as T | undefined,
    all: <T>(sql: string, ...params: Param[]) => stmt(sql).all(...params) as T[],
    run(sql, ...params) {
      const r = stmt(sql).run(...params);
      return { changes: Number(r.changes), id: Number(r.lastInsertRowid) };
    },
    tx(fn) {
      if (depth > 0) return fn();
      raw.exec('BEGIN IMMEDIATE');
      depth++;
      try {
        const result = fn();
        raw.exec('COMMIT');
        return result;
      } catch (error) {
        raw.exec('ROLLBACK');
        throw error;
      } finally {
        depth--;
      }
    },
    close: () => raw.close(),
  };
}

/** Lower-cases and unifies the Uzbek apostrophe variants (o' oʻ o‘ o` g' gʻ g‘ ’ ʼ) so search matches any of them. */
export function normalise(text: string): string {
  return text.toLowerCase().replace(/[ʻʼ‘’`´]/g, "'");
}
