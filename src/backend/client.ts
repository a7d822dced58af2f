/**
 * The typed /api/v1 client, used at build time and in the browser (spec §7):
 * JSON content type for a JSON body, Accept-Language, bearer header when a token exists,
 * 10 s timeout, and retries for reads only — a POST that changes the basket
 * or an order is never repeated, except once after a 401 that renewed the
 * session (a refused token means the call was not applied).
 */
import { FetchError, ofetch } from 'ofetch';
import type { BodyOf, ParamsOf, QueryOf } from '#contract/calls.ts';
import { ApiError } from '#contract/errors.ts';
import type { Challenge } from '#contract/proof.ts';
import { API_PREFIX, pathFor, routes, type CallName } from '#contract/routes.ts';
import type { ErrorBody, Lang, Tokens } from '#contract/schemas.ts';
import { GENERAL_ERROR } from '../i18n/general-error.ts';
import { readShopperAnswer, type Answer, type ReadAnswer, type Report } from './answers.ts';

const API_TIMEOUT_MS = 10_000;
export const GET_RETRIES = 3;
const RETRY_DELAY_MS = 1_000;
/** The answers a read is repeated after when something else waits out refusals (ofetch's list without 429 and 503). */
const FAULTS = [408, 409, 425, 500, 502, 504];
/** The longest `retry_after` of a throttled session renewal that the waiting call sits out before renewing again. */
export const REFRESH_WAIT_MAX_MS = 30_000;
/** The reference API started by `npm start`. */
const DEFAULT_API_URL = 'http://localhost:8787';

export interface ApiOptions {
  /** API origin (without /api/v1); defaults to the local reference API. */
  baseURL?: string | undefined;
  lang: Lang;
  /** Current access token, read on every request. */
  token?: () => string | null | undefined;
  /**
   * Renews an expired session. After a 401 to a call that carried the access
   * token, the stored refresh token goes to /users/token/refresh/ once (parallel
   * 401s share that call), the rotated pair is handed to `store`, and the call
   * is repeated once with the new access token. A refused refresh (401, 403)
   * stores null: the shopper is signed out and the call fails with its 401. A
   * throttled one (429) or a fault keeps the tokens.
   */
  refresh?: {
    token: () => string | null | undefined;
    /** This browser's device token, sent with the refresh: a renewal is answered again only to its browser. */
    device?: () => string | null | undefined;
    store: (tokens: Tokens | null) => void;
    /**
     * Runs the renewal alone across the browser's tabs (a Web Lock): another
     * tab that renewed meanwhile has stored its pair, which `token` then reads,
     * so the refresh token is spent once. Without it the
     * renewal is shared within this page only.
     */
    exclusive?: <T>(renew: () => Promise<T>) => Promise<T>;
  };
  timeout?: number;
  retryDelay?: number;
  /**
   * The fetch given paces the build's requests and waits out refused reads (429, 503) itself (src/data/pacing.ts):
   * the client then repeats only faults. Off in the browser, where every failed read is repeated `retryDelay` apart.
   */
  paced?: boolean;
  fetch?: typeof globalThis.fetch;
  /**
   * Checks an answer against the contract (`checkAnswer` from contract.ts).
   * The build and the tests check every answer; the browser leaves it out to
   * keep zod and the schemas out of the first-load JavaScript.
   */
  validate?: (name: CallName, data: unknown) => unknown;
  /**
   * Where the items an answer's reading skipped are reported (backend/read.ts):
   * the build's log; by default the console.
   */
  report?: Report;
  /**
   * How answers are read into the shop's types (src/backend): by default the
   * answers of the browser's own calls; the build reads the catalogue's too.
   */
  read?: ReadAnswer;
  /** Answers as the backend sent them, not read into the shop's types: the reference API's own tests. */
  raw?: boolean;
}

/** A call's inputs, typed from the contract: its path parameters, query and body. */
export type CallArgs<N extends CallName = CallName> = {
  params?: ParamsOf<N>;
  query?: QueryOf<N>;
  body?: BodyOf<N>;
};

export { ApiError };

export type Api = ReturnType<typeof createApi>;

/** Calls that carry the refresh token in their body: sent without the bearer, never renewed. */
const SESSION_CALLS: ReadonlySet<CallName> = new Set(['refresh', 'logout']);

