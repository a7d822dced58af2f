/** What every attack round shares: starting reference APIs, calling them, signing in, and the table of figures. */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { solveChallenge, type Challenge } from '#contract/proof.ts';

export const ROUND_SECONDS = Number(process.env['ATTACK_SECONDS'] ?? 20);
export const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** Rounds that provoke server errors on purpose (a full disk) read them instead of echoing them. */
/** Set while a round expects the APIs it starts to complain on stderr. */
export const stderr = { quiet: false };

export interface Api {
  url: string;
  dataDir: string;
  pid: number;
  codes: Map<string, string>;
  /** Lines the API printed on its standard error. */
  errors: string[];
  stop(): Promise<void>;
}

/** Starts `node api/main.ts` on a free port; resolves once it listens. */
export function startApi(
  env: Record<string, string>,
  dataDir = mkdtempSync(join(tmpdir(), 'bozor-attack-')),
): Promise<Api> {
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
      if (!stderr.quiet) process.stderr.write(chunk);
    });
    child.once('exit', (code) => reject(new Error(`api/main.ts exited with ${code}`)));
  });
}

/** Runs `node api/main.ts` to its exit; answers its code and output. */
export function runToExit(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
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

export async function call(
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
export async function codeFor(api: Api, phone: string): Promise<string> {
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

/** A code request as a shopper's browser sends it: a proof of work the API asks for (428) is solved and sent. */
export async function requestCode(api: Api, phone: string, device?: string) {
  const body = { phone_number: phone, device };
  const auth = await call(api, '/users/auth/', { method: 'POST', body });
  const challenge = (auth.body as { challenge?: Challenge } | null)?.challenge;
  if (auth.status !== 428 || !challenge) return auth;
  const nonce = await solveChallenge(challenge);
  return call(api, '/users/auth/', { method: 'POST', body: { ...body, proof: { challenge: challenge.token, nonce } } });
}

export async function signIn(api: Api, phone: string, device?: string) {
  const auth = await requestCode(api, phone, device);
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
export async function orderOne(
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

export const figures: [string, string][] = [];
export const report = (finding: string, figure: string) => {
  figures.push([finding, figure]);
  console.log(`${finding}: ${figure}`);
};
export const count = <T>(items: T[], test: (item: T) => boolean) => items.filter(test).length;
export const db = (api: Api) => new DatabaseSync(join(api.dataDir, 'bozor.sqlite'), { timeout: 5000 });
export const usersIn = (api: Api) => {
  const handle = db(api);
  const n = (handle.prepare('SELECT count(*) AS n FROM users').get() as { n: number }).n;
  handle.close();
  return n;
};

/** Account takeover: the loop {request a code, guess until it dies} against one phone for ROUND_SECONDS. */
export async function takeover(api: Api, phone: string) {
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
export async function flood(api: Api) {
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
export function keepAlive(api: Api, token: string) {
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

export const folderBytes = (dir: string) => {
  try {
    return readdirSync(dir).reduce((sum, name) => sum + statSync(join(dir, name)).size, 0);
  } catch {
    return 0;
  }
};

/** Every per-address rule lifted: an attacker with as many addresses as they like. */
export const LIFTED = {
  API_RATE_CODES: '1000000/60',
  API_RATE_SIGNIN: '1000000/60',
  API_RATE_HEAVY: '1000000/60',
  API_RATE_WRITES: '1000000/60',
  API_RATE_READS: '1000000/60',
  API_SMS_PER_ADDRESS_DAY: '1000000',
  API_PROOF_AFTER: '1000000',
  API_WRONG_CODES_PER_ADDRESS_DAY: '1000000',
};
/** A fresh API with these settings for one measurement. */
export async function withApiEnv<T>(env: Record<string, string>, work: (api: Api) => Promise<T>): Promise<T> {
  const api = await startApi({ API_SEED_PRODUCTS: '300', ...env });
  try {
    return await work(api);
  } finally {
    await api.stop();
  }
}
/** A fresh API for one measurement: default settings, or with the rate limits lifted. */
export const withApi = <T>(lifted: boolean, work: (api: Api) => Promise<T>) => withApiEnv(lifted ? LIFTED : {}, work);
