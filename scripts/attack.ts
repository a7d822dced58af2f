/**
 * `node scripts/attack.ts`: replays the security reviews' attacks
 * against real reference APIs on this machine (loopback only, every loop
 * bounded in count and time) and prints one figure per finding.
 *
 * Each measurement gets a fresh API, run as `node api/main.ts` with its own
 * data folder: with the default settings (an attacker at one address, every
 * budget fresh), or with the rate limits lifted (an attacker with as many
 * addresses as they like), so each rule is measured on its own. Sign-in codes
 * are read from the console sender's output, as a developer would.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { sign } from 'hono/jwt';
import sharp from 'sharp';
import { DEV_SECRET } from '../api/server.ts';
import { QARSHI_ADDRESS as address } from '../tests/fixtures/address.ts';
import {
  call,
  count,
  db,
  figures,
  flood,
  folderBytes,
  keepAlive,
  LIFTED,
  report,
  ROUND_SECONDS,
  runToExit,
  signIn,
  startApi,
  takeover,
  usersIn,
  withApi,
} from './attack/support.ts';
import { accountRounds } from './attack/accounts.ts';
import { formBodies } from './attack/bodies.ts';
import { heldLock, openRedirect, sharedAddress } from './attack/operations.ts';
import { districtFee, hoarding } from './attack/stock.ts';
import {
  bounds,
  deviceAfterSignOut,
  failingProbes,
  guessesPerAddress,
  hostFiles,
  otherOrigin,
  smsPerAddress,
} from './attack/sign-in-costs.ts';

// 1. Account takeover by code guessing.
for (const lifted of [false, true]) {
  const r = await withApi(lifted, (api) => takeover(api, '+998901112233'));
  report(
    `takeover loop for ${ROUND_SECONDS} s, ${lifted ? 'rate limits lifted (many addresses)' : 'one address, default limits'}`,
    `${r.guesses} guesses checked, ${r.sms} SMS sent, ${r.refused} answers 429; taken over: ${r.won ? 'YES' : 'no'}`,
  );
}

// 2. SMS bombing: 500 distinct numbers.
for (const lifted of [false, true]) {
  await withApi(lifted, async (api) => {
    const users = usersIn(api);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: 500 }, (_, i) =>
        call(api, '/users/auth/', { method: 'POST', body: { phone_number: `+99899${String(i).padStart(7, '0')}` } }),
      ),
    );
    report(
      `SMS flood, 500 numbers, ${lifted ? 'rate limits lifted' : 'one address'}`,
      `${count(answers, (a) => a.status === 200)} codes sent, ${count(answers, (a) => a.status === 428)} asked for a proof of work, ${count(answers, (a) => a.status === 429)} refused (429) in ${((performance.now() - started) / 1000).toFixed(1)} s; user rows created: ${usersIn(api) - users}`,
    );
  });
}

// 6. No rate limiting.
const f = await withApi(false, flood);
report(
  'ten clients on /products/catalogue/?page_size=1000 for 10 s, one address',
  `${f.served} served, ${f.refused} refused (429); another client's small reads p50 ${f.p50.toFixed(0)} ms`,
);

const open = await startApi({ API_SEED_PRODUCTS: '300', ...LIFTED });
try {
  // 3. Forgeable tokens.
  const production = await runToExit({ NODE_ENV: 'production', API_PORT: '0', API_DATA_DIR: join(open.dataDir, 'p') });
  report(
    'NODE_ENV=production without AUTH_SECRET',
    `exit ${production.code}: ${production.output.split('\n').find((l) => l.includes('AUTH_SECRET')) ?? production.output.slice(0, 120)}`,
  );
  const forged = await sign({ sub: '1', type: 'access', exp: Math.floor(Date.now() / 1000) + 600 }, DEV_SECRET);
  report(
    'hand-made token for user 1, development secret',
    `GET /users/profile/ → ${(await call(open, '/users/profile/', { token: forged })).status}`,
  );

  // 4. Unbounded address text.
  const victim = await signIn(open, '+998905550001');
  const dbFile = join(open.dataDir, 'bozor.sqlite');
  const sizeBefore = statSync(dbFile).size;
  const huge = 'x'.repeat(24 * 1024 * 1024);
  const profile = await call(open, '/users/profile/', {
    method: 'PATCH',
    token: victim.access,
    body: { address: { ...address, display_name: huge } },
  });
  const justOver = await call(open, '/users/profile/', {
    method: 'PATCH',
    token: victim.access,
    body: { address: { ...address, display_name: 'x'.repeat(501) } },
  });
  const orders = await Promise.all(
    Array.from({ length: 6 }, () =>
      call(open, '/orders/', {
        method: 'POST',
        token: victim.access,
        body: {
          items: [1],
          address: { ...address, street: huge },
          payment_method: 'cash',
          customer_name: 'A',
          customer_phone: '+998905550001',
        },
      }),
    ),
  );
  report(
    '24 MB display_name / 501 characters / six orders with a 24 MB street',
    `${profile.status} / ${justOver.status} ${JSON.stringify((justOver.body as { errors?: object }).errors)} / ${orders.map((o) => o.status).join(',')}; database grew ${((statSync(dbFile).size - sizeBefore) / 1024 / 1024).toFixed(1)} MB`,
  );

  // 5. Overselling: four shoppers want 11 each of a product with stock 11.
  const shelf = db(open);
  const product = shelf
    .prepare("SELECT id FROM products WHERE unit = 'pcs' AND id NOT IN (SELECT product_id FROM features) LIMIT 1")
    .get() as { id: number };
  shelf.prepare('UPDATE products SET stock = 11 WHERE id = ?').run(product.id);
  const buyers = await Promise.all(Array.from({ length: 4 }, (_, i) => signIn(open, `+99890666000${i}`)));
  const lines = await Promise.all(
    buyers.map((b) =>
      call(open, '/orders/add-basket/', {
        method: 'POST',
        token: b.access,
        body: { product: product.id, quantity: 11 },
      }),
    ),
  );
  const placed = await Promise.all(
    buyers.map((b, i) =>
      call(open, '/orders/', {
        method: 'POST',
        token: b.access,
        body: {
          items: [(lines[i]?.body as { id: number }).id],
          address,
          payment_method: 'cash',
          customer_name: 'A',
          customer_phone: '+998906660000',
        },
      }),
    ),
  );
  const stock = (await call(open, `/products/product/${product.id}/`)).body as { stock: number };
  report(
    'overselling, 4 × 11 units of stock 11',
    `${11 * count(placed, (p) => p.status === 201)} units sold (${placed.map((p) => p.status).join(',')}), stock now ${stock.stock}`,
  );
  const sold = placed.findIndex((p) => p.status === 201);
  const cancel = await call(open, `/orders/${(placed[sold]?.body as { id: number }).id}/cancel/`, {
    method: 'POST',
    token: buyers[sold]?.access ?? '',
  });
  const back = (await call(open, `/products/product/${product.id}/`)).body as { stock: number };
  report('cancelling that order', `${cancel.status}, stock back to ${back.stock}`);
  // Stock the back office gives back can be sold again: another of them orders the 11, and the back office cancels it (npm run order-status).
  const rebuyer = placed.findIndex((p) => p.status !== 201);
  const again = await call(open, '/orders/', {
    method: 'POST',
    token: buyers[rebuyer]?.access ?? '',
    body: {
      items: [(lines[rebuyer]?.body as { id: number }).id],
      address,
      payment_method: 'cash',
      customer_name: 'A',
      customer_phone: '+998906660000',
    },
  });
  const backOffice = spawnSync(
    process.execPath,
    ['api/order-status-cli.ts', String((again.body as { id: number }).id), 'cancelled', '--data-dir', open.dataDir],
    { encoding: 'utf8' },
  );
  const restocked = (await call(open, `/products/product/${product.id}/`)).body as { stock: number };
  report(
    'the back office cancels an order of all 11 (npm run order-status)',
    `order ${again.status}, cancel exit ${backOffice.status}, stock back to ${restocked.stock}`,
  );
  shelf.close();

  // 9. Malformed percent-encoding.
  report('GET /media/%', `${(await fetch(`${open.url.replace('/api/v1', '')}/media/%`)).status}`);

  // 10. Review images: disguised files and replaced images.
  const reviewer = await signIn(open, '+998901234567');
  const pending = (await call(open, '/required-comments/', { token: reviewer.access })).body as {
    product: { id: number };
  }[];
  const form = (files: { bytes: Uint8Array; name: string; type: string }[], product?: number) => {
    const body = new FormData();
    if (product) body.set('product', String(product));
    body.set('rating', '4');
    body.set('advantage', 'a');
    body.set('shortcoming', 'b');
    body.set('comment', 'c');
    for (const f of files) body.append('images', new Blob([new Uint8Array(f.bytes)], { type: f.type }), f.name);
    return body;
  };
  const upload = (body: FormData, path = '/comments/', method = 'POST') =>
    fetch(`${open.url}${path}`, { method, headers: { Authorization: `Bearer ${reviewer.access}` }, body });
  const svg = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
  const html = new TextEncoder().encode('<!doctype html><script>alert(1)</script>');
  const disguised = await Promise.all(
    [svg, html].map(
      async (bytes) =>
        (await upload(form([{ bytes, name: 'x.png', type: 'image/png' }], pending[0]?.product.id))).status,
    ),
  );
  const photo = await sharp(
    Buffer.alloc(1250 * 1250 * 3).map(() => Math.floor(Math.random() * 256)),
    {
      raw: { width: 1250, height: 1250, channels: 3 },
    },
  )
    .png()
    .toBuffer();
  const five = () => Array.from({ length: 5 }, (_, i) => ({ bytes: photo, name: `${i}.png`, type: 'image/png' }));
  const created = await upload(form(five(), pending[0]?.product.id));
  const review = (await created.json()) as { id: number; images: string[] };
  for (let edit = 0; edit < 4; edit++) await upload(form(five()), `/comments/${review.id}/`, 'PUT');
  const uploads = join(open.dataDir, 'uploads');
  const first = await fetch(review.images[0] ?? '');
  report(
    'SVG / HTML named .png',
    `${disguised.join(' / ')}; after four edits of five ${(photo.length / 1024 / 1024).toFixed(1)} MB images: ${readdirSync(uploads).length} files, ${(folderBytes(uploads) / 1024 / 1024).toFixed(1)} MB on disk (created ${created.status}); the replaced image's old URL: ${first.status} Cache-Control ${first.headers.get('cache-control')}`,
  );

  // 12. Keep-alive after an early answer.
  const k = await keepAlive(open, reviewer.access);
  report(
    'PUT /comments/999/ (5 MB multipart) then GET on the same socket',
    `${k.first.status}, then ${k.second.status} (same socket: ${k.second.reused})`,
  );

  // Also read: tokens and headers.
  const session = await signIn(open, '+998907770001');
  const claims = JSON.parse(Buffer.from(session.access.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  const rotated = await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: session.refresh } });
  const next = (rotated.body as { refresh?: string }).refresh ?? '';
  await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: next } });
  // Two rotations back: outside any grace window, a copy someone kept.
  const reused = await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: session.refresh } });
  const mine = await signIn(open, '+998907770002');
  const logout = await call(open, '/users/logout/', { method: 'POST', body: { refresh: mine.refresh } });
  const afterLogout = await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: mine.refresh } });
  const profileAfter = await call(open, '/users/profile/', { token: mine.access });
  report(
    'also: tokens',
    `access lives ${(claims.exp - claims.iat) / 60} min; refresh rotates (${rotated.status}), reuse of a token two rotations old → ${reused.status}; logout → ${logout.status}, then refresh → ${afterLogout.status}, profile → ${profileAfter.status}`,
  );
  const me = await signIn(open, '+998907770003');
  const profileHeaders = (await call(open, '/users/profile/', { token: me.access })).headers;
  const categoriesHeaders = (await call(open, '/products/categories/')).headers;
  report(
    'also: headers',
    `/users/profile/ Cache-Control: ${profileHeaders.get('cache-control')}; JSON X-Content-Type-Options: ${categoriesHeaders.get('x-content-type-options')}`,
  );
} finally {
  await open.stop();
}
const hoarded = hoarding();
await sharedAddress();
await openRedirect();
await districtFee();
await formBodies();
await heldLock();
await accountRounds();
await smsPerAddress();
await guessesPerAddress();
await deviceAfterSignOut();
await otherOrigin();
await failingProbes();
await hostFiles();
await bounds();
(await hoarded)();

console.log('\n| finding | after |\n| --- | --- |');
for (const [finding, figure] of figures) console.log(`| ${finding} | ${figure} |`);
