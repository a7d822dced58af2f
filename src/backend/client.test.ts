import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, createApi, GET_RETRIES, retryAfterMs } from './client.ts';
import { checkAnswer } from '#contract/calls.ts';
import type { Tokens } from '#contract/schemas.ts';
import { GENERAL_ERROR } from '../i18n/general-error.ts';

/** A scripted HTTP peer: each test says how the next requests are answered. */
type Reply = (req: IncomingMessage, res: ServerResponse, body: string) => void;
const seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string }[] = [];
let replies: Reply[] = [];
let fallback: Reply = (_req, res) => json(res, 200, []);
let server: Server;
let origin: string;

function json(res: ServerResponse, status: number, data: unknown) {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(data));
}

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', headers: req.headers, body });
      (replies.shift() ?? fallback)(req, res, body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen.length = 0;
  replies = [];
  fallback = (_req, res) => json(res, 200, []);
});

const category = { id: 1, name: 'Smartfonlar', image: null };
const fast = (token?: string) =>
  createApi({ baseURL: origin, lang: 'ru', token: () => token, retryDelay: 5, validate: checkAnswer });

describe('requests', () => {
  it('sends Accept-Language and the bearer token under /api/v1; a read carries no content type', async () => {
    fallback = (_req, res) => json(res, 200, [category]);
    await expect(fast('T0K').call('categories')).resolves.toEqual([category]);
    const [request] = seen;
    expect(request?.url).toBe('/api/v1/products/categories/');
    expect(request?.headers['accept-language']).toBe('ru');
    // Without it (and without a token) a browser's read of another origin is a simple request: no preflight.
    expect(request?.headers['content-type']).toBeUndefined();
    expect(request?.headers.authorization).toBe('Bearer T0K');
  });

  it('labels a JSON body as JSON', async () => {
    fallback = (_req, res) => json(res, 200, { detail: 'ok' });
    await fast('T0K')
      .call('addToBasket', { body: { product: 1, quantity: 1 } })
      .catch(() => undefined);
    expect(seen[0]?.method).toBe('POST');
    expect(seen[0]?.headers['content-type']).toBe('application/json');
  });

  it('sends no Authorization header without a token', async () => {
    await fast().call('categories');
    expect(seen[0]?.headers.authorization).toBeUndefined();
  });

  it('fills path parameters and query, and posts JSON bodies', async () => {
    fallback = (_req, res) => json(res, 201, { id: 9, product: 4 });
    await fast('t').call('addFavourite', { body: { product: 4 } });
    expect(seen[0]).toMatchObject({ method: 'POST', url: '/api/v1/favorite/', body: '{"product":4}' });
    fallback = (_req, res) => json(res, 200, { count: 0, next: null, previous: null, results: [] });
    await fast().call('categoryProducts', { params: { id: 7 }, query: { page: '2' } });
    expect(seen[1]?.url).toBe('/api/v1/products/category-products/7/?page=2');
  });

  it('rejects an answer that breaks the contract', async () => {
    fallback = (_req, res) => json(res, 200, [{ id: 'x' }]);
    await expect(fast().call('categories')).rejects.toBeInstanceOf(ApiError);
  });

  it('passes answers through unchecked when no validator is given (the browser)', async () => {
    fallback = (_req, res) => json(res, 200, [category]);
    await expect(createApi({ baseURL: origin, lang: 'uz' }).call('categories')).resolves.toEqual([category]);
  });
});

