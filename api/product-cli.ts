/**
 * `npm run product -- <id> --price <soʻm> [--stock <n>] [--title-uz <text>]`: change a product in the reference
 * API's database, as a seller's back office would, to see what the next `npm run rebuild` does with one changed
 * product (only its page, its listings, sitemaps and the search index are made again). Works beside a running
 * `npm start` or `npm run api` (same data directory, API_DATA_DIR, default ./data). A discount is kept as a
 * percentage: its discounted price follows the new price.
 */
import { parseArgs } from 'node:util';
import { LIMITS } from '#contract/limits.ts';
import { searchDocument } from '#contract/search-forms.ts';
import { CLI_BUSY_TIMEOUT_MS, openDb } from './db.ts';

const USAGE = 'Usage: npm run product -- <id> --price <soʻm> [--stock <n>] [--title-uz <text>]';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    price: { type: 'string' },
    stock: { type: 'string' },
    'title-uz': { type: 'string' },
    'data-dir': { type: 'string', default: process.env['API_DATA_DIR'] ?? './data' },
  },
});
const id = Number(positionals[0]);
const price = Number(values.price);
const stock = values.stock === undefined ? undefined : Number(values.stock);
const title = values['title-uz']?.trim();
if (
  !Number.isSafeInteger(id) ||
  id < 1 ||
  id > LIMITS.id ||
  !Number.isSafeInteger(price) ||
  price < 1 ||
  price > LIMITS.price ||
  (stock !== undefined && !(Number.isFinite(stock) && stock >= 0)) ||
  title === ''
) {
  console.error(USAGE);
  process.exit(2);
}

const db = openDb(values['data-dir'], CLI_BUSY_TIMEOUT_MS);
const row = db.get<{ discount: number | null; title_uz: string | null; title_ru: string | null }>(
  'SELECT discount, title_uz, title_ru FROM products WHERE id = ?',
  id,
);
if (!row) {
  db.close();
  console.error(`No product ${id} in ${values['data-dir']}.`);
  process.exit(1);
}
const discountPrice = row.discount ? Math.round((price * (100 - row.discount)) / 100) : null;
const titleUz = title ?? row.title_uz;
db.run(
  `UPDATE products SET price = ?, discount_price = ?, stock = COALESCE(?, stock), title_uz = ?, search = ?,
   updated_at = ? WHERE id = ?`,
  price,
  discountPrice,
  stock ?? null,
  titleUz,
  searchDocument(...[...new Set([titleUz ?? '', row.title_ru ?? ''])].filter(Boolean)),
  new Date().toISOString(),
  id,
);
db.close();
console.log(
  `Product ${id}: price ${price}${discountPrice === null ? '' : ` (${discountPrice} with its ${row.discount}% off)`}` +
    `${stock === undefined ? '' : `, stock ${stock}`}${title === undefined ? '' : `, title (uz) "${title}"`}.`,
);
