/**
 * Stores under unit test talk to the real reference API (in-process, on a
 * free port, with a small seed) through the project's client. Faults are
 * injected at the network: `fail()` makes matching requests answer an error
 * status or drop the connection, the way the browser tests do with page.route.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { checkAnswer } from '#contract/calls.ts';
import type { Product } from '#contract/schemas.ts';
import { createApi } from '../../../src/backend/client.ts';
import { setApi } from '../../../src/backend/api.ts';
import { $access, $refresh } from '../../../src/backend/tokens.ts';
import { takeToasts, type ToastMessage } from '../../../src/shared/notify.ts';
import { startTestApi, type TestApi } from '../../api/helpers.ts';
import { resetStores } from './stores.ts';

interface Fault {
  method: string;
  /** Matched against the path after /api/v1, e.g. /^\/orders\/add-basket\/$/. */
  path: RegExp;
  /**
   * An HTTP status (with an optional body), 'abort' for a dropped connection, 'lost' for a request the API
   * carries out whose answer is then dropped, or a promise to wait for first.
   */
  answer: number | 'abort' | 'lost' | Promise<void>;
  body?: unknown;
}

export interface Shop {
  api: TestApi;
  /** Requests made by the stores: method and path after /api/v1. */
  requests: string[];
  fail(fault: Fault): void;
  /** Removes every fault: the network works again (a retry's second try). */
  heal(): void;
  /** Signs a new shopper in (tokens stored as the sign-in modal stores them). */
  signIn(): Promise<{ access: string; refresh: string }>;
  /** The toasts queued since the last call, as `kind key` strings. */
  toasts(): string[];
  /** Products of the seed, fetched in full. */
  product(where: (p: Product) => boolean): Promise<Product>;
}

/**
 * Registers the API's start, stop and per-test reset in the calling test file:
 * every store back to its first value (resetStores), then `reset` if given.
 */
export function useShop(reset?: () => void): Shop {
  const faults: Fault[] = [];
  const requests: string[] = [];
  const shop = { requests } as Shop;

  beforeAll(async () => {
    shop.api = await startTestApi({ products: 40 });
    const prefix = new URL(shop.api.base).pathname;
    const fetchWithFaults: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      const path = new URL(request.url).pathname.slice(prefix.length);
      requests.push(`${request.method} ${path}`);
      const fault = faults.find((f) => f.method === request.method && f.path.test(path));
      if (fault?.answer instanceof Promise) {
        await fault.answer;
        return fetch(request);
      }
      if (fault?.answer === 'abort') throw new TypeError('fetch failed: connection dropped (injected)');
      if (fault?.answer === 'lost') {
        await fetch(request);
        throw new TypeError('fetch failed: answer lost (injected)');
      }
      if (fault) {
        return new Response(JSON.stringify(fault.body ?? { detail: `Injected ${fault.answer}.` }), {
          status: fault.answer,
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return fetch(request);
    };
    setApi(
      createApi({
        baseURL: shop.api.server.url,
        lang: 'uz',
        token: () => $access.get() || null,
        fetch: fetchWithFaults,
        retryDelay: 1,
        validate: checkAnswer,
      }),
    );
  });
  afterAll(() => shop.api.stop());
  beforeEach(() => {
    faults.length = 0;
    requests.length = 0;
    resetStores();
    reset?.();
    takeToasts();
  });

  shop.fail = (fault) => void faults.push(fault);
  shop.heal = () => void faults.splice(0);
  shop.signIn = async () => {
    const tokens = await shop.api.signIn();
    $access.set(tokens.access);
    $refresh.set(tokens.refresh);
    return tokens;
  };
  shop.toasts = () => takeToasts().map((t: ToastMessage) => `${t.kind} ${t.key}`);
  shop.product = async (where) => {
    for (let id = 1; id <= 40; id++) {
      const { body } = await shop.api.call(`/products/product/${id}/`);
      if (body?.id && where(body as Product)) return body as Product;
    }
    throw new Error('no seeded product matches');
  };
  return shop;
}
