/**
 * The build's polite client of a shared, rate-limited backend: every request the build sends to the API goes through
 * one pacer per process, which
 * - spaces requests evenly at BUILD_API_RATE a second with at most BUILD_API_CONCURRENCY in flight (a burst is what
 *   trips a backend's limiter);
 * - waits out a 429 or 503 for its Retry-After (or an exponential backoff when it names none) plus a random spread,
 *   and holds every other request for as long, so the workers never retry together; the rate drops by a quarter at
 *   each refusal and climbs back slowly;
 * - stops waiting once the night's wait budget (BUILD_API_WAIT_BUDGET seconds) is spent: the refusal then reaches the
 *   caller, and the night fails loudly rather than publish less;
 * - sends the validators (ETag, Last-Modified) of the answers it kept from the last release, and hands back the kept
 *   answer on a 304.
 * Only the API's calls (under its /api/v1) are paced: its photos, a webhook or a deploy go as they are.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PREFIX } from '#contract/routes.ts';
import { retryAfterMs } from '../backend/client.ts';

/** What the night's calls cost, printed by the rebuild and kept in its manifest. */
export interface CallCounts {
  /** Requests sent, retries included. */
  calls: number;
  /** Answers 429 or 503. */
  throttled: number;
  /** Requests repeated after a refusal. */
  retries: number;
  /** Answers 304: the last release's answer reused. */
  notModified: number;
  /** Seconds spent waiting out refusals (not the even spacing). */
  waitedSeconds: number;
}

export interface PacingSettings {
  /** Requests a second. */
  rate: number;
  /** Requests in flight at most. */
  concurrency: number;
  /** Seconds a run may spend waiting out refusals in all. */
  budgetSeconds: number;
  /** The longest single wait, in seconds; 0: a refusal fails at once. */
  maxWaitSeconds: number;
  /**
   * Whether a backend that accepts the build token (and so lifts its limits for the build) is read unpaced: when the
   * operator set neither the rate nor the concurrency.
   */
  liftable: boolean;
}

/** Defaults that suit a shared production API: a full 100,000-product night in about two hours (docs/operations.md). */
export const PACING_DEFAULTS: Readonly<PacingSettings> = {
  rate: 15,
  concurrency: 4,
  budgetSeconds: 1800,
  maxWaitSeconds: 60,
  liftable: true,
};

/** Requests in flight for a backend that lifted its limits for the build. */
const LIFTED_CONCURRENCY = 16;

/** The settings of the environment (docs/operations.md, Settings); an unreadable one throws, naming it. */
export function pacingFromEnv(env: Record<string, string | undefined>): PacingSettings {
  const read = (name: string, fallback: number, min: number, whole = false): number => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const value = Number(raw);
    if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value)))
      throw new Error(`${name} must be a ${whole ? 'whole ' : ''}number ≥ ${min} (got "${raw}")`);
    return value;
  };
  return {
    rate: read('BUILD_API_RATE', PACING_DEFAULTS.rate, 0.1),
    concurrency: read('BUILD_API_CONCURRENCY', PACING_DEFAULTS.concurrency, 1, true),
    budgetSeconds: read('BUILD_API_WAIT_BUDGET', PACING_DEFAULTS.budgetSeconds, 0),
    maxWaitSeconds: read('BUILD_RETRY_AFTER_MAX', PACING_DEFAULTS.maxWaitSeconds, 0),
    liftable: !env['BUILD_API_RATE'] && !env['BUILD_API_CONCURRENCY'],
  };
}

/** An answer kept with its validators, to be asked for again conditionally. */
export interface KeptAnswer {
  etag?: string;
  lastModified?: string;
  status: number;
  contentType: string;
  body: string;
}

/** The clock and randomness the pacer runs on (tests pass their own). */
export interface PacingClock {
  now: () => number;
  sleep: (ms: number) => Promise<unknown>;
  random: () => number;
}

const realClock: PacingClock = { now: () => performance.now(), sleep: (ms) => sleep(ms), random: Math.random };

/** The first wait of a refusal that names none, doubled each time after. */
const BACKOFF_BASE_MS = 1000;
/** Successes in a row before a lowered rate climbs by a tenth. */
const RECOVER_AFTER = 50;

/** The key an answer is kept under: the method, URL and language it was asked in. */
const keyOf = (url: string, language: string | null) => `${language ?? ''} ${url}`;

export type Pacer = ReturnType<typeof createPacer>;

