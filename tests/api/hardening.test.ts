/** Storage hardening: ids never reused, image decodes queued, a full disk answered 503 with its real cause. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import sharp from 'sharp';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { calls } from '#contract/calls.ts';
import { openDb } from '../../api/db.ts';
import { decodeStats, MAX_DECODING } from '../../api/images.ts';
import { placeOrder, startTestApi, type TestApi } from './helpers.ts';

let api: TestApi | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  await api?.stop();
  api = undefined;
});

describe('user ids', () => {
  it('never hands a deleted user’s id to the next new user, so old tokens open nobody’s profile', async () => {
    api = await startTestApi({ products: 5 });
    const gone = await api.signIn('+998930000001');
    const goneId = (await api.call('/users/profile/', { token: gone.access })).body.id as number;
    // The back office deletes the newest user the way an SQLite shell does: foreign keys off, rows left behind.
    const { raw } = api.server.db;
    raw.exec('PRAGMA foreign_keys = OFF');
    raw.prepare('DELETE FROM users WHERE id = ?').run(goneId);
    raw.exec('PRAGMA foreign_keys = ON');

    const next = await api.signIn('+998930000002');
    const nextId = (await api.call('/users/profile/', { token: next.access })).body.id as number;
    expect(nextId).toBeGreaterThan(goneId);
    expect((await api.call('/users/profile/', { token: gone.access })).status).toBe(401);
    expect((await api.call('/users/token/refresh/', { method: 'POST', body: { refresh: gone.refresh } })).status).toBe(
      401,
    );
  });

  it('moves a database of an earlier version to ids that are never reused, past every id still named', () => {
    const dir = mkdtempSync(join(tmpdir(), 'bozor-migrate-'));
    try {
      const old = new DatabaseSync(join(dir, 'bozor.sqlite'), { enableForeignKeyConstraints: false });
      old.exec(`CREATE TABLE users (
        id INTEGER PRIMARY KEY, phone TEXT NOT NULL UNIQUE, first_name TEXT NOT NULL DEFAULT '',
        last_name TEXT NOT NULL DEFAULT '', father_name TEXT NOT NULL DEFAULT '', gender TEXT,
        birth_date TEXT, email TEXT, address TEXT, created_at TEXT NOT NULL);
        CREATE TABLE sessions (id TEXT PRIMARY KEY, user_id INTEGER NOT NULL REFERENCES users(id),
        refresh_jti TEXT NOT NULL, expires_ms INTEGER NOT NULL, revoked_ms INTEGER);
        INSERT INTO users (id, phone, created_at) VALUES (1, '+998900000001', 'x'), (2, '+998900000002', 'x');
        INSERT INTO sessions VALUES ('s', 7, 'j', 0, NULL);`);
      old.close();
      const db = openDb(dir);
      expect(db.get<{ sql: string }>("SELECT sql FROM sqlite_master WHERE name = 'users'")?.sql).toMatch(
        /AUTOINCREMENT/,
      );
      expect(db.all('SELECT id, phone FROM users ORDER BY id')).toEqual([
        { id: 1, phone: '+998900000001' },
        { id: 2, phone: '+998900000002' },
      ]);
      // Session rows still name user 7: the next user is 8.
      expect(db.run("INSERT INTO users (phone, created_at) VALUES ('+998900000003', 'x')").id).toBe(8);
      db.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('image decoding', () => {
  it(`decodes at most ${MAX_DECODING} uploaded images at once, however many arrive together`, async () => {
    api = await startTestApi({ products: 40 });
    const { access } = await api.signIn('+998901234567');
    const pending = calls.requiredComments.answer.parse(
      (await api.call('/required-comments/', { token: access })).body,
    );
    // 9 megapixels of one colour: a small file, a large decode.
    const photo = await sharp({ create: { width: 3000, height: 3000, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    decodeStats.peak = 0;
    const form = (product: number) => {
      const body = new FormData();
      body.set('product', String(product));
      for (const [k, v] of Object.entries({ rating: '4', advantage: 'a', shortcoming: 'b', comment: 'c' }))
        body.set(k, v);
      body.append('images', new Blob([new Uint8Array(photo)], { type: 'image/png' }), 'big.png');
      return body;
    };
    const answers = await Promise.all(
      pending
        .slice(0, 5)
        .map((p) => api!.call('/comments/', { method: 'POST', token: access, form: form(p.product.id) })),
    );
    expect(answers.map((a) => a.status)).toEqual(pending.slice(0, 5).map(() => 201));
    expect(answers.length).toBeGreaterThanOrEqual(3);
    expect(decodeStats.peak).toBe(MAX_DECODING);
  });
});

describe('a full disk', () => {
  it('answers 503 with Retry-After, logs the real cause, keeps nothing half-written, and recovers', async () => {
    api = await startTestApi({ products: 40 });
    const { access } = await api.signIn('+998930000003');
    const errors: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void errors.push(args.map(String).join(' ')));
    const { raw } = api.server.db;
    const pages = (raw.prepare('PRAGMA page_count').get() as { page_count: number }).page_count;
    // The database may not grow: what a full disk does to SQLite (SQLITE_FULL).
    raw.exec(`PRAGMA max_page_count = ${pages}`);
    const orders = () => api!.server.db.get<{ n: number }>('SELECT count(*) AS n FROM orders')?.n;
    const before = orders();
    let refused: Awaited<ReturnType<typeof placeOrder>> | undefined;
    for (let i = 0; i < 50 && !refused; i++) {
      const res = await placeOrder(api, access, { payment_method: 'cash' });
      if (res.status !== 201) refused = res;
    }
    expect(refused?.status).toBe(503);
    expect(refused?.headers.get('retry-after')).toBe('60');
    expect(refused?.body.detail).toBe('The server is out of storage space. Please try again later.');
    expect(errors.join('\n')).toMatch(/storage is full.*database or disk is full/s);
    expect(errors.join('\n')).not.toMatch(/cannot rollback/);
    expect(orders()).toBeGreaterThanOrEqual(before ?? 0);

    raw.exec('PRAGMA max_page_count = 1073741823');
    expect((await placeOrder(api, access, { payment_method: 'cash' })).status).toBe(201);
  });
});
