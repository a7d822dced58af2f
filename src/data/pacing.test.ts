import { describe, expect, it } from 'vitest';
import { createPacer, pacingFromEnv, PACING_DEFAULTS, type PacingClock, type PacingSettings } from './pacing.ts';

/** A clock whose time moves only when the pacer sleeps: waits are read off it, never spent. */
function fakeClock(random = 0.5) {
  let time = 0;
  const sleeps: number[] = [];
  const clock: PacingClock = {
    now: () => time,
    sleep: async (ms) => {
      sleeps.push(ms);
      time += ms;
    },
    random: () => random,
  };
  return { clock, sleeps, at: () => time };
}

const settings = (change: Partial<PacingSettings> = {}): PacingSettings => ({
  ...PACING_DEFAULTS,
  liftable: false,
  ...change,
});

const answer = (status: number, headers: Record<string, string> = {}, body = '{}') =>
  new Response(status === 304 ? null : body, { status, headers: { 'content-type': 'application/json', ...headers } });

/** A backend that answers from a script, then 200; and the times it was called at. */
function backend(script: Response[], clock?: { at: () => number }) {
  const calls: { at: number; headers: Headers }[] = [];
  const fetcher = (async (_url: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ at: clock?.at() ?? 0, headers: new Headers(init?.headers) });
    return script.shift() ?? answer(200);
  }) as typeof fetch;
  return { fetcher, calls };
}

const URL_ = 'http://api.test/api/v1/products/all-products/?page=1';

