/**
 * The client signs the shopper out only when the API refuses the refresh token
 * (401, 403). A throttled renewal (429: a shared address over its ceiling), a
 * server fault or no answer keeps the tokens; a 429 is tried again after its
 * retry_after.
 */
import { describe, expect, it } from 'vitest';
import type { Tokens } from '#contract/schemas.ts';
import { createApi, REFRESH_WAIT_MAX_MS } from '../../src/backend/client.ts';

const REFRESH = '/api/v1/users/token/refresh/';
const reply = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(data), { status, headers: { 'Content-Type': 'application/json', ...headers } });

/** An API whose refreshes answer `refreshes` in turn (then the new pair), and which takes only the new access token. */
function shopper(refreshes: (() => Response | Promise<Response>)[], device?: string) {
  const stored = { access: 'old', refresh: 'r1' };
  const saved: (Tokens | null)[] = [];
  const sent: { path: string; at: number; body: unknown }[] = [];
  const fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input)).pathname;
    sent.push({ path, at: Date.now(), body: typeof init?.body === 'string' ? JSON.parse(init.body) : null });
    if (path === REFRESH) return (refreshes.shift() ?? (() => reply(200, { access: 'new', refresh: 'r2' })))();
    const auth = new Headers(init?.headers).get('authorization');
    return auth === 'Bearer new' ? reply(200, []) : reply(401, { detail: 'The token is invalid or expired.' });
  }) as typeof globalThis.fetch;
  const api = createApi({
    baseURL: 'http://api.test',
    lang: 'uz',
    fetch,
    retryDelay: 1,
    token: () => stored.access,
    refresh: {
      token: () => stored.refresh,
      device: () => device,
      store: (tokens) => {
        saved.push(tokens);
        stored.access = tokens?.access ?? '';
        stored.refresh = tokens?.refresh ?? '';
      },
    },
  });
  const refreshCalls = () => sent.filter((s) => s.path === REFRESH);
  return { api, stored, saved, refreshCalls, refreshTimes: () => refreshCalls().map((s) => s.at) };
}

const throttled = (seconds: number) => () =>
  reply(429, { detail: 'Too many requests.', retry_after: seconds }, { 'Retry-After': String(seconds) });

describe('session renewal refused for a while', () => {
  it('a 429 keeps the tokens and renews again after retry_after; the call then goes through', async () => {
    const { api, stored, saved, refreshTimes } = shopper([throttled(1)]);
    await expect(api.call('basket')).resolves.toEqual([]);
    const [first = 0, second = 0] = refreshTimes();
    expect(second - first).toBeGreaterThanOrEqual(950);
    expect(saved).toEqual([{ access: 'new', refresh: 'r2' }]);
    expect(stored).toEqual({ access: 'new', refresh: 'r2' });
  });

  it('a 429 with a long wait, a second 429, a 400 and a server fault keep the tokens', async () => {
    const long = Math.ceil(REFRESH_WAIT_MAX_MS / 1000) + 1;
    for (const answers of [
      [throttled(long)],
      [throttled(1), throttled(1)],
      [() => reply(400, { detail: 'Invalid input.' })],
      [() => reply(500, { detail: 'Internal server error.' })],
      [() => reply(502, {})],
    ]) {
      const { api, stored, saved } = shopper(answers);
      await expect(api.call('basket')).rejects.toMatchObject({ status: 401 });
      expect(saved).toEqual([]);
      expect(stored).toEqual({ access: 'old', refresh: 'r1' });
    }
  });

  it('a 401 or 403 to the refresh signs the shopper out', async () => {
    for (const status of [401, 403]) {
      const { api, stored, saved } = shopper([() => reply(status, { detail: 'Refresh token is invalid or expired.' })]);
      await expect(api.call('basket')).rejects.toMatchObject({ status: 401 });
      expect(saved).toEqual([null]);
      expect(stored).toEqual({ access: '', refresh: '' });
    }
  });

  it("sends this browser's device token with the refresh, so a renewal is answered again only to it", async () => {
    const withDevice = shopper([], 'device-token-1');
    await withDevice.api.call('basket');
    expect(withDevice.refreshCalls().map((r) => r.body)).toEqual([{ refresh: 'r1', device: 'device-token-1' }]);
    const without = shopper([]);
    await without.api.call('basket');
    expect(without.refreshCalls().map((r) => r.body)).toEqual([{ refresh: 'r1' }]);
  });
});
