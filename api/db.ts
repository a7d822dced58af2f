/** SQLite storage: schema, migrations, a cached-statement wrapper and transactions. */
import { DatabaseSync, type SQLInputValue, type StatementSync } from 'node:sqlite';
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { searchDocument } from '#contract/search-forms.ts';

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
  search TEXT NOT NULL, -- both titles as written and folded (#contract/search-forms.ts searchDocument)
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
-- AUTOINCREMENT: a deleted user's id is never handed to the next new user.
CREATE TABLE IF NOT EXISTS users (
  id INTEGER PRIMARY KEY AUTOINCREMENT, phone TEXT NOT NULL UNIQUE, first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '', father_name TEXT NOT NULL DEFAULT '', gender TEXT,
  birth_date TEXT, email TEXT, address TEXT, created_at TEXT NOT NULL);
-- Sign-in. Each code request is a challenge of its own, named by a random id
-- (never sequential) and bound to the browser that asked when that browser is recognised. Budgets belong to a
-- pool: one phone from browsers it never signed in on (device 0), or one phone on one recognised browser.
DROP TABLE IF EXISTS sign_ins;
CREATE TABLE IF NOT EXISTS challenges (
  id INTEGER PRIMARY KEY, phone TEXT NOT NULL, device INTEGER NOT NULL, code TEXT NOT NULL,
  code_ms INTEGER NOT NULL, tries INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS challenges_phone ON challenges(phone, code_ms);
-- Codes sent per pool: the resend countdown and the hourly cap.
CREATE TABLE IF NOT EXISTS code_budgets (
  phone TEXT NOT NULL, device INTEGER NOT NULL, last_ms INTEGER NOT NULL,
  sent INTEGER NOT NULL, since_ms INTEGER NOT NULL, PRIMARY KEY (phone, device));
-- Wrong codes per pool, kept for the longest window that counts them (30 days).
CREATE TABLE IF NOT EXISTS guesses (phone TEXT NOT NULL, device INTEGER NOT NULL, at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS guesses_pool ON guesses(phone, device, at_ms);
-- SMS sent in the last day, per pool and client address (api/sign-in-guard.ts).
CREATE TABLE IF NOT EXISTS sms_log (at_ms INTEGER NOT NULL, phone TEXT NOT NULL, device INTEGER NOT NULL, address TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS sms_log_at ON sms_log(at_ms);
CREATE INDEX IF NOT EXISTS sms_log_pool ON sms_log(phone, device, at_ms);
CREATE INDEX IF NOT EXISTS sms_log_address ON sms_log(address, at_ms);
-- Wrong codes in the last day per client address, across all phones.
CREATE TABLE IF NOT EXISTS wrong_codes (address TEXT NOT NULL, at_ms INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS wrong_codes_address ON wrong_codes(address, at_ms);
-- Proof-of-work challenges already solved, until they expire.
CREATE TABLE IF NOT EXISTS spent_proofs (hash TEXT PRIMARY KEY, until_ms INTEGER NOT NULL);
-- Browsers a phone signed in on: the sha256 of the device token they keep, and the phones it vouches for.
CREATE TABLE IF NOT EXISTS devices (
  id INTEGER PRIMARY KEY AUTOINCREMENT, hash TEXT NOT NULL UNIQUE, used_ms INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS device_phones (
  device INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE, phone TEXT NOT NULL,
  used_ms INTEGER NOT NULL, PRIMARY KEY (device, phone));
-- One row per signed-in device: the only refresh token id that may still be used, and revocation.
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
  refresh_jti TEXT NOT NULL, expires_ms INTEGER NOT NULL, revoked_ms INTEGER,
  prev_jti TEXT, rotated_ms INTEGER, rotated_by TEXT);
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
  address TEXT NOT NULL, receipt_sales TEXT, receipt_return TEXT, created_at TEXT NOT NULL,
  delivery_fee INTEGER NOT NULL DEFAULT 0);
CREATE INDEX IF NOT EXISTS orders_user ON orders(user_id);
CREATE INDEX IF NOT EXISTS orders_waiting ON orders(status, created_at);
CREATE TABLE IF NOT EXISTS order_items (
  id INTEGER PRIMARY KEY, order_id INTEGER NOT NULL REFERENCES orders(id),
  product_id INTEGER NOT NULL REFERENCES products(id), feature_id INTEGER REFERENCES features(id),
  quantity INTEGER NOT NULL, price INTEGER NOT NULL);
CREATE INDEX IF NOT EXISTS order_items_order ON order_items(order_id);
-- Provider transactions (Payme, Click): an order becomes paid only through them (or the development sandbox).
-- state: 1 created/prepared, 2 performed/completed, -1 cancelled before, -2 cancelled after it was performed.
CREATE TABLE IF NOT EXISTS payments (
  id INTEGER PRIMARY KEY AUTOINCREMENT, provider TEXT NOT NULL, ext_id TEXT NOT NULL,
  order_id INTEGER NOT NULL REFERENCES orders(id), amount INTEGER NOT NULL, -- tiyin
  state INTEGER NOT NULL, ext_time INTEGER, create_ms INTEGER NOT NULL, perform_ms INTEGER, cancel_ms INTEGER,
  reason INTEGER, UNIQUE (provider, ext_id));
CREATE INDEX IF NOT EXISTS payments_order ON payments(order_id);
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

/** The data folder cannot hold the database: one line names API_DATA_DIR, the path and the cause. */
export class DataDirError extends Error {
  constructor(dataDir: string, cause: unknown) {
    const reason = cause instanceof Error ? cause.message : String(cause);
    super(`API_DATA_DIR=${dataDir} (${resolve(dataDir)}) cannot be used: ${reason}`, { cause });
    this.name = 'DataDirError';
  }
}

/** Version of the search column's text (PRAGMA user_version): 1 = titles as written and folded. */
const SEARCH_VERSION = 1;

/** Rewrites every search column as searchDocument() makes it now, so titles seeded before can be found in any script. */
function refoldSearch(raw: DatabaseSync): void {
  raw.exec('BEGIN IMMEDIATE');
  try {
    for (const [table, first, second] of [
      ['products', 'title_uz', 'title_ru'],
      ['categories', 'name_uz', 'name_ru'],
      ['stores', 'name_uz', 'name_ru'],
    ] as const) {
      const update = raw.prepare(`UPDATE ${table} SET search = ? WHERE id = ?`);
      const rows = raw.prepare(`SELECT id, ${first} AS a, ${second} AS b FROM ${table}`).all() as {
        id: number;
        a: string | null;
        b: string | null;
      }[];
      for (const row of rows)
        update.run(searchDocument(...[...new Set([row.a ?? '', row.b ?? ''])].filter(Boolean)), row.id);
    }
    raw.exec(`PRAGMA user_version = ${SEARCH_VERSION}`);
    raw.exec('COMMIT');
  } catch (error) {
    if (raw.isTransaction) raw.exec('ROLLBACK');
    throw error;
  }
}

/** Brings a database made by an earlier version to this schema (each step runs once). */
function migrate(raw: DatabaseSync): void {
  const columns = (table: string) =>
    new Set((raw.prepare(`PRAGMA table_info(${table})`).all() as { name: string }[]).map((c) => c.name));
  const sessions = columns('sessions');
  if (!sessions.has('prev_jti')) raw.exec('ALTER TABLE sessions ADD COLUMN prev_jti TEXT');
  if (!sessions.has('rotated_ms')) raw.exec('ALTER TABLE sessions ADD COLUMN rotated_ms INTEGER');
  if (!sessions.has('rotated_by')) raw.exec('ALTER TABLE sessions ADD COLUMN rotated_by TEXT');
  if (!columns('orders').has('delivery_fee'))
    raw.exec('ALTER TABLE orders ADD COLUMN delivery_fee INTEGER NOT NULL DEFAULT 0');
  if ((raw.prepare('PRAGMA user_version').get() as { user_version: number }).user_version < SEARCH_VERSION)
    refoldSearch(raw);
  const users = raw.prepare("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'users'").get() as
    { sql: string } | undefined;
  if (users && !/AUTOINCREMENT/i.test(users.sql)) {
    // Rebuilt with AUTOINCREMENT, its sequence starting past every id a row anywhere still names.
    const create = SCHEMA.slice(SCHEMA.indexOf('CREATE TABLE IF NOT EXISTS users ('));
    const sql = create.slice(0, create.indexOf(';')).replace('IF NOT EXISTS users', 'users_next');
    raw.exec('PRAGMA foreign_keys = OFF');
    raw.exec('BEGIN IMMEDIATE');
    try {
      raw.exec(`${sql}; INSERT INTO users_next SELECT * FROM users; DROP TABLE users;
        ALTER TABLE users_next RENAME TO users;`);
      const highest = raw
        .prepare(
          `SELECT max(n) AS n FROM (SELECT max(id) AS n FROM users UNION ALL SELECT max(user_id) FROM sessions
           UNION ALL SELECT max(user_id) FROM orders UNION ALL SELECT max(user_id) FROM basket
           UNION ALL SELECT max(user_id) FROM favourites UNION ALL SELECT max(user_id) FROM reviews)`,
        )
        .get() as { n: number | null };
      raw.prepare("DELETE FROM sqlite_sequence WHERE name = 'users'").run();
      raw.prepare("INSERT INTO sqlite_sequence (name, seq) VALUES ('users', ?)").run(highest.n ?? 0);
      raw.exec('COMMIT');
    } catch (error) {
      if (raw.isTransaction) raw.exec('ROLLBACK');
      throw error;
    } finally {
      raw.exec('PRAGMA foreign_keys = ON');
    }
  }
}

/**
 * How long the API's writes wait for another process's write lock (`npm run order-status`, `npm run product`).
 * node:sqlite waits synchronously, stopping every other request meanwhile, so the wait is short: a write that
 * does not get the lock in time is answered 503 (isBusy), and reads never wait (WAL).
 */
const API_BUSY_TIMEOUT_MS = 100;
/** The command-line tools wait longer: nothing else waits on them. */
export const CLI_BUSY_TIMEOUT_MS = 5000;

/**
 * Opens (creating if missing) `{dataDir}/bozor.sqlite`, or an in-memory database for ':memory:'.
 * A folder that cannot hold it throws a DataDirError naming it.
 */
export function openDb(dataDir: string, busyTimeoutMs = API_BUSY_TIMEOUT_MS): Db {
  let file = ':memory:';
  let raw: DatabaseSync;
  try {
    if (dataDir !== ':memory:') {
      mkdirSync(dataDir, { recursive: true });
      file = join(dataDir, 'bozor.sqlite');
    }
    raw = new DatabaseSync(file, { timeout: busyTimeoutMs });
    if (file !== ':memory:') raw.exec('PRAGMA journal_mode = WAL');
    raw.exec('PRAGMA foreign_keys = ON; PRAGMA synchronous = NORMAL;');
    raw.exec(SCHEMA);
    migrate(raw);
  } catch (error) {
    throw new DataDirError(dataDir, error);
  }
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
        // SQLite may already have rolled back (a full disk does): a second ROLLBACK would hide the real cause.
        if (raw.isTransaction) {
          try {
            raw.exec('ROLLBACK');
          } catch (rollback) {
            console.error('[db] rollback failed after', error, rollback);
          }
        }
        throw error;
      } finally {
        depth--;
      }
    },
    close: () => raw.close(),
  };
}

/** A write that did not get the database's write lock in time: SQLITE_BUSY (another process is writing). */
export function isBusy(error: unknown): boolean {
  const e = error as { errcode?: unknown } | null;
  return typeof e?.errcode === 'number' && (e.errcode & 0xff) === 5;
}

/** A write refused because the disk (or the database's page limit) is full: SQLITE_FULL, ENOSPC or EDQUOT. */
export function isStorageFull(error: unknown): boolean {
  const e = error as { errcode?: unknown; code?: unknown } | null;
  return (typeof e?.errcode === 'number' && (e.errcode & 0xff) === 13) || e?.code === 'ENOSPC' || e?.code === 'EDQUOT';
}
