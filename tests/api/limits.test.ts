/** Rate limits: budgets per route, keyed by address or shopper, on a clock tests move. */
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorBody } from '#contract/schemas.ts';
import { NO_LIMITS, startTestApi, type TestApi } from './helpers.ts';
import type { Budget, BudgetName } from '../../api/limits.ts';

let api: TestApi | undefined;
afterEach(() => api?.stop());

const minute = 60_000;
/** Every budget out of reach but the ones given. */
async function withBudgets(
  budgets: Partial<Record<BudgetName, Budget>>,
  more: { trustProxy?: number; buildToken?: string } = {},
) {
  api = await startTestApi({ products: 12, limits: { budgets: { ...NO_LIMITS.budgets, ...budgets }, ...more } });
  return api;
}
const phone = (i: number) => `+99893${String(i).padStart(7, '0')}`;

describe('rate limits', () => {
  it('limits code requests per client address with a sliding window, whatever the numbers (SMS flood)', async () => {
    const api = await withBudgets({ codes: { limit: 3, windowMs: 10 * minute } });
    const ask = (i: number, lang?: string) =>
      api.call('/users/auth/', { method: 'POST', body: { phone_number: phone(i) }, ...(lang ? { lang } : {}) });
    const start = api.clock.now;
    expect((await ask(1)).status).toBe(200);
    api.clock.now = start + 4 * minute;
    expect((await ask(2)).status).toBe(200);
    api.clock.now = start + 8 * minute;
    expect((await ask(3)).status).toBe(200);

    const refused = await ask(4);
    expect(refused.status).toBe(429);
    const body = ErrorBody.parse(refused.body);
    // The oldest request leaves the window at start + 10 min: two minutes from now.
    expect(body.retry_after).toBe(120);
    expect(refused.headers.get('retry-after')).toBe('120');
    expect(body.detail).toBe('Soʻrovlar juda koʻp. 120 soniyadan keyin qayta urinib koʻring.');
    expect((await ask(4, 'ru')).body.detail).toBe('Слишком много запросов. Повторите через 120 с.');
    // Resend spends from the same budget; no SMS went out for the refused requests.
    expect((await api.call('/users/auth/resend/', { method: 'POST', body: { phone_number: phone(1) } })).status).toBe(
      429,
    );
    expect(api.sent.map((s) => s.phone)).toEqual([phone(1), phone(2), phone(3)]);

    // Sliding, not fixed: one slot frees when the first request leaves, the next only when the second does.
    api.clock.now = start + 10 * minute + 1000;
    expect((await ask(5)).status).toBe(200);
    expect((await ask(6)).status).toBe(429);
    api.clock.now = start + 14 * minute + 1000;
    expect((await ask(6)).status).toBe(200);
  });

  it('keeps budgets apart: a spent bulk-catalogue budget leaves other reads and sign-in alone', async () => {
    const api = await withBudgets({ heavy: { limit: 2, windowMs: minute }, reads: { limit: 5, windowMs: minute } });
    expect((await api.call('/products/catalogue/?page_size=1000')).status).toBe(200);
    expect((await api.call('/products/catalogue/?page_size=1000')).status).toBe(200);
    const heavy = await api.call('/products/catalogue/?page_size=1000');
    expect(heavy.status).toBe(429);
    expect(ErrorBody.parse(heavy.body).retry_after).toBe(60);
    expect((await api.call('/products/categories/')).status).toBe(200);
    expect((await api.call('/users/auth/', { method: 'POST', body: { phone_number: phone(7) } })).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await api.call('/products/top/')).status).toBe(200);
    expect((await api.call('/products/top/')).status).toBe(429);
    api.clock.now += minute;
    expect((await api.call('/products/catalogue/?page_size=1000')).status).toBe(200);
  });

  it('gives each signed-in shopper a budget of their own; a bad token counts against the address', async () => {
    const api = await withBudgets({ reads: { limit: 4, windowMs: minute } });
    const [a, b] = [await api.signIn(phone(10)), await api.signIn(phone(11))];
    for (let i = 0; i < 4; i++) expect((await api.call('/orders/basket/', { token: a.access })).status).toBe(200);
    expect((await api.call('/orders/basket/', { token: a.access })).status).toBe(429);
    expect((await api.call('/orders/basket/', { token: b.access })).status).toBe(200);
    // Made-up tokens are not a way to new buckets: they share the address's (two reads left after the sign-ins).
    const forged = ['x.y.z', 'another.made.up'];
    for (const token of forged) expect((await api.call('/products/top/', { token })).status).toBe(200);
    expect((await api.call('/products/top/', { token: 'one.too.many' })).status).toBe(429);
    expect((await api.call('/products/top/')).status).toBe(429);
  });

  it('limits writes per shopper', async () => {
    const api = await withBudgets({ writes: { limit: 3, windowMs: minute } });
    const { access } = await api.signIn(phone(12));
    const add = () => api.call('/favorite/', { method: 'POST', token: access, body: { product: 1 } });
    for (let i = 0; i < 3; i++) expect((await add()).status).toBeLessThan(300);
    expect((await add()).status).toBe(429);
  });

  it('believes X-Forwarded-For only behind a trusted proxy, and buckets an IPv6 client by its /64', async () => {
    const spoofed = await withBudgets({ reads: { limit: 2, windowMs: minute } });
    const from = (address: string) => ({ headers: { 'X-Forwarded-For': address } });
    expect((await spoofed.call('/products/top/', from('203.0.113.1'))).status).toBe(200);
    expect((await spoofed.call('/products/top/', from('203.0.113.2'))).status).toBe(200);
    expect((await spoofed.call('/products/top/', from('203.0.113.3'))).status).toBe(429);
    await spoofed.stop();

    const proxied = await withBudgets({ reads: { limit: 2, windowMs: minute } }, { trustProxy: 1 });
    // The proxy appends the address it saw; whatever the client wrote before it is not believed.
    for (let i = 0; i < 2; i++)
      expect((await proxied.call('/products/top/', from(`10.9.9.${i}, 203.0.113.1`))).status).toBe(200);
    expect((await proxied.call('/products/top/', from('203.0.113.1'))).status).toBe(429);
    expect((await proxied.call('/products/top/', from('203.0.113.2'))).status).toBe(200);
    expect((await proxied.call('/products/top/', from('2001:db8:1:2::1'))).status).toBe(200);
    expect((await proxied.call('/products/top/', from('2001:db8:1:2:ffff::9'))).status).toBe(200);
    expect((await proxied.call('/products/top/', from('2001:0db8:0001:0002:0:0:0:77'))).status).toBe(429);
    expect((await proxied.call('/products/top/', from('2001:db8:1:3::1'))).status).toBe(200);
  });

  it('never throttles the build token, which reads as a visitor', async () => {
    const buildToken = 'a-build-token-of-at-least-32-bytes!';
    const api = await withBudgets({ heavy: { limit: 1, windowMs: minute } }, { buildToken });
    for (let i = 0; i < 5; i++)
      expect((await api.call('/products/catalogue/?page_size=1000', { token: buildToken })).status).toBe(200);
    expect((await api.call('/products/catalogue/?page_size=1000')).status).toBe(200);
    expect((await api.call('/products/catalogue/?page_size=1000', { token: `${buildToken}x` })).status).toBe(429);
    // Reviews for the build, not the empty list a bad token gets.
    const reviewed = api.server.db.get<{ product_id: number }>('SELECT product_id FROM reviews LIMIT 1');
    const reviews = await api.call(`/product-comments/${reviewed?.product_id}/`, { token: buildToken });
    expect(reviews.body.length).toBeGreaterThan(0);
    expect((await api.call('/orders/basket/', { token: buildToken })).status).toBe(401);
  });

  it('answers CORS preflights without spending a budget, and lets the browser read Retry-After', async () => {
    const api = await withBudgets({ writes: { limit: 1, windowMs: minute } });
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${api.base}/favorite/`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:4321', 'Access-Control-Request-Method': 'POST' },
      });
      expect(res.status).toBe(204);
    }
    await api.call('/favorite/', { method: 'POST', body: { product: 1 } });
    const res = await fetch(`${api.base}/favorite/`, { method: 'POST', headers: { Origin: 'http://localhost:4321' } });
    expect(res.status).toBe(429);
    expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
    expect(res.headers.get('access-control-expose-headers')).toContain('Retry-After');
  });

  it("lets only the site's own origin read answers, and refuses another origin's writes before they act", async () => {
    const api = await withBudgets({});
    const evil = 'https://evil.example';
    const preflight = await fetch(`${api.base}/users/auth/`, {
      method: 'OPTIONS',
      headers: { Origin: evil, 'Access-Control-Request-Method': 'POST' },
    });
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull();
    const sent = api.sent.length;
    // A simple request (no preflight) still reaches the server: it is refused there, and no SMS goes out.
    const simple = await fetch(`${api.base}/users/auth/`, {
      method: 'POST',
      headers: { Origin: evil, 'Content-Type': 'text/plain' },
      body: JSON.stringify({ phone_number: '+998901234567' }),
    });
    expect(simple.status).toBe(403);
    expect(simple.headers.get('access-control-allow-origin')).toBeNull();
    expect(api.sent.length).toBe(sent);
    const read = await fetch(`${api.base}/products/categories/`, { headers: { Origin: evil } });
    expect(read.headers.get('access-control-allow-origin')).toBeNull();
    const own = await fetch(`${api.base}/products/categories/`, { headers: { Origin: 'http://localhost:4321' } });
    expect(own.headers.get('access-control-allow-origin')).toBe('http://localhost:4321');
  });

  it('a shared address: malformed sign-in calls spend nothing, and a valid refresh or logout is never held by it', async () => {
    const api = await withBudgets({
      codes: { limit: 5, windowMs: 10 * minute },
      signIn: { limit: 5, windowMs: 10 * minute },
    });
    const shopper = await api.signIn(phone(50));
    const neighbour = await api.signIn(phone(51));
    // 300 malformed calls from the same address: each a 400, none spends the shared budget.
    for (let i = 0; i < 100; i++) {
      const answers = await Promise.all([
        api.call('/users/token/refresh/', { method: 'POST', body: {} }),
        api.call('/users/auth/', { method: 'POST', body: { phone_number: 'junk' } }),
        api.call('/users/verify/', { method: 'POST', raw: '{"user":' }),
      ]);
      expect(answers.map((a) => a.status)).toEqual([400, 400, 400]);
    }
    expect((await api.call('/users/auth/', { method: 'POST', body: { phone_number: phone(52) } })).status).toBe(200);
    // Well-formed calls with tokens that are not ours spend what the two verifies left of the address's budget.
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++)
      statuses.push(
        (await api.call('/users/token/refresh/', { method: 'POST', body: { refresh: `forged.${i}.x` } })).status,
      );
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // The shoppers' own refresh and logout still go through, each on their session's budget.
    const renewed = await api.call('/users/token/refresh/', { method: 'POST', body: { refresh: shopper.refresh } });
    expect(renewed.status).toBe(200);
    expect((await api.call('/users/logout/', { method: 'POST', body: { refresh: neighbour.refresh } })).status).toBe(
      204,
    );
  });
});