export function createApi(options: ApiOptions) {
  const baseURL = `${(options.baseURL || DEFAULT_API_URL).replace(/\/+$/, '')}${API_PREFIX}`;
  const $fetch = ofetch.create(
    {
      baseURL,
      timeout: options.timeout ?? API_TIMEOUT_MS,
      retryDelay: options.retryDelay ?? RETRY_DELAY_MS,
      ...(options.paced ? { retryStatusCodes: FAULTS } : {}),
      onRequest({ options: request }) {
        const headers = new Headers(request.headers);
        headers.set('Accept-Language', options.lang);
        headers.set('Accept', 'application/json');
        // Only a JSON body is labelled so: a read without one stays a simple request, which a browser sends to another
        // origin without asking first (no CORS preflight, a round trip less before every answer).
        if (request.body !== undefined && !(request.body instanceof FormData))
          headers.set('Content-Type', 'application/json');
        request.headers = headers;
      },
    },
    // ofetch takes its fetch from the global options, not from the defaults.
    options.fetch ? { fetch: options.fetch } : {},
  );

  async function send<N extends CallName>(name: N, args: CallArgs<N>, token: string | null): Promise<Answer<N>> {
    const spec = routes[name];
    let data: unknown;
    try {
      data = await $fetch(pathFor(spec.path, args.params), {
        method: spec.method,
        query: args.query as Record<string, string | undefined> | undefined,
        body: args.body as BodyInit | Record<string, unknown> | undefined,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
        retry: spec.method === 'GET' ? GET_RETRIES : 0,
      });
    } catch (error) {
      throw toApiError(error, options.lang);
    }
    // Every answer is read into the shop's own types at this one boundary (src/backend).
    try {
      const checked = options.validate ? options.validate(name, data) : data;
      const read = options.read ?? readShopperAnswer;
      return (options.raw ? checked : read(name, checked, options.report ?? console.warn)) as Answer<N>;
    } catch (error) {
      throw new ApiError(200, error instanceof Error ? error.message : String(error));
    }
  }

  /** The stored refresh token exchanged for a new pair; the new access token, or null. */
  async function refreshTokens(session: NonNullable<ApiOptions['refresh']>): Promise<string | null> {
    const refresh = session.token();
    for (let waited = false; ; waited = true) {
      try {
        const device = session.device?.() || undefined;
        const tokens = refresh
          ? await send('refresh', { body: { refresh, ...(device ? { device } : {}) } }, null)
          : null;
        session.store(tokens);
        return tokens?.access ?? null;
      } catch (error) {
        // Only a refusal (401, 403) ends the session. Throttled (429), a server fault or no answer: the tokens
        // stay; a 429 is tried once more after its retry_after, when that is at most REFRESH_WAIT_MAX_MS.
        const { status, retryAfter } = error as ApiError;
        if (status === 401 || status === 403) session.store(null);
        const wait = status === 429 && retryAfter !== undefined ? retryAfter * 1000 : Infinity;
        if (waited || wait > REFRESH_WAIT_MAX_MS) return null;
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    }
  }

  let renewing: Promise<string | null> | null = null;

  /** A new access token after `stale` was refused (one refresh for all parallel callers, and tabs), or null. */
  function renew(stale: string, session: NonNullable<ApiOptions['refresh']>): Promise<string | null> {
    // A 401 that comes back after a parallel call (or another tab) renewed the session needs no second refresh.
    const renewed = () => {
      const current = options.token?.() || null;
      return current && current !== stale ? current : null;
    };
    const current = renewed();
    if (current) return Promise.resolve(current);
    const exclusive = session.exclusive ?? ((work) => work());
    renewing ??= exclusive(() => {
      // Read again once the lock is ours: the tab that held it may have stored a new pair.
      const fresh = renewed();
      return fresh ? Promise.resolve(fresh) : refreshTokens(session);
    }).finally(() => {
      renewing = null;
    });
    return renewing;
  }

  async function call<N extends CallName>(name: N, args: CallArgs<N> = {}): Promise<Answer<N>> {
    const token = SESSION_CALLS.has(name) ? null : options.token?.() || null;
    try {
      return await send(name, args, token);
    } catch (error) {
      if (!token || !options.refresh || (error as ApiError).status !== 401) throw error;
      const renewed = await renew(token, options.refresh);
      if (!renewed) throw error;
      return send(name, args, renewed);
    }
  }

  return { call, baseURL, lang: options.lang };
}

/** Retry-After as milliseconds from now: delay-seconds or an HTTP date; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

/**
 * A failed call as the shop reports it: the backend's own `detail` when it
 * sent one, else the general error text of the language, never a transport
 * message ('[POST] "…": 404 Not Found'), which stays as the error's cause.
 */
function toApiError(error: unknown, lang: Lang): ApiError {
  const status = error instanceof FetchError ? (error.response?.status ?? 0) : 0;
  const body = error instanceof FetchError ? readErrorBody(error.data) : {};
  const failure = new ApiError(
    status,
    body.detail ?? GENERAL_ERROR[lang],
    body.errors,
    body.retry_after,
    isChallenge(body.challenge) ? body.challenge : undefined,
  );
  failure.cause = error;
  return failure;
}

const isChallenge = (value: unknown): value is Challenge =>
  typeof (value as Challenge | undefined)?.token === 'string' && Number.isInteger((value as Challenge).bits);

const texts = (value: unknown): string[] | null =>
  typeof value === 'string'
    ? [value]
    : Array.isArray(value) && value.length > 0 && value.every((m) => typeof m === 'string')
      ? value
      : null;

/**
 * An error answer read leniently, as backends write it (spec §8 shows the shopper the `errors` field): the
 * contract's `{detail, errors}`; `errors` as one text or a list (kept as general messages, `non_field_errors`, as
 * Django REST names them); or a Django REST answer of field messages with no `detail`. Anything else: nothing.
 */
function readErrorBody(data: unknown): Partial<ErrorBody> {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return {};
  const record = data as Record<string, unknown>;
  const detail = typeof record['detail'] === 'string' ? record['detail'] : undefined;
  const retryAfter = typeof record['retry_after'] === 'number' ? record['retry_after'] : undefined;
  const source = 'errors' in record ? record['errors'] : detail === undefined ? record : undefined;
  const general = texts(source);
  const fields =
    general || typeof source !== 'object' || source === null
      ? []
      : Object.entries(source).flatMap(([field, value]) => {
          const messages = texts(value);
          return messages ? [[field, messages] as const] : [];
        });
  const errors = general ? { non_field_errors: general } : fields.length ? Object.fromEntries(fields) : undefined;
  return {
    ...(detail !== undefined ? { detail } : {}),
    ...(errors ? { errors } : {}),
    ...(retryAfter !== undefined ? { retry_after: retryAfter } : {}),
    ...(record['challenge'] !== undefined ? { challenge: record['challenge'] as Challenge } : {}),
  };
}