describe('the pacer', () => {
  it('spaces requests evenly at the rate', async () => {
    const time = fakeClock();
    const pacer = createPacer(settings({ rate: 10 }), time.clock);
    const api = backend([], time);
    for (let i = 0; i < 5; i++) await pacer.fetch(api.fetcher)(URL_);
    expect(api.calls.map((call) => call.at)).toEqual([0, 100, 200, 300, 400]);
  });

  it('never has more requests in flight than the concurrency', async () => {
    const pacer = createPacer(settings({ rate: 10_000, concurrency: 3 }));
    let inFlight = 0;
    let most = 0;
    const slow = (async () => {
      most = Math.max(most, ++inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      inFlight--;
      return answer(200);
    }) as typeof fetch;
    await Promise.all(Array.from({ length: 12 }, () => pacer.fetch(slow)(URL_)));
    expect(most).toBe(3);
    expect(pacer.counts().calls).toBe(12);
  });

  it('waits out a 429 for its Retry-After plus a spread, holding every other request as long', async () => {
    const time = fakeClock(0.5);
    const pacer = createPacer(settings({ rate: 10 }), time.clock);
    const api = backend([answer(429, { 'retry-after': '2' })], time);
    const response = await pacer.fetch(api.fetcher)(URL_);
    expect(response.status).toBe(200);
    // 2 s named, and half of the first backoff's half (1000 / 2 × 0.5) on top.
    expect(time.sleeps).toContain(2250);
    const next = await pacer.fetch(api.fetcher)(URL_);
    expect(next.status).toBe(200);
    expect(api.calls[2]!.at - api.calls[0]!.at).toBeGreaterThanOrEqual(2250);
    expect(pacer.counts()).toMatchObject({ calls: 3, throttled: 1, retries: 1, waitedSeconds: 2.3 });
  });

  it('backs off exponentially from a 503 that names no wait', async () => {
    const time = fakeClock(0);
    const pacer = createPacer(settings(), time.clock);
    const api = backend([answer(503), answer(503), answer(503)], time);
    expect((await pacer.fetch(api.fetcher)(URL_)).status).toBe(200);
    expect(time.sleeps.filter((ms) => ms >= 500)).toEqual([500, 1000, 2000]);
  });

  it('passes the refusal on once the wait budget is spent, and says so', async () => {
    const time = fakeClock(0);
    const pacer = createPacer(settings({ budgetSeconds: 5 }), time.clock);
    const refusals = Array.from({ length: 10 }, () => answer(429, { 'retry-after': '2' }));
    const api = backend(refusals, time);
    const response = await pacer.fetch(api.fetcher)(URL_);
    expect(response.status).toBe(429);
    expect(pacer.budgetSpent()).toBe(true);
    expect(pacer.counts().retries).toBe(2);
    expect(pacer.counts().waitedSeconds).toBeLessThanOrEqual(5);
  });

  it('fails a refusal at once when waits are off (BUILD_RETRY_AFTER_MAX=0)', async () => {
    const time = fakeClock();
    const pacer = createPacer(settings({ maxWaitSeconds: 0 }), time.clock);
    const api = backend([answer(429, { 'retry-after': '1' })], time);
    expect((await pacer.fetch(api.fetcher)(URL_)).status).toBe(429);
    expect(api.calls).toHaveLength(1);
    expect(pacer.budgetSpent()).toBe(false);
  });

  it('caps a single wait at BUILD_RETRY_AFTER_MAX, however long the answer asks', async () => {
    const time = fakeClock(1);
    const pacer = createPacer(settings({ maxWaitSeconds: 3 }), time.clock);
    const api = backend([answer(429, { 'retry-after': '3600' })], time);
    expect((await pacer.fetch(api.fetcher)(URL_)).status).toBe(200);
    expect(Math.max(...time.sleeps)).toBe(3000);
  });

  it('asks again with the validators it kept, and hands back the kept answer on a 304', async () => {
    const time = fakeClock();
    const pacer = createPacer(settings(), time.clock);
    const key = `uz ${URL_}`;
    pacer.useKept(new Map([[key, { etag: '"v1"', status: 200, contentType: 'application/json', body: '{"n":1}' }]]));
    const api = backend([answer(304)], time);
    const response = await pacer.fetch(api.fetcher)(URL_, { headers: { 'Accept-Language': 'uz' } });
    expect(api.calls[0]!.headers.get('if-none-match')).toBe('"v1"');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ n: 1 });
    expect(pacer.counts().notModified).toBe(1);
    expect(pacer.keptNow().get(key)?.etag).toBe('"v1"');
  });

  it('keeps an answer that came with validators for the next night, and not one without', async () => {
    const pacer = createPacer(settings(), fakeClock().clock);
    const api = backend([answer(200, { etag: '"v2"' }, '{"n":2}'), answer(200, {}, '{"n":3}')]);
    const fetch = pacer.fetch(api.fetcher);
    expect(await (await fetch(URL_, { headers: { 'Accept-Language': 'ru' } })).json()).toEqual({ n: 2 });
    await fetch(`${URL_}2`, { headers: { 'Accept-Language': 'ru' } });
    expect([...pacer.keptNow().keys()]).toEqual([`ru ${URL_}`]);
    expect(pacer.keptNow().get(`ru ${URL_}`)).toMatchObject({ etag: '"v2"', body: '{"n":2}' });
  });

  it('reads a backend that lifted its limits for the build unpaced, unless the operator set a pace', async () => {
    const time = fakeClock();
    const lifted = createPacer(settings({ rate: 1, liftable: true }), time.clock);
    lifted.lift();
    const api = backend([], time);
    for (let i = 0; i < 3; i++) await lifted.fetch(api.fetcher)(URL_);
    expect(api.calls.map((call) => call.at)).toEqual([0, 0, 0]);
    const set = createPacer(settings({ rate: 1, liftable: false }), time.clock);
    set.lift();
    const paced = backend([], time);
    for (let i = 0; i < 2; i++) await set.fetch(paced.fetcher)(URL_);
    expect(paced.calls[1]!.at - paced.calls[0]!.at).toBe(1000);
  });
});

describe('the pacing settings', () => {
  it('reads the environment, and names a setting it cannot read', () => {
    expect(pacingFromEnv({})).toEqual(PACING_DEFAULTS);
    expect(pacingFromEnv({ BUILD_API_RATE: '20', BUILD_API_CONCURRENCY: '2', BUILD_API_WAIT_BUDGET: '60' })).toEqual({
      rate: 20,
      concurrency: 2,
      budgetSeconds: 60,
      maxWaitSeconds: 60,
      liftable: false,
    });
    expect(() => pacingFromEnv({ BUILD_API_RATE: '0' })).toThrow(/BUILD_API_RATE must be a number ≥ 0.1/);
    expect(() => pacingFromEnv({ BUILD_API_CONCURRENCY: '2.5' })).toThrow(/BUILD_API_CONCURRENCY must be a whole/);
  });
});
