/** Starts the real API on a free port with a temp data dir, a small seed and a clock tests can move. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUDGETS, type LimitSettings } from '../../api/limits.ts';
import { startServer, type RunningServer, type ServerOptions } from '../../api/server.ts';
import { expect } from 'vitest';
import { API_PREFIX, calls } from '#contract/calls.ts';
import { ErrorBody, type Address } from '#contract/schemas.ts';
import type { SmsSender } from '../../api/sms.ts';
import { QARSHI_ADDRESS } from '../fixtures/address.ts';

export interface TestApi {
  server: RunningServer;
  base: string;
  dataDir: string;
  clock: { now: number };
  sent: { phone: string; code: string }[];
  // Answers are checked against the contract schemas in the tests themselves.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  call(path: string, init?: CallInit): Promise<{ status: number; body: any; headers: Headers }>;
  signIn(phone?: string): Promise<{ access: string; refresh: string }>;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

interface CallInit {
  method?: string;
  body?: unknown;
  form?: FormData;
  token?: string;
  lang?: string;
  raw?: string;
  headers?: Record<string, string>;
}

/** Sign-in budgets and a proof of work no ordinary test reaches; the sign-in guard's tests pass their own. */
export const NO_SIGN_IN_LIMITS = {
  smsPerPoolDay: 1_000_000,
  smsPerAddressDay: 1_000_000,
  smsPerDay: 1_000_000,
  proofAfter: 1_000_000,
  wrongCodesPerAddressDay: 1_000_000,
};

/** Budgets no ordinary test reaches; the rate-limit tests pass their own. */
export const NO_LIMITS: LimitSettings = {
  budgets: Object.fromEntries(BUDGETS.map((name) => [name, { limit: 1_000_000, windowMs: 60_000 }])),
};

export interface TestApiOptions extends Partial<Pick<ServerOptions, 'limits' | 'uploadQuotaBytes'>> {
  products?: number;
  dataDir?: string;
  /** Other server options (payment providers, production mode...). */
  server?: Partial<ServerOptions>;
}

export async function startTestApi(options: TestApiOptions = {}): Promise<TestApi> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'bozor-api-'));
  const clock = { now: Date.now() };
  const sent: { phone: string; code: string }[] = [];
  const sms: SmsSender = { send: async (phone, _message, code) => void sent.push({ phone, code }) };
  const server = await startServer({
    port: 0,
    dataDir,
    seedProducts: options.products ?? 40,
    now: () => clock.now,
    sms,
    exposeCodes: true,
    limits: options.limits ?? NO_LIMITS,
    signInLimits: NO_SIGN_IN_LIMITS,
    ...(options.uploadQuotaBytes === undefined ? {} : { uploadQuotaBytes: options.uploadQuotaBytes }),
    ...options.server,
  });
  const base = `${server.url}${API_PREFIX}`;

  const call: TestApi['call'] = async (path, init = {}) => {
    const headers: Record<string, string> = { ...init.headers };
    if (init.token) headers['Authorization'] = `Bearer ${init.token}`;
    if (init.lang) headers['Accept-Language'] = init.lang;
    let body: BodyInit | null = null;
    if (init.form) body = init.form;
    else if (init.raw !== undefined) {
      body = init.raw;
      headers['Content-Type'] = 'application/json';
    } else if (init.body !== undefined) {
      body = JSON.stringify(init.body);
      headers['Content-Type'] = 'application/json';
    }
    const res = await fetch(path.startsWith('http') ? path : `${base}${path}`, {
      method: init.method ?? 'GET',
      headers,
      body,
    });
    const text = await res.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON (media): the text itself.
    }
    return { status: res.status, body: parsed, headers: res.headers };
  };

  const signIn: TestApi['signIn'] = async (
    phone = `+99890${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`,
  ) => {
    const auth = await call('/users/auth/', { method: 'POST', body: { phone_number: phone } });
    if (auth.status !== 200) throw new Error(`auth: ${auth.status} ${JSON.stringify(auth.body)}`);
    const code = await call(`/__test__/codes/?phone=${encodeURIComponent(phone)}`);
    const verify = await call('/users/verify/', {
      method: 'POST',
      body: { user: auth.body.user, code: code.body.code },
    });
    if (verify.status !== 200) throw new Error(`verify: ${verify.status} ${JSON.stringify(verify.body)}`);
    return verify.body.data;
  };

  return {
    server,
    base,
    dataDir,
    clock,
    sent,
    call,
    signIn,
    async stop({ keepData = false } = {}) {
      await server.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export { QARSHI_ADDRESS };

/**
 * A signed-in shopper's order (in `lang`) of one unit of the plain product with the most
 * stock (many orders in one test never sell it out): put in the basket, then
 * ordered. Answers the API's raw answer (tests check refusals too).
 */
export async function placeOrder(
  api: TestApi,
  access: string,
  {
    payment_method = 'payme',
    address = QARSHI_ADDRESS,
    lang = 'uz',
  }: { payment_method?: string; address?: Address; lang?: string } = {},
) {
  const products = calls.catalogue.answer.parse((await api.call('/products/catalogue/?page_size=100')).body).results;
  const product = products
    .filter((p) => p.features.length === 0)
    .reduce((best, p) => (p.stock > (best?.stock ?? 0) ? p : best), undefined as (typeof products)[number] | undefined);
  if (!product || product.stock < 1) throw new Error('seed has no plain product in stock');
  const line = calls.addToBasket.answer.parse(
    (
      await api.call('/orders/add-basket/', {
        method: 'POST',
        token: access,
        body: { product: product.id, quantity: 1 },
      })
    ).body,
  );
  return api.call('/orders/', {
    method: 'POST',
    token: access,
    lang,
    body: {
      items: [line.id],
      address,
      payment_method,
      customer_name: 'Dilnoza R.',
      customer_phone: '+998970000007',
    },
  });
}

/** A 400 answer naming `field` among its errors. */
export function expectFieldError(res: { status: number; body: unknown }, field: string): void {
  expect(res.status).toBe(400);
  expect(ErrorBody.parse(res.body).errors?.[field]?.length, JSON.stringify(res.body)).toBeGreaterThan(0);
}
