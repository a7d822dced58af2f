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
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sign } from 'hono/jwt';
import sharp from 'sharp';
import { clickSign } from '../api/click.ts';
import { DEV_SECRET } from '../api/server.ts';
import { buildApi } from '../src/data/catalogue.ts';
import { QARSHI_ADDRESS as address } from '../tests/fixtures/address.ts';
import { samplePeakMemory } from './process-memory.ts';
import { serveSite } from './serve.ts';

const ROUND_SECONDS = Number(process.env['ATTACK_SECONDS'] ?? 20);
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Rounds that provoke server errors on purpose (a full disk) read them instead of echoing them. */
let QUIET_STDERR = false;

interface Api {
  url: string;
  dataDir: string;
  pid: number;
  codes: Map<string, string>;
  /** Lines the API printed on its standard error. */
  errors: string[];
  stop(): Promise<void>;
}

/** Starts `node api/main.ts` on a free port; resolves once it listens. */
function startApi(env: Record<string, string>, dataDir = mkdtempSync(join(tmpdir(), 'bozor-attack-'))): Promise<Api> {
  const child: ChildProcess = spawn(process.execPath, ['api/main.ts'], {
    env: { PATH: process.env['PATH'] ?? '', API_PORT: '0', API_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const codes = new Map<string, string>();
  const errors: string[] = [];
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const sms = /^\[sms\] (\+\d+) code: ([A-Z0-9]{4})$/.exec(line);
        if (sms?.[1] && sms[2]) codes.set(sms[1], sms[2]);
        const listening = /listening on (\S+)/.exec(line);
        if (listening?.[1])
          resolve({
            url: `${listening[1]}/api/v1`,
            dataDir,
            pid: child.pid ?? 0,
            codes,
            errors,
            stop: () =>
              new Promise((done) => {
                child.once('exit', () => {
                  rmSync(dataDir, { recursive: true, force: true });
                  done();
                });
                child.kill('SIGTERM');
              }),
          });
      }
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      const text = chunk.toString();
      if (/ExperimentalWarning|trace-warnings/.test(text)) return;
      errors.push(...text.split('\n').filter(Boolean));
      if (!QUIET_STDERR) process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`api/main.ts exited with ${code}`)));
  });
}

/** Runs `node api/main.ts` to its exit; answers its code and output. */
function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['api/main.ts'], { env: { PATH: process.env['PATH'] ?? '', ...env } });
    let output = '';
    child.stdout.on('data', (c: Buffer) => (output += c.toString()));
    child.stderr.on('data', (c: Buffer) => (output += c.toString()));
    const timer = setTimeout(() => child.kill('SIGTERM'), 10_000);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });
}

async function call(
  api: Api,
  path: string,
  init: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const headers: Record<string, string> = { ...init.headers };
  if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] ??= 'application/json';
  let res: Response;
  try {
    res = await fetch(`${api.url}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body: init.body === undefined ? null : typeof init.body === 'string' ? init.body : JSON.stringify(init.body),
    });
  } catch {
    // The server answered early (413) and closed while the body was still being sent.
    return { status: 'closed' as const, headers: new Headers(), body: null, bytes: 0 };
  }
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, headers: res.headers, body, bytes: text.length };
}

/** The code the console sender printed for a phone (its output may arrive just after the answer). */
async function codeFor(api: Api, phone: string): Promise<string> {
  for (let waited = 0; waited < 5000; waited += 20) {
    const code = api.codes.get(phone);
    if (code) {
      api.codes.delete(phone);
      return code;
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no code printed for ${phone}`);
}

async function signIn(api: Api, phone: string, device?: string) {
  const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone, device } });
  if (auth.status !== 200) throw new Error(`auth ${phone}: ${auth.status} ${JSON.stringify(auth.body)}`);
  const user = (auth.body as { user: number }).user;
  const code = await codeFor(api, phone);
  const verify = await call(api, '/users/verify/', { method: 'POST', body: { user, code, device } });
  if (verify.status !== 200) throw new Error(`verify ${phone}: ${verify.status}`);
  const answer = verify.body as { data: { access: string; refresh: string }; device?: string };
  // A backend without device tokens answers none.
  return { ...answer.data, device: answer.device };
}

/** One unit of `product` put in the signed-in shopper's basket and ordered: the order call's answer. */
async function orderOne(
  api: Api,
  shopper: { access: string; phone: string },
  product: number | undefined,
  order: { address: unknown; payment_method: string },
) {
  const line = await call(api, '/orders/add-basket/', {
    method: 'POST',
    token: shopper.access,
    body: { product, quantity: 1 },
  });
  return call(api, '/orders/', {
    method: 'POST',
    token: shopper.access,
    body: {
      items: [(line.body as { id: number }).id],
      ...order,
      customer_name: 'A',
      customer_phone: shopper.phone,
    },
  });
}

