/** `npm run seed -- --products N [--seed S] [--data-dir D] [--reset]` */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { CLI_BUSY_TIMEOUT_MS, openDb } from './db.ts';
import { seedDatabase } from './seed.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: process.env['API_SEED_PRODUCTS'] ?? '300' },
    seed: { type: 'string', default: '1' },
    'data-dir': { type: 'string', default: process.env['API_DATA_DIR'] ?? './data' },
    reset: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const seed = Number(values.seed);
if (!Number.isInteger(products) || products < 1 || !Number.isInteger(seed)) {
  console.error('Usage: seed-cli.ts --products N [--seed S] [--data-dir D] [--reset]');
  process.exit(2);
}
const dataDir = values['data-dir'];
if (values.reset) {
  for (const suffix of ['', '-wal', '-shm']) rmSync(join(dataDir, `bozor.sqlite${suffix}`), { force: true });
}
const db = openDb(dataDir, CLI_BUSY_TIMEOUT_MS);
if (db.get('SELECT 1 FROM products LIMIT 1')) {
  console.error(`${dataDir}/bozor.sqlite already has products; pass --reset to start over.`);
  process.exit(1);
}
const started = performance.now();
seedDatabase(db, { products, seed });
db.close();
console.log(
  `Seeded ${products} products (seed ${seed}) into ${join(dataDir, 'bozor.sqlite')} in ${Math.round(performance.now() - started)} ms`,
);
