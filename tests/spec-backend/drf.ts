/**
 * Django REST Framework's conventions, as far as the calls of §7 meet them: error bodies,
 * request parsing (JSON, form, multipart), field validation messages and page-number paging.
 */

export type Data = Record<string, unknown>;

/** An answer other than success; `body` is what Django REST would send. */
export class HttpError extends Error {
  status: number;
  body: Data;
  headers: Record<string, string>;
  constructor(status: number, body: Data, headers: Record<string, string> = {}) {
    super(`${status} ${JSON.stringify(body)}`);
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });

/** A validated field's value: after `Fields.check()` passed, a field that raised no error is there. */
export function present<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('a field that passed validation has no value');
  return value;
}

/** Reads a request body the way Django REST's default parsers do; an empty body is empty data. */
export async function parseBody(contentType: string | undefined, bytes: Buffer): Promise<Data> {
  if (bytes.length === 0) return {};
  const type = (contentType ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw new HttpError(400, { detail: `JSON parse error - ${(error as Error).message}` });
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
      const got = Array.isArray(parsed) ? 'list' : typeof parsed;
      throw new HttpError(400, { non_field_errors: [`Invalid data. Expected a dictionary, but got ${got}.`] });
    }
    return parsed as Data;
  }
  if (type === 'application/x-www-form-urlencoded' || type === 'multipart/form-data') {
    // Node's fetch Response parses both encodings; repeated keys become lists, as QueryDict.getlist.
    const form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': contentType ?? '' } })
      .formData()
      .catch(() => {
        throw new HttpError(400, { detail: 'Multipart form parse error - Invalid boundary in multipart: None' });
      });
    const data: Data = {};
    for (const key of new Set(form.keys())) {
      const values = form.getAll(key).map((value) => (typeof value === 'string' ? value : value.name));
      data[key] = values.length === 1 ? values[0] : values;
    }
    return data;
  }
  throw new HttpError(415, { detail: `Unsupported media type "${contentType ?? ''}" in request.` });
}

/** Collects field errors the way a serializer does, and raises them all at once. */
export class Fields {
  errors: Record<string, string[]> = {};
  data: Data;
  constructor(data: Data) {
    this.data = data;
  }

  fail(field: string, message: string): undefined {
    (this.errors[field] ??= []).push(message);
    return undefined;
  }

  /** An IntegerField: a number or numeric string; `undefined` when absent and optional, or invalid. */
  integer(field: string, options: { required?: boolean; min?: number } = {}): number | undefined {
    const value = this.data[field];
    if (value === undefined || value === '') {
      return options.required === false ? undefined : this.fail(field, 'This field is required.');
    }
    if (value === null) return this.fail(field, 'This field may not be null.');
    const parsed =
      typeof value === 'number'
        ? value
        : typeof value === 'string' && /^-?\d+(\.0*)?$/.test(value)
          ? Number(value)
          : NaN;
    if (!Number.isSafeInteger(parsed)) return this.fail(field, 'A valid integer is required.');
    if (options.min !== undefined && parsed < options.min) {
      return this.fail(field, `Ensure this value is greater than or equal to ${options.min}.`);
    }
    return parsed;
  }

  /** A primary-key field: an integer naming an existing object. */
  pk<T>(field: string, lookUp: (id: number) => T | undefined, options: { required?: boolean } = {}): T | undefined {
    const raw = this.data[field];
    if (raw === null && options.required === false) return undefined;
    const id = this.integer(field, options);
    if (id === undefined) return undefined;
    return lookUp(id) ?? this.fail(field, `Invalid pk "${id}" - object does not exist.`);
  }

  /** A CharField; blank allowed unless required. */
  string(field: string, options: { required?: boolean } = {}): string | undefined {
    const value = this.data[field];
    if (value === undefined) return options.required ? this.fail(field, 'This field is required.') : undefined;
    if (value === null) return this.fail(field, 'This field may not be null.');
    if (typeof value !== 'string' && typeof value !== 'number') return this.fail(field, 'Not a valid string.');
    const result = String(value).trim();
    if (options.required && result === '') return this.fail(field, 'This field may not be blank.');
    return result;
  }

  /** A ListField of integers that may not be empty. */
  integers(field: string): number[] | undefined {
    const value = this.data[field];
    if (value === undefined) return this.fail(field, 'This field is required.');
    if (!Array.isArray(value)) {
      const python: Record<string, string> = { string: 'str', number: 'int', boolean: 'bool', object: 'dict' };
      return this.fail(field, `Expected a list of items but got type "${python[typeof value] ?? typeof value}".`);
    }
    if (!value.length) return this.fail(field, 'This list may not be empty.');
    const list = new Fields({ ...value });
    const ids = value.map((_, index) => list.integer(String(index)));
    if (Object.keys(list.errors).length) return this.fail(field, 'A valid integer is required.');
    return ids.filter((id) => id !== undefined);
  }

  choice<T extends string>(field: string, choices: readonly T[]): T | undefined {
    const value = this.data[field];
    if (value === undefined || value === '') return this.fail(field, 'This field is required.');
    return choices.find((choice) => choice === value) ?? this.fail(field, `"${String(value)}" is not a valid choice.`);
  }

  /** Raises a 400 with every field error, as serializer.is_valid(raise_exception=True) does. */
  check(): void {
    if (Object.keys(this.errors).length) throw new HttpError(400, this.errors);
  }
}

/**
 * PageNumberPagination: `{count, next, previous, results}`, links absolute and keeping the other
 * query parameters (sorted, as Django REST writes them); the first page's link has no `page`.
 * A page that is not a number or past the last answers 404 "Invalid page.".
 */
export function paginate<T>(items: T[], url: URL, origin: string, size: number, write: (item: T) => unknown) {
  const pages = Math.max(1, Math.ceil(items.length / size));
  const asked = url.searchParams.get('page');
  const page = asked === null || asked === '' ? 1 : asked === 'last' ? pages : Number(asked);
  if (!Number.isInteger(page) || page < 1 || page > pages) throw notFound('Invalid page.');
  const link = (to: number) => {
    const query = new URLSearchParams(url.searchParams);
    if (to === 1) query.delete('page');
    else query.set('page', String(to));
    query.sort();
    const search = query.toString();
    return `${origin}${url.pathname}${search ? `?${search}` : ''}`;
  };
  return {
    count: items.length,
    next: page < pages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results: items.slice((page - 1) * size, page * size).map(write),
  };
}