export function createPacer(given: PacingSettings, clock: PacingClock = realClock) {
  const settings = { ...given };
  const counts: CallCounts = { calls: 0, throttled: 0, retries: 0, notModified: 0, waitedSeconds: 0 };
  let rate = settings.rate;
  let calm = 0;
  let nextAt = 0;
  let inFlight = 0;
  let budgetLeftMs = settings.budgetSeconds * 1000;
  let spent = false;
  const queue: (() => void)[] = [];
  let kept = new Map<string, KeptAnswer>();
  const seen = new Map<string, KeptAnswer>();

  const slot = async (): Promise<void> => {
    // A freed place is handed to the next in line, never taken by a newcomer meanwhile.
    if (inFlight >= settings.concurrency) await new Promise<void>((resolve) => queue.push(resolve));
    else inFlight++;
    const now = clock.now();
    const at = Math.max(now, nextAt);
    nextAt = at + 1000 / rate;
    if (at > now) await clock.sleep(at - now);
  };
  const release = () => {
    const next = queue.shift();
    if (next) next();
    else inFlight--;
  };

  /** How long to wait before repeating a refused request; null once the budget is spent or waits are off. */
  function waitFor(response: Response, attempt: number): number | null {
    const cap = settings.maxWaitSeconds * 1000;
    const backoff = Math.min(BACKOFF_BASE_MS * 2 ** attempt, Math.max(cap, BACKOFF_BASE_MS));
    const named = retryAfterMs(response.headers.get('retry-after'));
    // The named wait is kept whole; the spread on top keeps the repeats from arriving together.
    const wait = Math.min((named ?? backoff / 2) + clock.random() * (backoff / 2), cap);
    if (cap <= 0 || wait > budgetLeftMs) {
      spent ||= cap > 0;
      return null;
    }
    budgetLeftMs -= wait;
    return wait;
  }

  async function send(url: string, init: RequestInit | undefined, fetcher: typeof fetch): Promise<Response> {
    const headers = new Headers(init?.headers);
    const method = (init?.method ?? 'GET').toUpperCase();
    const key = keyOf(url, headers.get('accept-language'));
    const cached = method === 'GET' ? kept.get(key) : undefined;
    if (cached?.etag) headers.set('If-None-Match', cached.etag);
    if (cached?.lastModified) headers.set('If-Modified-Since', cached.lastModified);
    for (let attempt = 0; ; attempt++) {
      await slot();
      let response: Response;
      try {
        counts.calls++;
        response = await fetcher(url, { ...init, headers });
      } finally {
        release();
      }
      if (response.status === 304 && cached) {
        counts.notModified++;
        seen.set(key, cached);
        return new Response(cached.body, { status: cached.status, headers: { 'content-type': cached.contentType } });
      }
      if (response.status !== 429 && response.status !== 503) {
        if (++calm >= RECOVER_AFTER && rate < settings.rate) {
          rate = Math.min(settings.rate, rate * 1.1);
          calm = 0;
        }
        return method === 'GET' ? keep(key, response) : response;
      }
      counts.throttled++;
      calm = 0;
      rate = Math.max(settings.rate / 8, rate * 0.75);
      const wait = waitFor(response, attempt);
      if (wait === null) return response;
      await response.body?.cancel();
      // Every request waits: the backend refused this client, not this call.
      nextAt = Math.max(nextAt, clock.now() + wait);
      counts.waitedSeconds += wait / 1000;
      counts.retries++;
      await clock.sleep(wait);
    }
  }

  /** Keeps an answer that came with validators, for the next night's conditional request. */
  async function keep(key: string, response: Response): Promise<Response> {
    const etag = response.headers.get('etag') ?? undefined;
    const lastModified = response.headers.get('last-modified') ?? undefined;
    if (!response.ok || (!etag && !lastModified)) return response;
    const body = await response.text();
    const contentType = response.headers.get('content-type') ?? 'application/json';
    seen.set(key, {
      ...(etag ? { etag } : {}),
      ...(lastModified ? { lastModified } : {}),
      status: 200,
      contentType,
      body,
    });
    return new Response(body, { status: response.status, headers: response.headers });
  }

  return {
    /** A fetch that paces the requests it is given. */
    fetch: (fetcher: typeof fetch) => (input: RequestInfo | URL, init?: RequestInit) =>
      send(input instanceof Request ? input.url : String(input), init, fetcher),
    counts: (): CallCounts => ({ ...counts, waitedSeconds: Math.round(counts.waitedSeconds * 10) / 10 }),
    /** The backend lifted its limits for the build (it accepted the build token): unpaced, unless the operator set a pace. */
    lift: () => {
      if (!settings.liftable) return;
      rate = settings.rate = Infinity;
      settings.concurrency = LIFTED_CONCURRENCY;
    },
    /** Whether a refusal was passed on because the wait budget was spent. */
    budgetSpent: () => spent,
    /** The answers of the last release, asked for again with their validators. */
    useKept: (answers: Map<string, KeptAnswer>) => {
      kept = answers;
    },
    /** The answers of this run that came with validators (or were reused on a 304), for the next run. */
    keptNow: (): Map<string, KeptAnswer> => seen,
    settings,
  };
}

const pacers = new Map<string, Pacer>();
const unpaced = globalThis.fetch;

/** The calls of the API at `apiUrl` begin with this: its photos on the same host are not its calls. */
const callsOf = (apiUrl: string) => `${apiUrl.replace(/\/+$/, '')}${API_PREFIX}/`;

/** The process's pacer for the API at `apiUrl` (one per API), created from the environment's settings. */
export function pacerFor(apiUrl: string, env: Record<string, string | undefined> = process.env): Pacer {
  const base = callsOf(apiUrl);
  let pacer = pacers.get(base);
  if (!pacer) {
    pacer = createPacer(pacingFromEnv(env));
    pacers.set(base, pacer);
  }
  return pacer;
}

/** A fetch that paces the calls of every API a pacer was made for (`pacerFor`) and sends others as they are. */
export const pacedFetch = (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
  const url = input instanceof Request ? null : String(input);
  const pacer = url === null ? undefined : [...pacers].find(([base]) => url.startsWith(base))?.[1];
  return pacer && url !== null ? pacer.fetch(unpaced)(url, init) : unpaced(input, init);
};

/**
 * Paces every call of this process to the API, whoever sends it (the loader, the capability probes); other requests
 * (its photos, a webhook, a deploy) go as they are.
 */
export function paceApiCalls(apiUrl: string): Pacer {
  const pacer = pacerFor(apiUrl);
  globalThis.fetch = pacedFetch;
  return pacer;
}
