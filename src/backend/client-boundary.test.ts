/**
 * The client as the boundary: every answer is read into the shop's types,
 * a malformed item is skipped and reported, and a failure shows the backend's
 * own words or the general error text, never a transport message.
 */
import { describe, expect, it } from 'vitest';
import { readEveryAnswer } from './answers.ts';
import { ApiError, createApi } from './client.ts';

/** A backend answering every request with `status`, `body` and `type`. */
const answering = (status: number, body: string, type = 'application/json'): typeof fetch =>
  (async () => new Response(body, { status, headers: { 'Content-Type': type } })) as typeof fetch;

const client = (fetch: typeof globalThis.fetch, report: (problem: string) => void = () => {}) =>
  createApi({ baseURL: 'http://backend.test', lang: 'uz', fetch, retryDelay: 0, read: readEveryAnswer, report });

describe('the client reads answers into the shop’s types', () => {
  it('reads a Django REST answer of decimal strings, comma-separated images and bare ids', async () => {
    const raw = {
      id: 3,
      title: null,
      price: '12500000.00',
      discount: 5,
      discount_price: '11875000.00',
      images: 'a.png,b.png',
      count: '10.000',
      category: 1,
      store: 2,
      features: [{ id: 303, count: 0, images: '', attributes: [] }],
      is_active: true,
    };
    const product = await client(answering(200, JSON.stringify(raw))).call('product', { params: { id: 3 } });
    expect(product).toEqual({
      id: 3,
      title: 'Unknown Product',
      description: null,
      price: 12_500_000,
      discount: 5,
      discount_price: 11_875_000,
      images: ['a.png', 'b.png'],
      stock: 10,
      category: { id: 1 },
      features: [],
      // Its one variant has none left.
      feature_count: 0,
    });
  });

  it('skips a malformed product of a list and reports it with its id', async () => {
    const problems: string[] = [];
    const answer = JSON.stringify([
      { id: 17, title: 'x', price: 'n/a' },
      { id: 4, title: 'y', price: 10 },
    ]);
    const top = await client(answering(200, answer), (p) => problems.push(p)).call('top');
    expect(top.map((p) => p.id)).toEqual([4]);
    expect(problems).toEqual(['product 17 skipped: price is not a number: "n/a"']);
  });

  it('fails a whole answer it cannot read as a 200 ApiError', async () => {
    const failure = await client(answering(200, '{"detail": "maintenance"}'))
      .call('categories')
      .catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(200);
  });
});

describe('a failed call never shows a transport message', () => {
  it("a framework's HTML 404 page: the status, and the general error text", async () => {
    const failure = (await client(answering(404, '<html>Not Found</html>', 'text/html'))
      .call('placeOrder', { body: {} as never })
      .catch((e) => e)) as ApiError;
    expect(failure.status).toBe(404);
    expect(failure.message).toBe('Xatolik yuz berdi');
    expect(failure.message).not.toContain('404 Not Found');
  });

  it("the backend's own detail when it sends one", async () => {
    const failure = (await client(answering(400, '{"detail": "Savat boʻsh"}'))
      .call('placeOrder', { body: {} as never })
      .catch((e) => e)) as ApiError;
    expect([failure.status, failure.message]).toEqual([400, 'Savat boʻsh']);
  });
});
