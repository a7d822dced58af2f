/** Reading a request's body: JSON within its cap, the review form as a stream, and what an early answer left unread. */
import type { Context } from 'hono';
import { z } from 'zod/mini';
import type { CallName } from '#contract/calls.ts';
import { MAX_IMAGE_BYTES, REVIEW_MAX_IMAGES } from '#contract/reviews.ts';
import { ApiError, validate } from './http.ts';
import { checkImageHead, IMAGE_HEAD_BYTES, tooLargeImage, tooManyImages } from './images.ts';
import { discardUploads, formBoundary, readMultipart, type Upload } from './multipart.ts';

/** JSON bodies are small: the largest, an order with its address, is a few KB even at every field's limit. */
export const MAX_JSON_BODY = 64 * 1024;
/** Only the review form carries images: five of at most 5 MB, and the text fields. */
export const MAX_FORM_BODY = REVIEW_MAX_IMAGES * MAX_IMAGE_BYTES + 256 * 1024;
/** A text field of the review form: its longest text is a few thousand characters. */
const MAX_FORM_FIELD_BYTES = 16 * 1024;
/** Calls whose body comes as a form (with image files); an edit may come as JSON too. */
export const FORM_CALLS: ReadonlySet<CallName> = new Set(['createComment', 'updateComment']);

/** The fields of a schema: the text fields a form may send, and those of them the schema wants as numbers. */
const schemaFields = new WeakMap<z.core.$ZodType, { all: Set<string>; numbers: Set<string> }>();
function fieldsOf(schema: z.core.$ZodType) {
  let fields = schemaFields.get(schema);
  if (!fields) {
    const json = z.toJSONSchema(schema) as { properties?: Record<string, { type?: string }> };
    const properties = Object.entries(json.properties ?? {});
    fields = {
      all: new Set(properties.map(([k]) => k)),
      numbers: new Set(properties.filter(([, p]) => p.type === 'integer' || p.type === 'number').map(([k]) => k)),
    };
    schemaFields.set(schema, fields);
  }
  return fields;
}

/** Requests whose body a reader stopped partway (a form past its limits, a JSON body past its cap). */
const partlyRead = new WeakSet<Request>();

/** The body as text, refused with 413 past `cap` bytes (the rest left unread). */
async function readText(request: Request, cap: number): Promise<string> {
  if (!request.body) return '';
  partlyRead.add(request);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  try {
    for (let size = 0; ;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks).toString('utf8');
      size += value.length;
      if (size > cap) throw new ApiError(413, 'The request body is too large.');
      chunks.push(value);
    }
  } finally {
    reader.releaseLock();
  }
}

/**
 * The review form (createComment, updateComment): multipart/form-data only (an edit may also come as JSON), read as
 * a stream within the form's limits (api/multipart.ts).
 */
async function readForm(request: Request, schema: z.core.$ZodType, fileDir: string) {
  const boundary = formBoundary(request.headers.get('content-type') ?? '');
  if (!boundary) {
    const detail = 'Send the review as multipart/form-data.';
    throw new ApiError(415, detail, { non_field_errors: [detail] });
  }
  const { all, numbers } = fieldsOf(schema);
  partlyRead.add(request);
  const { fields, files } = await readMultipart(request.body, boundary, {
    fields: all,
    maxFieldBytes: MAX_FORM_FIELD_BYTES,
    fileField: 'images',
    maxFiles: REVIEW_MAX_IMAGES,
    maxFileBytes: MAX_IMAGE_BYTES,
    fileDir,
    tooManyFiles: tooManyImages,
    tooLarge: tooLargeImage,
    checkHead: { headBytes: IMAGE_HEAD_BYTES, check: checkImageHead },
  });
  // Form fields are strings: those the schema wants as numbers become numbers.
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(fields))
    values[key] = numbers.has(key) && /^-?\d+(\.\d+)?$/.test(value.trim()) ? Number(value) : value;
  try {
    return { data: validate(schema, values), files };
  } catch (error) {
    await discardUploads(files);
    throw error;
  }
}

export async function readBody(request: Request, name: CallName, schema: z.core.$ZodType, fileDir: string) {
  const type = request.headers.get('content-type') ?? '';
  if (FORM_CALLS.has(name) && (name === 'createComment' || !/^application\/json/i.test(type)))
    return readForm(request, schema, fileDir);
  const text = await readText(request, MAX_JSON_BODY);
  let value: unknown;
  try {
    value = text.trim() === '' ? undefined : JSON.parse(text);
  } catch {
    throw new ApiError(400, 'Malformed JSON.', { non_field_errors: ['The body is not valid JSON.'] });
  }
  return { data: validate(schema, value), files: [] as Upload[] };
}

/**
 * Reads what an answer left unread (a 401, 404 or 429 sent before the body),
 * up to the call's cap, so a keep-alive client's next request on the same
 * connection is not cut off; a body past the cap closes the connection instead.
 */
export async function finishBody(c: Context, request: Request, cap: number): Promise<void> {
  if (!request.body || (request.bodyUsed && !partlyRead.has(request))) return;
  if (Number(request.headers.get('content-length') ?? 0) <= cap) {
    const reader = request.body.getReader();
    try {
      for (let size = 0; size <= cap;) {
        const { done, value } = await reader.read();
        if (done) return;
        size += value.length;
      }
      await reader.cancel();
    } catch {
      // The client went away: nothing left to keep.
    }
  }
  c.header('Connection', 'close');
}
