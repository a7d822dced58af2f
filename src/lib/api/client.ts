/**
 * The typed /api/v1 client, used at build time and in the browser (spec §7):
 * JSON content type, Accept-Language, bearer header when a token exists,
 * 10 s timeout, and retries for reads only — a POST that changes the basket
 * or an order is never repeated.
 */
import { FetchError, ofetch } from 'ofetch';
import type { Answer } from '#contract/calls.ts';
import { ApiError } from '#contract/errors.ts';
import { API_PREFIX, pathFor, routes, type CallName } from '#contract/routes.ts';
import type { ErrorBody, Lang } from '#contract/schemas.ts';

export const API_TIMEOUT_MS = 10_000;
export const GET_RETRIES = 3;
export const RETRY_DELAY_MS = 1_000;
/** The reference API started by `npm start`. */
export const DEFAULT_API_URL = 'http://localhost:8787';

export interface ApiOptions {
  /** API origin (without /api/v1); defaults to the local reference API. */
  baseURL?: string | undefined;
  lang: Lang;
  /** Current access token, read on every request. */
  token?: () => string | null | undefined;
  timeout?: number;
  retryDelay?: number;
  fetch?: typeof globalThis.fetch;
  /**
   * Checks an answer against the contract (`checkAnswer` from contract.ts).
   * The build and the tests check every answer; the browser leaves it out to
   * keep zod and the schemas out of the first-load JavaScript.
   */
  validate?: (name: CallName, data: unknown) => unknown;
}

export interface CallArgs {
  params?: Record<string, string | number>;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
}

export { ApiError };

export type Api = ReturnType<typeof createApi>;

export function createApi(options: ApiOptions) {
  const baseURL = `${(options.baseURL || DEFAULT_API_URL).replace(/\/+$/, '')}${API_PREFIX}`;
  const $fetch = ofetch.create(
    {
      baseURL,
      timeout: options.timeout ?? API_TIMEOUT_MS,
      retryDelay: options.retryDelay ?? RETRY_DELAY_MS,
      onRequest({ options: request }) {
        const headers = new Headers(request.headers);
        headers.set('Accept-Language', options.lang);
        headers.set('Accept', 'application/json');
        if (!(request.body instanceof FormData)) headers.set('Content-Type', 'application/json');
        const token = options.token?.();
        if (token) headers.set('Authorization', `Bearer ${token}`);
        request.headers = headers;
      },
    },
    // The fetch implementation is a global option of ofetch, not a request default.
    options.fetch ? { fetch: options.fetch } : {},
  );

  async function call<N extends CallName>(name: N, args: CallArgs = {}): Promise<Answer<N>> {
    const spec = routes[name];
    const isRead = spec.method === 'GET';
    let data: unknown;
    try {
      data = await $fetch(pathFor(spec.path, args.params), {
        method: spec.method,
        query: args.query,
        body: args.body as BodyInit | Record<string, unknown> | undefined,
        retry: isRead ? GET_RETRIES : 0,
      });
    } catch (error) {
      throw toApiError(error);
    }
    if (!options.validate) return data as Answer<N>;
    try {
      return options.validate(name, data) as Answer<N>;
    } catch (error) {
      throw new ApiError(200, error instanceof Error ? error.message : String(error));
    }
  }

  return { call, baseURL, lang: options.lang };
}

function toApiError(error: unknown): ApiError {
  if (error instanceof FetchError) {
    const status = error.response?.status ?? 0;
    const body = isErrorBody(error.data) ? error.data : undefined;
    return new ApiError(status, body?.detail ?? error.message, body?.errors, body?.retry_after);
  }
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}

/** The contract's error shape ({detail, errors?}), checked without zod. */
function isErrorBody(data: unknown): data is ErrorBody {
  if (typeof data !== 'object' || data === null || typeof (data as ErrorBody).detail !== 'string') return false;
  const { errors } = data as ErrorBody;
  return (
    errors === undefined ||
    (typeof errors === 'object' &&
      errors !== null &&
      Object.values(errors).every(
        (messages) => Array.isArray(messages) && messages.every((m) => typeof m === 'string'),
      ))
  );
}