const figures: [string, string][] = [];
const report = (finding: string, figure: string) => {
  figures.push([finding, figure]);
  console.log(`${finding}: ${figure}`);
};
const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
const db = (api: Api) => new DatabaseSync(join(api.dataDir, 'bozor.sqlite'), { timeout: 5000 });
const usersIn = (api: Api) => {
  const handle = db(api);
  const n = (handle.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
  handle.close();
  return n;
};

/** Account takeover: the loop {request a code, guess until it dies} against one phone for ROUND_SECONDS. */
async function takeover(api: Api, phone: string) {
  const started = performance.now();
  let guesses = 0;
  let refused = 0;
  let sms = 0;
  let won = false;
  let guess = 0;
  let user = 0;
  while (performance.now() - started < ROUND_SECONDS * 1000 && !won) {
    const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
    if (auth.status === 200) sms++;
    user = (auth.body as { user?: number }).user ?? user;
    for (let i = 0; i < 5; i++) {
      const code = String(guess++ % 10_000).padStart(4, '0');
      const res = await call(api, '/users/verify/', { method: 'POST', body: { user, code } });
      if (res.status === 200) won = true;
      // A guess checked against a live code: a 400 on the code field within the 5 tries of a code just sent
      // (the API words every wrong or spent code alike, so the count does not read the message).
      if (
        auth.status === 200 &&
        res.status === 400 &&
        (res.body as { errors?: { code?: unknown } } | null)?.errors?.code
      )
        guesses++;
      if (res.status === 429) refused++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { guesses, refused, sms, won, seconds };
}

/** The bulk catalogue must not starve other reads: ten clients pull the bulk catalogue while another times a small read. */
async function flood(api: Api) {
  const until = performance.now() + 10_000;
  const statuses: (number | string)[] = [];
  const pull = async () => {
    while (performance.now() < until) statuses.push((await call(api, '/products/catalogue/?page_size=1000')).status);
  };
  const timings: number[] = [];
  const probe = async () => {
    while (performance.now() < until) {
      const t = performance.now();
      await call(api, '/products/categories/');
      timings.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 100));
    }
  };
  await Promise.all([...Array.from({ length: 10 }, pull), probe()]);
  timings.sort((a, b) => a - b);
  return {
    served: count(statuses, (s) => s === 200),
    refused: count(statuses, (s) => s === 429),
    p50: timings[Math.floor(timings.length / 2)] ?? 0,
  };
}

/** One request and one more on the same keep-alive socket. */
function keepAlive(api: Api, token: string) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const send = (method: string, path: string, headers: Record<string, string>, body?: Buffer) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = httpRequest(`${api.url}${path}`, { agent, method, headers }, (res) => {
        res.resume();
        res.on('end', () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on('error', reject);
      req.end(body);
    });
  const boundary = 'attack';
  const body = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="a.png"\r\n\r\n`),
    Buffer.alloc(5 * 1024 * 1024, 1),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return (async () => {
    try {
      await send('GET', '/products/categories/', {});
      const first = await send(
        'PUT',
        '/comments/999/',
        { Authorization: `Bearer ${token}`, 'Content-Type': `multipart/form-data; boundary=${boundary}` },
        body,
      );
      const second = await send('GET', '/products/categories/', {}).catch((error: Error) => ({
        status: 0,
        reused: false,
        error: error.message,
      }));
      return { first, second };
    } finally {
      agent.destroy();
    }
  })();
}

const folderBytes = (dir: string) => {
  try {
    return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  } catch {
    return 0;
  }
};

const LIFTED = {
  API_RATE_CODES: '1000000/60',
  API_RATE_SIGNIN: '1000000/60',
  API_RATE_HEAVY: '1000000/60',
  API_RATE_WRITES: '1000000/60',
  API_RATE_READS: '1000000/60',
};
/** A fresh API with these settings for one measurement. */
async function withApiEnv<T>(env: Record<string, string>, work: (api: Api) => Promise<T>): Promise<T> {
  const api = await startApi({ API_SEED_PRODUCTS: '300', ...env });
  try {
    return await work(api);
  } finally {
    await api.stop();
  }
}
/** A fresh API for one measurement: default settings, or with the rate limits lifted. */
const withApi = <T>(lifted: boolean, work: (api: Api) => Promise<T>) => withApiEnv(lifted ? LIFTED : {}, work);

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
      `${count(answers, (a) => a.status === 200)} codes sent, ${count(answers, (a) => a.status === 429)} refused (429) in ${((performance.now() - started) / 1000).toFixed(1)} s; user rows created: ${usersIn(api) - users}`,
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
  const review = (await created.json()) as { id: number };
  for (let edit = 0; edit < 4; edit++) await upload(form(five()), `/comments/${review.id}/`, 'PUT');
  const uploads = join(open.dataDir, 'uploads');
  report(
    'SVG / HTML named .png',
    `${disguised.join(' / ')}; after four edits of five ${(photo.length / 1024 / 1024).toFixed(1)} MB images: ${readdirSync(uploads).length} files, ${(folderBytes(uploads) / 1024 / 1024).toFixed(1)} MB on disk (created ${created.status})`,
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
(await hoarded)();

console.log('\n| finding | after |\n| --- | --- |');
for (const [finding, figure] of figures) console.log(`| ${finding} | ${figure} |`);

/**
 * A shared address: one client behind it sends 300 malformed refreshes (`{}`) and 300 code
 * requests for a junk phone (default limits); then a signed-in shopper on that address renews the session, and
 * another asks for a code.
 */
async function sharedAddress() {
  await withApi(false, async (api) => {
    const shopper = await signIn(api, '+998901818181');
    const junk = await Promise.all(
      Array.from({ length: 300 }, (_, i) =>
        Promise.all([
          call(api, '/users/token/refresh/', { method: 'POST', body: {} }),
          call(api, '/users/auth/', { method: 'POST', body: { phone_number: `junk-${i}` } }),
        ]),
      ),
    );
    const statuses = junk.flat().map((a) => a.status);
    const renewed = await call(api, '/users/token/refresh/', { method: 'POST', body: { refresh: shopper.refresh } });
    const code = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: '+998901818182' } });
    report(
      'shared address: 300 malformed refreshes and 300 junk-phone code requests, then a shopper there',
      `${count(statuses, (s) => s === 400)} answered 400, ${count(statuses, (s) => s === 429)} 429; the shopper's refresh: ${renewed.status}; a new code request: ${code.status}`,
    );
  });
}