describe('retries', () => {
  it(`retries a failing GET ${GET_RETRIES} times, then succeeds`, async () => {
    replies = [0, 1, 2].map(() => (_req, res) => json(res, 503, { detail: 'busy' }));
    fallback = (_req, res) => json(res, 200, [category]);
    await expect(fast().call('categories')).resolves.toHaveLength(1);
    expect(seen).toHaveLength(GET_RETRIES + 1);
  });

  it('gives up after the retries with the status and the error body', async () => {
    fallback = (_req, res) => json(res, 500, { detail: 'boom' });
    const error = await fast()
      .call('categories')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 500, message: 'boom' });
    expect(seen).toHaveLength(GET_RETRIES + 1);
  });

  it('never repeats a POST', async () => {
    fallback = (_req, res) => json(res, 500, { detail: 'boom' });
    await expect(fast('t').call('addToBasket', { body: { product: 1, quantity: 1 } })).rejects.toMatchObject({
      status: 500,
    });
    expect(seen).toHaveLength(1);
  });

  it('does not retry a 4xx and keeps the field errors', async () => {
    fallback = (_req, res) =>
      json(res, 400, { detail: 'Invalid', errors: { phone_number: ['Phone must be +998 and 9 digits'] } });
    const error = (await fast()
      .call('auth', { body: { phone_number: '1' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error.status).toBe(400);
    expect(error.body?.errors?.phone_number).toEqual(['Phone must be +998 and 9 digits']);
    expect(seen).toHaveLength(1);
  });

  it('reads the reason of a refusal as backends write it: errors as a text, or field messages without detail', async () => {
    const refusal = async (data: unknown) => {
      fallback = (_req, res) => json(res, 400, data);
      return (await fast()
        .call('addToBasket', { body: { product: 1, quantity: 1 } })
        .catch((e: unknown) => e)) as ApiError;
    };
    expect((await refusal({ errors: 'Out of stock' })).errors).toEqual({ non_field_errors: ['Out of stock'] });
    const drf = await refusal({ product: ['Invalid pk "9" - object does not exist.'], quantity: 'x', n: 1 });
    expect(drf.errors).toEqual({ product: ['Invalid pk "9" - object does not exist.'], quantity: ['x'] });
    expect(Object.values(GENERAL_ERROR)).toContain(drf.message);
    const contract = await refusal({ detail: 'Invalid input.', errors: { quantity: ['Out of stock.'] } });
    expect([contract.message, contract.errors]).toEqual(['Invalid input.', { quantity: ['Out of stock.'] }]);
    expect((await refusal('<html>busy</html>')).errors).toBeUndefined();
  });
});

describe('Retry-After', () => {
  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-05-01T12:00:00Z');
    expect(retryAfterMs('120', now)).toBe(120_000);
    expect(retryAfterMs('Fri, 01 May 2026 12:00:30 GMT', now)).toBe(30_000);
    expect(retryAfterMs('Fri, 01 May 2026 11:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs('soon', now)).toBeNull();
    expect(retryAfterMs(null, now)).toBeNull();
  });
});

describe('timeout', () => {
  it('abandons a call that takes longer than the timeout (status 0)', async () => {
    fallback = () => undefined; // never answers
    const api = createApi({ baseURL: origin, lang: 'uz', timeout: 100, retryDelay: 1 });
    const started = Date.now();
    const error = (await api
      .call('auth', { body: { phone_number: '+998901234567' } })
      .catch((e: unknown) => e)) as ApiError;
    expect(error).toBeInstanceOf(ApiError);
    expect(error.status).toBe(0);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});

describe('session renewal after a 401', () => {
  interface Sent {
    method: string;
    path: string;
    auth: string | null;
    body: string;
  }
  const REFRESH = '/api/v1/users/token/refresh/';
  const reply = (status: number, data: unknown) =>
    new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json' } });
  const expired = () => reply(401, { detail: 'The token is invalid or expired.' });

  /** A fake API: `answer` decides each reply; every request is recorded. */
  function fakeApi(answer: (request: Sent) => Response | Promise<Response>) {
    const seen: Sent[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = {
        method: init?.method ?? 'GET',
        path: new URL(String(input)).pathname,
        auth: new Headers(init?.headers).get('authorization'),
        body: typeof init?.body === 'string' ? init.body : '',
      };
      seen.push(request);
      return answer(request);
    }) as typeof globalThis.fetch;
    // The stored pair, as the browser's session keeps it.
    const stored = { access: 'old', refresh: 'r1' };
    const saved: (Tokens | null)[] = [];
    const token = vi.fn(() => stored.access);
    const api = createApi({
      baseURL: 'http://api.test',
      lang: 'uz',
      fetch,
      retryDelay: 1,
      token,
      refresh: {
        token: () => stored.refresh,
        store: (tokens) => {
          saved.push(tokens);
          stored.access = tokens?.access ?? '';
          stored.refresh = tokens?.refresh ?? '';
        },
      },
    });
    const refreshes = () => seen.filter((r) => r.path === REFRESH);
    return { api, seen, stored, saved, token, refreshes };
  }

  /** Answers calls with the new token, refuses the old one. */
  const acceptNew = (request: Sent) => (request.auth === 'Bearer new' ? reply(200, []) : expired());

  it('several parallel 401s share one refresh, then each call is repeated once with the new token', async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { api, seen, stored, saved, token, refreshes } = fakeApi(async (request) => {
      if (request.path !== REFRESH) return acceptNew(request);
      await held;
      return reply(200, { access: 'new', refresh: 'r2' });
    });
    const calls = [
      api.call('basket'),
      api.call('favourites'),
      api.call('addToBasket', { body: { product: 1, quantity: 1 } }),
    ];
    // All three were refused and are waiting for the renewal (each read the token again, and the renewal once more
    // as it started, in case another tab had renewed) before it answers.
    await vi.waitFor(() => expect(token).toHaveBeenCalledTimes(7));
    release();
    await expect(Promise.all(calls)).resolves.toHaveLength(3);
    expect(refreshes()).toEqual([{ method: 'POST', path: REFRESH, auth: null, body: '{"refresh":"r1"}' }]);
    expect(saved).toEqual([{ access: 'new', refresh: 'r2' }]);
    expect(stored).toEqual({ access: 'new', refresh: 'r2' });
    const repeated = seen.filter((r) => r.auth === 'Bearer new').map((r) => `${r.method} ${r.path}`);
    expect(repeated.sort()).toEqual([
      'GET /api/v1/favorite/',
      'GET /api/v1/orders/basket/',
      'POST /api/v1/orders/add-basket/',
    ]);
    expect(seen).toHaveLength(7);
  });

  it('two tabs whose token expired together renew once: the second takes the pair the first stored', async () => {
    // Two pages of one browser: one storage, one lock (a promise chain standing in for navigator.locks).
    const stored = { access: 'old', refresh: 'r1' };
    let lock = Promise.resolve();
    const exclusive = <T>(renew: () => Promise<T>) => {
      const run = lock.then(renew);
      lock = run.then(
        () => undefined,
        () => undefined,
      );
      return run;
    };
    const seen: Sent[] = [];
    const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
      const request = {
        method: init?.method ?? 'GET',
        path: new URL(String(input)).pathname,
        auth: new Headers(init?.headers).get('authorization'),
        body: typeof init?.body === 'string' ? init.body : '',
      };
      seen.push(request);
      if (request.path !== REFRESH) return acceptNew(request);
      await new Promise((resolve) => setTimeout(resolve, 20));
      // The API rotates: the same refresh token twice (without grace) would end the session.
      return request.body === '{"refresh":"r1"}' ? reply(200, { access: 'new', refresh: 'r2' }) : reply(401, {});
    }) as typeof globalThis.fetch;
    const tab = () =>
      createApi({
        baseURL: 'http://api.test',
        lang: 'uz',
        fetch,
        retryDelay: 1,
        token: () => stored.access,
        refresh: {
          token: () => stored.refresh,
          store: (tokens) => Object.assign(stored, { access: tokens?.access ?? '', refresh: tokens?.refresh ?? '' }),
          exclusive,
        },
      });
    const [first, second] = [tab(), tab()];
    await expect(Promise.all([first.call('basket'), second.call('favourites')])).resolves.toEqual([[], []]);
    expect(seen.filter((r) => r.path === REFRESH)).toHaveLength(1);
    expect(stored).toEqual({ access: 'new', refresh: 'r2' });
  });

  it('a 401 that comes back after the session was renewed is repeated without a second refresh', async () => {
    let answerLate = () => {};
    const late = new Promise<void>((resolve) => (answerLate = resolve));
    const { api, seen, refreshes } = fakeApi(async (request) => {
      if (request.path === REFRESH) return reply(200, { access: 'new', refresh: 'r2' });
      if (request.path === '/api/v1/favorite/' && request.auth === 'Bearer old') await late;
      return acceptNew(request);
    });
    const slow = api.call('favourites');
    await api.call('basket');
    answerLate();
    await expect(slow).resolves.toEqual([]);
    expect(refreshes()).toHaveLength(1);
    expect(seen.filter((r) => r.path === '/api/v1/favorite/').map((r) => r.auth)).toEqual(['Bearer old', 'Bearer new']);
  });

  it('repeats a call once only: a second 401 fails it', async () => {
    const { api, seen, refreshes } = fakeApi((request) =>
      request.path === REFRESH ? reply(200, { access: 'new', refresh: 'r2' }) : expired(),
    );
    await expect(api.call('addToBasket', { body: { product: 1, quantity: 1 } })).rejects.toMatchObject({ status: 401 });
    expect(refreshes()).toHaveLength(1);
    expect(seen.map((r) => r.auth)).toEqual(['Bearer old', null, 'Bearer new']);
  });

  it('a refused refresh signs the shopper out: tokens cleared, every waiting call fails with 401', async () => {
    const { api, seen, stored, saved, refreshes } = fakeApi((request) =>
      request.path === REFRESH ? reply(401, { detail: 'Token is invalid or expired' }) : acceptNew(request),
    );
    const results = await Promise.allSettled([api.call('basket'), api.call('favourites')]);
    expect(results.map((r) => r.status === 'rejected' && (r.reason as ApiError).status)).toEqual([401, 401]);
    expect(refreshes()).toHaveLength(1);
    expect(saved).toEqual([null]);
    expect(stored).toEqual({ access: '', refresh: '' });
    expect(seen.filter((r) => r.auth === 'Bearer new')).toEqual([]);
  });

  it('without a stored refresh token the shopper is signed out with no refresh call', async () => {
    const { api, stored, saved, refreshes } = fakeApi(acceptNew);
    stored.refresh = '';
    await expect(api.call('basket')).rejects.toMatchObject({ status: 401 });
    expect(refreshes()).toEqual([]);
    expect(saved).toEqual([null]);
  });

  it('a refresh that gets no answer or a server fault keeps the tokens (the next call tries again)', async () => {
    for (const fault of [() => reply(503, { detail: 'busy' }), () => Promise.reject(new TypeError('network'))]) {
      const { api, stored, saved, refreshes } = fakeApi((request) =>
        request.path === REFRESH ? fault() : acceptNew(request),
      );
      await expect(api.call('basket')).rejects.toMatchObject({ status: 401 });
      expect(refreshes()).toHaveLength(1);
      expect(saved).toEqual([]);
      expect(stored).toEqual({ access: 'old', refresh: 'r1' });
    }
  });

  it('renews nothing for a visitor, for other errors, or without the refresh hook', async () => {
    const visitor = fakeApi(acceptNew);
    visitor.stored.access = '';
    await expect(visitor.api.call('basket')).rejects.toMatchObject({ status: 401 });
    expect(visitor.seen.map((r) => r.auth)).toEqual([null]);

    const forbidden = fakeApi(() => reply(403, { detail: 'Forbidden' }));
    await expect(forbidden.api.call('basket')).rejects.toMatchObject({ status: 403 });
    expect(forbidden.refreshes()).toEqual([]);

    const seen: string[] = [];
    const fetch = (async (input: RequestInfo | URL) => (
      seen.push(String(input)),
      expired()
    )) as typeof globalThis.fetch;
    const plain = createApi({ baseURL: 'http://api.test', lang: 'uz', fetch, token: () => 'old' });
    await expect(plain.call('basket')).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual(['http://api.test/api/v1/orders/basket/']);
  });

  it('sends logout with the refresh token in its body and no bearer, and never renews it', async () => {
    const { api, seen, refreshes } = fakeApi(() => expired());
    await expect(api.call('logout', { body: { refresh: 'r1' } })).rejects.toMatchObject({ status: 401 });
    expect(seen).toEqual([{ method: 'POST', path: '/api/v1/users/logout/', auth: null, body: '{"refresh":"r1"}' }]);
    expect(refreshes()).toEqual([]);
  });
});
