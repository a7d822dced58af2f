/** The glue between `calls` and handlers: validation, errors, paging, language. */
import { z } from 'zod/mini';
import { API_PREFIX, calls, type Answer, type CallName } from '#contract/calls.ts';
import { ApiError } from '#contract/errors.ts';
import type { Lang } from '#contract/schemas.ts';
import type { Upload } from './multipart.ts';

export { ApiError };

/** A partial update without its absent keys, so spreading it keeps the current values. */
export function definedOnly<T extends object>(value: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

export const notFound = (what = 'Not found.') => new ApiError(404, what);
/** 400 with one field's message, the DRF shape the storefront shows. */
export const fieldError = (field: string, message: string) => new ApiError(400, message, { [field]: [message] });

/** A message in both languages that names a number of seconds. */
export type Wait = Record<Lang, (seconds: number) => string>;
/** 429 in the request's language, with `retry_after` (and the Retry-After header) in whole seconds. */
export function tooMany(lang: Lang, waitMs: number, message: Wait): ApiError {
  const seconds = Math.max(1, Math.ceil(waitMs / 1000));
  return new ApiError(429, message[lang](seconds), undefined, seconds);
}

/** Zod issues → `{field: [messages]}`, nested paths joined by '.'. */
function issuesToErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || 'non_field_errors';
    (errors[key] ??= []).push(issue.message);
  }
  return errors;
}

export function validate<S extends z.core.$ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = z.safeParse(schema, value);
  if (!result.success) throw new ApiError(400, 'Invalid input.', issuesToErrors(result.error.issues));
  return result.data;
}

/** A handler's answer with a status other than the call's default. */
export class Reply<T> {
  status: 200 | 201;
  value: T;
  constructor(status: 200 | 201, value: T) {
    this.status = status;
    this.value = value;
  }
}

type Def<N extends CallName> = (typeof calls)[N];
type BodyOf<N extends CallName> = Def<N> extends { body: infer B extends z.core.$ZodType } ? z.infer<B> : never;
type QueryOf<N extends CallName> =
  Def<N> extends { query: infer Q extends z.core.$ZodType } ? z.infer<Q> : Record<string, never>;

type Input<N extends CallName> = {
  query: QueryOf<N>;
  params: Record<string, string>;
  lang: Lang;
  url: URL;
  /** The client's address as the rate limits key it (api/limits.ts). */
  address: string;
  /** A token was sent but is invalid or expired. */
  badToken: boolean;
  /** The validated body, and for multipart the files under `images`. */
  body(): Promise<{ data: BodyOf<N>; files: Upload[] }>;
} & (Def<N> extends { auth: 'required' } ? { userId: number } : { userId: number | null });

type Result<N extends CallName> = Answer<N> | Reply<Answer<N>>;
export type Handlers = { [N in CallName]: (input: Input<N>) => Result<N> | Promise<Result<N>> };

const callPatterns = (Object.keys(calls) as CallName[]).map((name) => {
  const { method, path } = calls[name];
  const pattern = path.replace(/:id\b/g, '[0-9]+').replace(/:\w+/g, '[^/]+');
  return { name, method, pattern: new RegExp(`^${API_PREFIX}${pattern}$`) };
});

/** The call a request is for, by method and path (for the middlewares that run before routing). */
export function callOf(method: string, path: string): CallName | undefined {
  return callPatterns.find((c) => c.method === method && c.pattern.test(path))?.name;
}

/** A numeric path id; anything else is an unknown resource. */
export function idParam(params: Record<string, string>, key = 'id'): number {
  const value = Number(params[key]);
  if (!Number.isSafeInteger(value) || value < 1) throw notFound();
  return value;
}

/** `ru-RU,ru;q=0.9,en;q=0.8` → 'ru'; anything without uz/ru → 'uz'. */
export function pickLang(header: string | undefined): Lang {
  if (!header) return 'uz';
  const tags = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.trim().toLowerCase().split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.split('-')[0], q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((t) => t.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const found = tags.find((t) => t.tag === 'uz' || t.tag === 'ru');
  return found?.tag === 'ru' ? 'ru' : 'uz';
}

export interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}

/** Reads `?page=` (1-based); a non-number or a page past the end is DRF's 404 'Invalid page.'. */
export function pageWindow(url: URL, count: number, size: number) {
  const raw = url.searchParams.get('page') ?? '1';
  const page = /^\d+$/.test(raw) ? Number(raw) : NaN;
  const last = Math.max(1, Math.ceil(count / size));
  if (!(page >= 1 && page <= last)) throw new ApiError(404, 'Invalid page.');
  return { page, last, limit: size, offset: (page - 1) * size };
}

export function paged<T>(url: URL, count: number, window: { page: number; last: number }, results: T[]): Page<T> {
  const link = (page: number) => {
    const target = new URL(url);
    if (page === 1) target.searchParams.delete('page');
    else target.searchParams.set('page', String(page));
    return target.toString();
  };
  return {
    count,
    next: window.page < window.last ? link(window.page + 1) : null,
    previous: window.page > 1 ? link(window.page - 1) : null,
    results,
  };
}