/**
 * Review form bodies stay small in memory. Four 24 MB urlencoded bodies (`a=1&` repeated), one multipart body of
 * 226,719 tiny parts, and four 24 MB multipart bodies of five 4.8 MB files, each set at once against a fresh API,
 * sent by a shopper with a delivered product to review; the API's resident memory sampled.
 */
async function formBodies() {
  const rows: string[] = [];
  for (const [kind, copies] of [
    ['urlencoded', 4],
    ['tinyParts', 1],
    ['images', 4],
  ] as const)
    rows.push(await withApi(true, (api) => formBodiesOnce(api, kind, copies)));
  report('review form bodies at once, each set on a fresh API (resident memory added)', rows.join('; '));
}

async function formBodiesOnce(api: Api, kind: 'urlencoded' | 'tinyParts' | 'images', copies: number) {
  const reviewer = await signIn(api, '+998901234567');
  const pending = (await call(api, '/required-comments/', { token: reviewer.access })).body as {
    product: { id: number };
  }[];
  const product = String(pending[0]?.product.id ?? 1);
  const boundary = 'attack30';
  const part = (name: string, value: Buffer | string, file = false) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${file ? '; filename="x.png"\r\nContent-Type: image/png' : ''}\r\n\r\n`,
      ),
      Buffer.from(value),
      Buffer.from('\r\n'),
    ]);
  const fields = ['rating', 'advantage', 'shortcoming', 'comment'].map((k) => part(k, k === 'rating' ? '4' : 'x'));
  const end = Buffer.from(`--${boundary}--\r\n`);
  const bodies = {
    urlencoded: Buffer.from('a=1&'.repeat(6 * 1024 * 1024)),
    tinyParts: Buffer.concat([
      ...Array.from({ length: 226_719 }, (_, i) => part(`p${i}`, '')),
      part('product', product),
      ...fields,
      end,
    ]),
    images: Buffer.concat([
      part('product', product),
      ...fields,
      // A PNG's first bytes, so each file is read whole and decoded before it is refused.
      ...Array.from({ length: 5 }, () =>
        part('images', Buffer.concat([PNG_SIGNATURE, Buffer.alloc(4.8 * 1024 * 1024, 7)]), true),
      ),
      end,
    ]),
  };
  const types = {
    urlencoded: 'application/x-www-form-urlencoded',
    tinyParts: `multipart/form-data; boundary=${boundary}`,
    images: `multipart/form-data; boundary=${boundary}`,
  };
  const idle = samplePeakMemory(api.pid, 50);
  await new Promise((r) => setTimeout(r, 300));
  const base = idle.stop();
  const memory = samplePeakMemory(api.pid, 20);
  const statuses = await Promise.all(
    Array.from({ length: copies }, async () => {
      const res = await fetch(`${api.url}/comments/`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${reviewer.access}`, 'Content-Type': types[kind] },
        body: bodies[kind],
      }).catch(() => null);
      await res?.arrayBuffer();
      return res?.status ?? 'closed';
    }),
  );
  const peak = memory.stop();
  return `${copies} × ${(bodies[kind].length / 1024 / 1024).toFixed(0)} MB ${kind}: ${statuses.join(',')}, +${peak - base} MB`;
}

/** Another process holds the database's write lock for 3 s: a write and a read meanwhile, and the write after. */
async function heldLock() {
  await withApi(true, async (api) => {
    const other = db(api);
    other.exec('BEGIN IMMEDIATE');
    other.prepare('UPDATE products SET stock = stock WHERE id = 1').run();
    const release = setTimeout(() => other.exec('COMMIT'), 3000);
    const timed = async (work: () => ReturnType<typeof call>) => {
      const started = performance.now();
      const res = await work();
      const after = res.headers.get('retry-after');
      return `${res.status}${after ? ` Retry-After ${after}` : ''} in ${Math.round(performance.now() - started)} ms`;
    };
    const codeRequest = () => call(api, '/users/auth/', { method: 'POST', body: { phone_number: '+998902020202' } });
    const [write, read] = await Promise.all([timed(codeRequest), timed(() => call(api, '/products/categories/'))]);
    await new Promise((r) => setTimeout(r, 3100));
    clearTimeout(release);
    other.close();
    const after = await timed(codeRequest);
    report(
      'another process holds the write lock for 3 s: a write and a read meanwhile, the write again after',
      `write ${write}; read ${read}; after: ${after}`,
    );
  });
}

