/**
 * Another process holding the database's write lock (`npm run order-status`, `npm run product`): reads are served
 * at once, and a write that cannot get the lock is answered 503 with Retry-After, quickly, then goes through.
 */
import { DatabaseSync } from 'node:sqlite';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ErrorBody } from '#contract/schemas.ts';
import { startTestApi, type TestApi } from './helpers.ts';

let api: TestApi;
beforeAll(async () => {
  api = await startTestApi({ products: 10 });
});
afterAll(() => api.stop());

const timed = async <T>(work: () => Promise<T>) => {
  const started = performance.now();
  const result = await work();
  return { result, ms: performance.now() - started };
};

it('serves reads and answers a write 503 with Retry-After while another process writes, then takes it', async () => {
  const other = new DatabaseSync(join(api.dataDir, 'bozor.sqlite'));
  other.exec('BEGIN IMMEDIATE');
  other.prepare('UPDATE products SET stock = stock WHERE id = 1').run();
  try {
    const code = () => api.call('/users/auth/', { method: 'POST', body: { phone_number: '+998901110077' } });
    // A write and a read at once: the read does not wait for the write's lock.
    const [write, read] = await Promise.all([timed(code), timed(() => api.call('/products/categories/'))]);
    expect(read.result.status).toBe(200);
    expect(read.ms).toBeLessThan(1000);
    expect(write.result.status).toBe(503);
    expect(write.result.headers.get('retry-after')).toBe('1');
    expect(ErrorBody.parse(write.result.body).detail).toMatch(/busy/);
    expect(write.ms).toBeLessThan(1000);
  } finally {
    other.exec('COMMIT');
    other.close();
  }
  expect((await api.call('/users/auth/', { method: 'POST', body: { phone_number: '+998901110077' } })).status).toBe(
    200,
  );
});
