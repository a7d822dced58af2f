/**
 * `node scripts/attack.ts`: re-measures issue 7's findings against real
 * reference APIs on this machine (loopback only, every loop bounded in count
 * and time) and prints one figure per finding.
 *
 * Each measurement gets a fresh API, run as `node api/main.ts` with its own
 * data folder: with the default settings (an attacker at one address, every
 * budget fresh), or with the rate limits lifted (an attacker with as many
 * addresses as they like), so each rule is measured on its own. Sign-in codes
 * are read from the console sender's output, as a developer would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { sign } from 'hono/jwt';
import sharp from 'sharp';
import { DEV_SECRET } from '../api/server.ts';

const ROUND_SECONDS = Number(process.env['ATTACK_SECONDS'] ?? 20);

interface Api {
  url: string;
  dataDir: string;
  codes: Map<string, string>;
  stop(): Promise<void>;
}

/** Starts `node api/main.ts` on a free port; resolves once it listens. */
function startApi(env: Record<string, string>): Promise<Api> {
  const dataDir = mkdtempSync(join(tmpdir(), 'bozor-attack-'));
  const child: ChildProcess = spawn(process.execPath, ['api/main.ts'], {
    env: { PATH: process.env['PATH'] ?? '', API_PORT: '0', API_DATA_DIR: dataDir, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const codes = new Map<string, string>();
  return new Promise((resolve, reject) => {
    let buffer = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) {
        const sms = /^\[sms\] (\+\d+) code: (\d{4})$/.exec(line);
        if (sms?.[1] && sms[2]) codes.set(sms[1], sms[2]);
        const listening = /listening on (\S+)/.exec(line);
        if (listening?.[1])
          resolve({
            url: `${listening[1]}/api/v1`,
            dataDir,
            codes,
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
      if (!/ExperimentalWarning|trace-warnings/.test(chunk.toString())) process.stderr.write(chunk);
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

async function call(api: Api, path: string, init: { method?: string; body?: unknown; token?: string } = {}) {
  const headers: Record<string, string> = {};
  if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
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

async function signIn(api: Api, phone: string) {
  const auth = await call(api, '/users/auth/', { method: 'POST', body: { phone_number: phone } });
  if (auth.status !== 200) throw new Error(`auth ${phone}: ${auth.status} ${JSON.stringify(auth.body)}`);
  const user = (auth.body as { user: number }).user;
  const code = await codeFor(api, phone);
  const verify = await call(api, '/users/verify/', { method: 'POST', body: { user, code } });
  if (verify.status !== 200) throw new Error(`verify ${phone}: ${verify.status}`);
  return (verify.body as { data: { access: string; refresh: string } }).data;
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

/** Finding 1: the loop {request a code, guess until it dies} against one phone for ROUND_SECONDS. */
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
      if (res.status === 400 && /Wrong code/.test(JSON.stringify(res.body))) guesses++;
      if (res.status === 429) refused++;
    }
  }
  const seconds = (performance.now() - started) / 1000;
  return { guesses, refused, sms, won, seconds };
}

/** Finding 6: ten clients pull the bulk catalogue while another times a small read. */
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
/** A fresh API for one measurement: default settings, or with the rate limits lifted. */
async function withApi<T>(lifted: boolean, work: (api: Api) => Promise<T>): Promise<T> {
  const api = await startApi({ API_SEED_PRODUCTS: '300', ...(lifted ? LIFTED : {}) });
  try {
    return await work(api);
  } finally {
    await api.stop();
  }
}

// 1. Account takeover by code guessing.
for (const lifted of [false, true]) {
  const r = await withApi(lifted, (api) => takeover(api, '+998901112233'));
  report(
    `#1 takeover loop for ${ROUND_SECONDS} s, ${lifted ? 'rate limits lifted (many addresses)' : 'one address, default limits'}`,
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
      `#2 SMS flood, 500 numbers, ${lifted ? 'rate limits lifted' : 'one address'}`,
      `${count(answers, (a) => a.status === 200)} codes sent, ${count(answers, (a) => a.status === 429)} refused (429) in ${((performance.now() - started) / 1000).toFixed(1)} s; user rows created: ${usersIn(api) - users}`,
    );
  });
}

// 6. No rate limiting.
const f = await withApi(false, flood);
report(
  '#6 ten clients on /products/catalogue/?page_size=1000 for 10 s, one address',
  `${f.served} served, ${f.refused} refused (429); another client's small reads p50 ${f.p50.toFixed(0)} ms`,
);

const open = await startApi({ API_SEED_PRODUCTS: '300', ...LIFTED });
try {
  // 3. Forgeable tokens.
  const production = await runToExit({ NODE_ENV: 'production', API_PORT: '0', API_DATA_DIR: join(open.dataDir, 'p') });
  report(
    '#3 NODE_ENV=production without AUTH_SECRET',
    `exit ${production.code}: ${production.output.split('\n').find((l) => l.includes('AUTH_SECRET')) ?? production.output.slice(0, 120)}`,
  );
  const forged = await sign({ sub: '1', type: 'access', exp: Math.floor(Date.now() / 1000) + 600 }, DEV_SECRET);
  report(
    '#3 hand-made token for user 1, development secret',
    `GET /users/profile/ → ${(await call(open, '/users/profile/', { token: forged })).status}`,
  );

  // 4. Unbounded address text.
  const victim = await signIn(open, '+998905550001');
  const dbFile = join(open.dataDir, 'bozor.sqlite');
  const sizeBefore = statSync(dbFile).size;
  const huge = 'x'.repeat(24 * 1024 * 1024);
  const address = {
    region: 'Qashqadaryo',
    city: 'Qarshi',
    street: 'Nasaf',
    home: '5',
    etaj: '2',
    latitude: 38.86,
    longitude: 65.79,
    display_name: 'Qarshi',
    delivery_type: 'city',
  };
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
    '#4 24 MB display_name / 501 characters / six orders with a 24 MB street',
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
    '#5 overselling, 4 × 11 units of stock 11',
    `${11 * count(placed, (p) => p.status === 201)} units sold (${placed.map((p) => p.status).join(',')}), stock now ${stock.stock}`,
  );
  const sold = placed.findIndex((p) => p.status === 201);
  const cancel = await call(open, `/orders/${(placed[sold]?.body as { id: number }).id}/cancel/`, {
    method: 'POST',
    token: buyers[sold]?.access ?? '',
  });
  const back = (await call(open, `/products/product/${product.id}/`)).body as { stock: number };
  report('#5 cancelling that order', `${cancel.status}, stock back to ${back.stock}`);
  shelf.close();

  // 9. Malformed percent-encoding.
  report('#9 GET /media/%', `${(await fetch(`${open.url.replace('/api/v1', '')}/media/%`)).status}`);

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
    '#10 SVG / HTML named .png',
    `${disguised.join(' / ')}; after four edits of five ${(photo.length / 1024 / 1024).toFixed(1)} MB images: ${readdirSync(uploads).length} files, ${(folderBytes(uploads) / 1024 / 1024).toFixed(1)} MB on disk (created ${created.status})`,
  );

  // 12. Keep-alive after an early answer.
  const k = await keepAlive(open, reviewer.access);
  report(
    '#12 PUT /comments/999/ (5 MB multipart) then GET on the same socket',
    `${k.first.status}, then ${k.second.status} (same socket: ${k.second.reused})`,
  );

  // Also read: tokens and headers.
  const session = await signIn(open, '+998907770001');
  const claims = JSON.parse(Buffer.from(session.access.split('.')[1] ?? '', 'base64url').toString()) as {
    iat: number;
    exp: number;
  };
  const rotated = await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: session.refresh } });
  const reused = await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: session.refresh } });
  const mine = await signIn(open, '+998907770002');
  const logout = await call(open, '/users/logout/', { method: 'POST', body: { refresh: mine.refresh } });
  const afterLogout = await call(open, '/users/token/refresh/', { method: 'POST', body: { refresh: mine.refresh } });
  const profileAfter = await call(open, '/users/profile/', { token: mine.access });
  report(
    'also: tokens',
    `access lives ${(claims.exp - claims.iat) / 60} min; refresh rotates (${rotated.status}), reuse → ${reused.status}; logout → ${logout.status}, then refresh → ${afterLogout.status}, profile → ${profileAfter.status}`,
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
console.log('\n| finding | after |\n| --- | --- |');
for (const [finding, figure] of figures) console.log(`| ${finding} | ${figure} |`);