/** The district pays the district fee: a point in the district sent with the city's names and `delivery_type: "city"`. */
async function districtFee() {
  await withApi(true, async (api) => {
    const shopper = await signIn(api, '+998901919191');
    const catalogue = (await call(api, '/products/catalogue/?page_size=1000')).body as {
      results: { id: number; stock: number; features: unknown[] }[];
    };
    const product = catalogue.results.find((p) => p.features.length === 0 && p.stock >= 2);
    const orderTo = async (to: typeof address) => {
      const placed = await orderOne(api, { ...shopper, phone: '+998901919191' }, product?.id, {
        address: to,
        payment_method: 'cash',
      });
      return `${placed.status}${placed.status === 201 ? ` (fee ${(placed.body as { delivery_fee: number }).delivery_fee})` : ''}`;
    };
    const first = await orderTo(address);
    const disguised = await orderTo({ ...address, latitude: 38.8167, longitude: 65.65 });
    report(
      'a district point (Beshkent) named "Qarshi", delivery_type city, after a first order',
      `first order ${first}; the disguised one ${disguised}`,
    );
  });
}

/** The static server never redirects off the site: asked for paths that name another host. */
async function openRedirect() {
  const root = mkdtempSync(join(tmpdir(), 'bozor-attack-site-'));
  writeFileSync(join(root, '404.html'), 'not found');
  const site = await serveSite(root, 0);
  try {
    const locations = await Promise.all(
      ['/.//evil.com/', '//evil.com/', '/./\\evil.com/', '///evil.com/'].map(
        (path) =>
          new Promise<string>((resolve, reject) => {
            const req = httpRequest(`${site.url}/`, { path }, (res) => {
              res.resume();
              resolve(`${path} → ${res.statusCode} ${res.headers.location ?? ''}`.trim());
            });
            req.on('error', reject);
            req.end();
          }),
      ),
    );
    const offSite = count(locations, (l) => / \/\/|\\/.test(l.split(' → ')[1] ?? ''));
    report('static server, paths naming another host', `${locations.join('; ')}; off the site: ${offSite}`);
  } finally {
    await site.close();
    rmSync(root, { recursive: true, force: true });
  }
}

/**
 * Stock hoarding: one shopper puts every product in the basket (up to 1,000 units each) and places five Payme
 * orders of 100 lines without paying; another shopper then orders. The API's payment window is one minute here, so
 * the round also waits it out (and the sweep) to see the stock come back. Runs beside the lockout round's waits.
 */
async function hoarding() {
  return withApiEnv({ ...LIFTED, API_PAYMENT_MINUTES: '1' }, async (api) => {
    const inStock = async () =>
      (
        (await call(api, '/products/catalogue/?page_size=1000')).body as {
          results: { id: number; stock: number; features: { id: number; count: number }[] }[];
        }
      ).results.filter((p) => p.stock > 0);
    const before = await inStock();
    const hoarder = await signIn(api, '+998901616161');
    const lines: number[] = [];
    for (const product of before) {
      const feature = product.features.find((f) => f.count > 0);
      const quantity = Math.min(1000, Math.floor(feature ? feature.count : product.stock));
      const line = await call(api, '/orders/add-basket/', {
        method: 'POST',
        token: hoarder.access,
        body: { product: product.id, quantity, feature: feature?.id ?? null },
      });
      if (line.status === 201) lines.push((line.body as { id: number }).id);
    }
    const placeWith = (token: string, items: number[]) =>
      call(api, '/orders/', {
        method: 'POST',
        token,
        body: { items, address, payment_method: 'payme', customer_name: 'A', customer_phone: '+998901616161' },
      });
    const orders: (number | string)[] = [];
    for (let i = 0; i < 5; i++)
      orders.push((await placeWith(hoarder.access, lines.slice(i * 100, i * 100 + 100))).status);
    // The hoarder then fills the cap with what fits: one unit of each product until refused.
    let held = 0;
    for (const product of before.filter((p) => p.features.length === 0)) {
      const line = await call(api, '/orders/add-basket/', {
        method: 'POST',
        token: hoarder.access,
        body: { product: product.id, quantity: 1 },
      });
      if ((await placeWith(hoarder.access, [(line.body as { id: number }).id])).status !== 201) break;
      held++;
    }
    const during = await inStock();
    const other = await signIn(api, '+998901717171');
    const wanted = before.find((p) => p.features.length === 0);
    const line = await call(api, '/orders/add-basket/', {
      method: 'POST',
      token: other.access,
      body: { product: wanted?.id, quantity: 1 },
    });
    const otherOrder = (await placeWith(other.access, [(line.body as { id: number }).id])).status;
    const heldStock = before.reduce((sum, p) => sum + p.stock, 0) - during.reduce((sum, p) => sum + p.stock, 0);
    // The payment window (one minute) and the sweep (every 30 s) waited out.
    await new Promise((r) => setTimeout(r, 95_000));
    const after = await inStock();
    const left = after.reduce((sum, p) => sum + p.stock, 0);
    return () =>
      report(
        'stock hoarding: every product in the basket, five unpaid Payme orders of 100 lines, then one unit at a time',
        `orders ${orders.join(',')}; then ${held} one-unit orders until the cap; in-stock products ${before.length} → ${during.length} (${heldStock} units held); another shopper's order: ${otherOrder}; one minute unpaid later: ${after.length} in stock, ${before.reduce((sum, p) => sum + p.stock, 0) - left} units still held`,
      );
  });
}

/**
 * Five 40-megapixel PNGs at once against a fresh API, its resident memory sampled. `env` adds settings of the API's
 * process (glibc's allocator keeps freed decode buffers unless told to return them).
 */
async function imageBombs(env: Record<string, string>, label: string) {
  const api = await startApi({ API_SEED_PRODUCTS: '300', ...LIFTED, ...env });
  try {
    const reviewer = await signIn(api, '+998901234567');
    const pending = (await call(api, '/required-comments/', { token: reviewer.access })).body as {
      product: { id: number };
    }[];
    const bomb = await sharp({ create: { width: 6320, height: 6320, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const form = (product?: number, image = bomb) => {
      const body = new FormData();
      if (product) body.set('product', String(product));
      for (const [k, v] of Object.entries({ rating: '4', advantage: 'a', shortcoming: 'b', comment: 'c' }))
        body.set(k, v);
      body.append('images', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'bomb.png');
      return body;
    };
    const send = async (path: string, method: string, body: FormData) =>
      fetch(`${api.url}${path}`, { method, headers: { Authorization: `Bearer ${reviewer.access}` }, body });
    // A review to edit: five edits at once, each with one bomb (every edit decodes its image first).
    const small = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const review = (await (await send('/comments/', 'POST', form(pending[0]?.product.id, small))).json()) as {
      id: number;
    };
    const idle = samplePeakMemory(api.pid, 50);
    await new Promise((r) => setTimeout(r, 300));
    const base = idle.stop();
    const memory = samplePeakMemory(api.pid, 20);
    const statuses = await Promise.all(
      Array.from({ length: 5 }, async () => (await send(`/comments/${review.id}/`, 'PUT', form())).status),
    );
    const peak = memory.stop();
    report(
      `five 40-megapixel PNGs (6320 × 6320) uploaded at once${label}`,
      `${statuses.join(',')}; API resident memory ${base} MB idle, peak ${peak} MB (+${peak - base} MB)`,
    );
  } finally {
    await api.stop();
  }
}

/** Sign-in, sessions, payments and storage, each against a fresh API. */
async function accountRounds() {
  // 1. Lockout: a stranger with unlimited addresses, knowing only the phone: a code and five wrong
  // ones, the countdown waited out (2 minutes, while the other rounds run), again. Then the owner, from the browser
  // they signed in on, and a browser never used before.
  const lockout = withApi(true, async (api) => {
    const phone = '+998901118899';
    const owner = await signIn(api, phone);
    let guesses = 0;
    let sms = 0;
    let refusal: Awaited<ReturnType<typeof call>> | undefined;
    for (let round = 0; round < 3 && !refusal; round++) {
      if (round > 0) await new Promise((r) => setTimeout(r, 121_000));
      const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
      if (auth.status !== 200) {
        refusal = auth;
        break;
      }
      sms++;
      const code = await codeFor(api, phone);
      for (let i = 0; i < 5; i++) {
        const res = await call(api, '/users/verify/', {
          method: 'POST',
          body: { user: (auth.body as { user: number }).user, code: code === '0000' ? '1111' : '0000' },
        });
        if (res.status === 429) {
          refusal = res;
          break;
        }
        guesses++;
      }
    }
    const own = await call(api, '/users/auth/', {
      method: 'POST',
      body: { phone_number: phone, device: owner.device },
    });
    let ownVerify: number | string = '-';
    const ownCode = await codeFor(api, phone).catch(() => '0000');
    ownVerify = (
      await call(api, '/users/verify/', {
        method: 'POST',
        body: { user: (own.body as { user?: number }).user ?? 1, code: ownCode, device: owner.device },
      })
    ).status;
    const fresh = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
    const detail = (fresh.body as { detail?: string; retry_after?: number } | null) ?? {};
    return () =>
      report(
        'lockout: code + 5 wrong, countdown waited, again; then the owner’s browser and a new one',
        `stranger: ${sms} SMS, ${guesses} wrong codes checked, then ${refusal?.status ?? 'no refusal'} (wait ${(refusal?.body as { retry_after?: number } | null)?.retry_after ?? '-'} s); owner's browser: code ${own.status}, sign-in ${ownVerify}; new browser: ${fresh.status} (wait ${detail.retry_after ?? '-'} s: "${(detail.detail ?? '').slice(0, 70)}…")`,
      );
  });

  // 2. Enumeration: strangers' pending sign-ins near one's own id.
  await withApi(true, async (api) => {
    const strangers = Array.from({ length: 20 }, (_, i) => `+99893${String(4000000 + i)}`);
    const ids: number[] = [];
    for (const phone of strangers) {
      const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
      ids.push((auth.body as { user: number }).user);
    }
    const codes = await Promise.all(strangers.map((phone) => codeFor(api, phone)));
    const mine = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: '+998935000000' } });
    const own = (mine.body as { user: number }).user;
    await codeFor(api, '+998935000000');
    const unknown = JSON.stringify(
      (await call(api, '/users/verify/', { method: 'POST', body: { user: 2_000_000_007, code: '0000' } })).body,
    );
    const answers = new Set<string>();
    let live = 0;
    for (let delta = -25; delta <= 25; delta++) {
      if (delta === 0 || own + delta < 1) continue;
      // Five wrong tries on each: enough to burn a 5-try code.
      for (let i = 0; i < 5; i++) {
        const res = await call(api, '/users/verify/', { method: 'POST', body: { user: own + delta, code: '0000' } });
        const body = JSON.stringify(res.body);
        answers.add(`${res.status} ${body}`);
        if (i === 0 && body !== unknown) live++;
      }
    }
    let burnt = 0;
    for (const [i, phone] of strangers.entries()) {
      const res = await call(api, '/users/verify/', { method: 'POST', body: { user: ids[i], code: codes[i] } });
      if (res.status !== 200 && codes[i] !== '0000') burnt++;
      void phone;
    }
    const gaps = ids.slice(1).map((id, i) => Math.abs(id - (ids[i] ?? 0)));
    report(
      'enumeration: up to 50 ids around one’s own, five wrong codes each, 20 strangers waiting',
      `ids ${Math.min(...gaps) <= 1 ? 'sequential' : `random (smallest gap ${Math.min(...gaps).toExponential(1)})`}; live sign-ins found: ${live}; distinct wrong answers: ${answers.size}; strangers' codes burnt: ${burnt}`,
    );
  });

  // 3. Carrier NAT: 30 shoppers with different phones behind one address, default limits.
  await withApi(false, async (api) => {
    const phones = Array.from({ length: 30 }, (_, i) => `+99894${String(3000000 + i)}`);
    let sent = 0;
    let signedIn = 0;
    for (const phone of phones) {
      const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
      if (auth.status !== 200) continue;
      sent++;
      const code = await codeFor(api, phone);
      const res = await call(api, '/users/verify/', {
        method: 'POST',
        body: { user: (auth.body as { user: number }).user, code },
      });
      if (res.status === 200) signedIn++;
    }
    report(
      'carrier NAT: 30 shoppers, different phones, one address, default limits',
      `${sent} codes sent, ${signedIn} signed in`,
    );
  });

  // 4. Two tabs refresh with one token; a refresh whose answer was lost is repeated.
  await withApi(true, async (api) => {
    const tokens = await signIn(api, '+998907771111');
    const refresh = (token: string) => call(api, '/users/token/refresh/', { method: 'POST', body: { refresh: token } });
    const [a, b] = await Promise.all([refresh(tokens.refresh), refresh(tokens.refresh)]);
    const pair = (x: typeof a) => x.body as { access?: string; refresh?: string };
    const winner = a.status === 200 ? pair(a) : pair(b);
    const profile = await call(api, '/users/profile/', { token: winner.access ?? '' });
    const second = await signIn(api, '+998907771112');
    await refresh(second.refresh);
    const retried = await refresh(second.refresh);
    const after = await call(api, '/users/profile/', { token: pair(retried).access ?? '' });
    // A renewed pair is answered again only to the browser that renewed it: within the grace window a thief (another
    // browser) uses the token the owner just renewed.
    const victim = await signIn(api, '+998907771113');
    const renewed = await call(api, '/users/token/refresh/', {
      method: 'POST',
      body: { refresh: victim.refresh, device: victim.device },
    });
    const thief = await refresh(victim.refresh);
    const ownerAfter = await call(api, '/users/profile/', { token: pair(renewed).access ?? '' });
    report(
      'the owner renews, a thief uses the same refresh token within the grace window',
      `owner ${renewed.status}; thief ${thief.status} (${thief.status === 200 ? 'got the pair' : 'no pair'}); the owner's new pair then ${ownerAfter.status}`,
    );
    report(
      'two tabs refresh with the same token at once; a lost answer retried',
      `tabs: ${a.status}, ${b.status} (same pair: ${JSON.stringify(pair(a)) === JSON.stringify(pair(b)) ? 'yes' : 'no'}), then profile ${profile.status}; retry: ${retried.status}, then profile ${after.status}`,
    );
  });

  // 5. Payments: the providers' callbacks, with their keys configured.
  const PAYME_KEY = 'attack-payme-key';
  const CLICK_KEY = 'attack-click-key';
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-attack-'));
  const pay = await startApi(
    {
      API_SEED_PRODUCTS: '300',
      ...LIFTED,
      PAYME_MERCHANT_ID: 'attack-merchant',
      PAYME_MERCHANT_KEY: PAYME_KEY,
      CLICK_SERVICE_ID: '77',
      CLICK_MERCHANT_ID: '88',
      CLICK_SECRET_KEY: CLICK_KEY,
    },
    dataDir,
  );
  try {
    const shopper = await signIn(pay, '+998901212121');
    const catalogue = (await call(pay, '/products/catalogue/?page_size=1000')).body as {
      results: { id: number; stock: number; features: unknown[] }[];
    };
    const product = catalogue.results.filter((p) => p.features.length === 0).sort((x, y) => y.stock - x.stock)[0];
    const order = async (method: string) => {
      const placed = await orderOne(pay, { ...shopper, phone: '+998901212121' }, product?.id, {
        address,
        payment_method: method,
      });
      return placed.body as { id: number; price: number };
    };
    const paymentOf = async (id: number) =>
      ((await call(pay, `/orders/${id}/`, { token: shopper.access })).body as { payment_status?: string })
        .payment_status;
    const payme = async (method: string, params: object, key = PAYME_KEY) => {
      const res = await call(pay, '/payments/payme/', {
        method: 'POST',
        headers: { Authorization: `Basic ${Buffer.from(`Paycom:${key}`).toString('base64')}` },
        body: { jsonrpc: '2.0', id: 1, method, params },
      });
      const body = res.body as { error?: { code: number }; result?: unknown } | null;
      return res.status === 200 ? (body?.error?.code ?? 'ok') : `HTTP ${res.status}`;
    };
    const o1 = await order('payme');
    const account = { order_id: String(o1.id) };
    const wrongKey = await payme('CheckPerformTransaction', { amount: o1.price * 100, account }, 'guess');
    const wrongAmount = await payme('CheckPerformTransaction', { amount: o1.price, account });
    const created = await payme('CreateTransaction', {
      id: 'atk-1',
      time: Date.now(),
      amount: o1.price * 100,
      account,
    });
    const performed = await payme('PerformTransaction', { id: 'atk-1' });
    const paidPayme = await paymentOf(o1.id);
    const cancelled = await call(pay, `/orders/${o1.id}/cancel/`, { method: 'POST', token: shopper.access });
    const refund = (cancelled.body as { payment_status?: string }).payment_status;

    const o2 = await order('click');
    const fields: Record<string, string> = {
      click_trans_id: '5550001',
      service_id: '77',
      click_paydoc_id: '1',
      merchant_trans_id: String(o2.id),
      amount: String(o2.price),
      action: '0',
      error: '0',
      error_note: 'Success',
      sign_time: '2026-05-01 12:00:00',
    };
    // Signed as Click signs (the API's own rule): this round is about the flow, the test replays the formula.
    const signOf = (f: Record<string, string>, complete: boolean) => clickSign(f, CLICK_KEY, complete);
    const click = async (stage: string, f: Record<string, string>, sign: string) => {
      const res = await call(pay, `/payments/click/${stage}/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ ...f, sign_string: sign }).toString(),
      });
      return res.status === 200
        ? (res.body as { error: number | string; merchant_prepare_id?: number })
        : { error: `HTTP ${res.status}`, merchant_prepare_id: undefined };
    };
    const badSign = await click('prepare', fields, 'f'.repeat(32));
    const prepared = await click('prepare', fields, signOf(fields, false));
    const done = { ...fields, action: '1', merchant_prepare_id: String(prepared.merchant_prepare_id ?? 0) };
    const completed = await click('complete', done, signOf(done, true));
    const paidClick = await paymentOf(o2.id);
    report(
      'payments: Payme (wrong key, wrong amount, create, perform), Click (bad sign, prepare, complete), refund',
      `Payme: ${wrongKey} / ${wrongAmount} / ${created} / ${performed} → order ${paidPayme}; Click: ${badSign.error} / ${prepared.error} / ${completed.error} → order ${paidClick}; paid order cancelled → ${refund ?? cancelled.status}`,
    );

    // The sandbox never pays beside live providers (NODE_ENV unset): a Payme order paid through it.
    const o3 = await order('payme');
    const byCard = await call(pay, `/orders/${o3.id}/pay/`, {
      method: 'POST',
      token: shopper.access,
      body: { method: 'card' },
    });
    const sandboxUrl = (byCard.body as { payment_url?: string } | null)?.payment_url;
    const sandboxPaid = sandboxUrl
      ? (await fetch(`${sandboxUrl}/pay`, { method: 'POST', redirect: 'manual' })).status
      : '-';
    report(
      'payment sandbox beside live Payme and Click, NODE_ENV unset: a Payme order paid by card',
      `pay call ${byCard.status} (${sandboxUrl ? `link ${new URL(sandboxUrl).pathname.split('/').slice(0, 3).join('/')}/…` : 'no link'}), sandbox pay ${sandboxPaid} → order ${await paymentOf(o3.id)}`,
    );

    // 6a. A deleted user's id and the old tokens.
    const gone = await signIn(pay, '+998901313131');
    const goneId = ((await call(pay, '/users/profile/', { token: gone.access })).body as { id: number }).id;
    const shell = new DatabaseSync(join(pay.dataDir, 'bozor.sqlite'), {
      timeout: 5000,
      enableForeignKeyConstraints: false,
    });
    shell.prepare('DELETE FROM users WHERE id = ?').run(goneId);
    shell.close();
    const newcomer = await signIn(pay, '+998901414141');
    const newId = ((await call(pay, '/users/profile/', { token: newcomer.access })).body as { id: number }).id;
    const old = await call(pay, '/users/profile/', { token: gone.access });
    report(
      'deleted user (SQLite shell, foreign keys off), then a new user signs in',
      `ids ${goneId} → ${newId}; the deleted user's token opens: ${old.status === 200 ? `the new user's profile (${(old.body as { phone_number?: string }).phone_number})` : old.status}`,
    );
  } finally {
    await pay.stop();
  }

  // 6b. Five 40-megapixel PNGs at once: as the API starts by default, and with the allocator returning large buffers.
  await imageBombs({}, '');
  await imageBombs({ MALLOC_MMAP_THRESHOLD_: '131072' }, ', MALLOC_MMAP_THRESHOLD_=131072');

  // 6c. A full disk: the API's data folder on a 24 MB tmpfs, filled up (needs root to mount; skipped otherwise).
  const mount = mkdtempSync(join(tmpdir(), 'bozor-full-'));
  if (spawnSync('mount', ['-t', 'tmpfs', '-o', 'size=24m', 'tmpfs', mount]).status === 0) {
    try {
      QUIET_STDERR = true;
      const full = await startApi({ API_SEED_PRODUCTS: '300', ...LIFTED }, join(mount, 'data'));
      try {
        const shopper = await signIn(full, '+998901515151');
        // Fill what is left of the disk.
        const filler = Buffer.alloc(1024 * 1024);
        try {
          for (let i = 0; i < 64; i++) writeFileSync(join(mount, `filler-${i}`), filler);
        } catch {
          // full
        }
        try {
          for (let i = 0; i < 1024; i++) writeFileSync(join(mount, `small-${i}`), Buffer.alloc(4096));
        } catch {
          // full to the last page
        }
        // New shoppers sign in (each code request and sign-in writes in a transaction) until the disk refuses.
        const answers: (number | string)[] = [];
        for (let i = 0; i < 200; i++) {
          const res = await call(full, '/users/auth/', {
            method: 'POST',
            body: { phone_number: `+99890${String(7000000 + i)}` },
          });
          answers.push(res.status);
          if (res.status !== 200) break;
          await call(full, '/users/profile/', {
            method: 'PATCH',
            token: shopper.access,
            body: { first_name: 'x'.repeat(100), last_name: `n${i}`, father_name: 'y'.repeat(100) },
          });
        }
        const logged =
          full.errors.find((line) => /full|ENOSPC|rollback/i.test(line)) ?? full.errors[0] ?? '(nothing logged)';
        report(
          'full disk (tmpfs of 24 MB, filled)',
          `${answers.length - 1} writes, then ${answers.at(-1)}; logged: ${logged.slice(0, 150)}`,
        );
      } finally {
        await full.stop().catch(() => undefined);
      }
    } finally {
      QUIET_STDERR = false;
      spawnSync('umount', [mount]);
      rmSync(mount, { recursive: true, force: true });
    }
  } else {
    rmSync(mount, { recursive: true, force: true });
    report('full disk', 'skipped: mounting a small tmpfs needs root (tests/api/hardening.test.ts covers it)');
  }

  // 6d. An unusable data folder; 6e. a low-entropy secret in production.
  const parent = mkdtempSync(join(tmpdir(), 'bozor-attack-'));
  try {
    writeFileSync(join(parent, 'file'), 'x');
    const bad = await runToExit({ API_PORT: '0', API_DATA_DIR: join(parent, 'file', 'data') });
    const lines = bad.output.split('\n').filter((l) => l && !/ExperimentalWarning|trace-warnings/.test(l));
    report('API_DATA_DIR inside a file', `exit ${bad.code}, ${lines.length} line(s): ${lines[0]?.slice(0, 150)}`);
    mkdirSync(join(parent, 'p'));
    const weak = await runToExit({
      NODE_ENV: 'production',
      API_PORT: '0',
      API_DATA_DIR: join(parent, 'p'),
      AUTH_SECRET: 'a'.repeat(32),
      SMS_SENDER: 'eskiz',
      ESKIZ_EMAIL: 'a@b.uz',
      ESKIZ_PASSWORD: 'x',
    });
    report(
      'NODE_ENV=production, AUTH_SECRET = 32 × "a"',
      `exit ${weak.code}: ${weak.output.split('\n').find((l) => l.includes('AUTH_SECRET')) ?? weak.output.split('\n').find((l) => /listening/.test(l)) ?? ''}`.slice(
        0,
        200,
      ),
    );
    // Weak production secrets, and production spelt otherwise; each must be refused in one line.
    const safe = {
      NODE_ENV: 'production',
      API_PORT: '0',
      API_DATA_DIR: join(parent, 'p'),
      AUTH_SECRET: 'k7Qv2Lw9Zp4Xc1Rt8Ym3Nb6Hs0Gd5Jf-uE',
      SMS_SENDER: 'eskiz',
      ESKIZ_EMAIL: 'a@b.uz',
      ESKIZ_PASSWORD: 'x',
    };
    const weakOnes: Record<string, string>[] = [
      { AUTH_SECRET: DEV_SECRET },
      { AUTH_SECRET: 'abcdefghijklmnopqrstuvwxyz012345' },
      { AUTH_SECRET: 'qwertyuiopasdfghjklzxcvbnm123456' },
      { API_BUILD_TOKEN: safe.AUTH_SECRET },
      { PAYME_MERCHANT_ID: 'm', PAYME_MERCHANT_KEY: 'k' },
      { CLICK_SERVICE_ID: '1', CLICK_MERCHANT_ID: '2', CLICK_SECRET_KEY: 'k' },
      { NODE_ENV: 'Production' },
    ];
    const runs = await Promise.all(weakOnes.map((change) => runToExit({ ...safe, ...change })));
    const problems = runs.map((r) => r.output.split('\n').filter((l) => l.startsWith('  - ')));
    report(
      'production with the development secret, alphabet and keyboard runs, the build token, one-character provider keys, NODE_ENV=Production',
      `${count(runs, (r) => r.code === 1)} of ${runs.length} refused, ${count(problems, (p) => p.length === 1)} with one line each; ${count(runs, (r) => /listening/.test(r.output))} started`,
    );
  } finally {
    rmSync(parent, { recursive: true, force: true });
  }

  // 6f. The build's client against an API that throttles for 5 s (Retry-After: 5), then answers.
  const opened = Date.now();
  const throttling = createServer((_req, res) => {
    const busy = Date.now() - opened < 5000;
    res.writeHead(busy ? 429 : 200, { 'Content-Type': 'application/json', ...(busy ? { 'Retry-After': '5' } : {}) });
    res.end(busy ? '{"detail":"slow down","retry_after":5}' : '[]');
  });
  await new Promise<void>((resolve) => throttling.listen(0, '127.0.0.1', resolve));
  try {
    const started = performance.now();
    const outcome = await buildApi(`http://127.0.0.1:${(throttling.address() as AddressInfo).port}`, 'uz')
      .then((api) => api.call('categories'))
      .then(
        () => 'loaded',
        (error: { status?: number }) => `gave up (${error.status})`,
      );
    report(
      'build client, API answering 429 Retry-After: 5 for 5 s',
      `${outcome} after ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    throttling.close();
  }
  (await lockout)();
}
