/**
 * A streaming reader of multipart/form-data bodies (RFC 7578), for the review
 * form. It reads the body chunk by chunk and keeps only what the form may
 * hold: the known text fields, each once and at most `maxFieldBytes`, and at
 * most `maxFiles` files of at most `maxFileBytes` under the file field. A part
 * beyond those is refused as soon as its headers are read, a file as soon as it
 * grows past its size, so a body's memory is bounded by the form's own limits
 * whatever its length or number of parts.
 */
import { ApiError } from './http.ts';

/** A file of the form: its name as sent and its bytes. */
export interface Upload {
  name: string;
  bytes: Buffer;
}

export interface FormLimits {
  /** The text fields the form has. */
  fields: ReadonlySet<string>;
  maxFieldBytes: number;
  /** The one field that carries files. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** The refusals of one file too many, and of a file too large (named by its file name). */
  tooManyFiles: () => Error;
  tooLarge: (name: string) => Error;
}

/** A part's headers are a few lines; more is not a form. */
const MAX_HEADER_BYTES = 4096;
/** Bytes before the first boundary (a preamble, which browsers never send). */
const MAX_PREAMBLE_BYTES = 1024;
const HEADER_END = Buffer.from('\r\n\r\n');

const malformed = (why: string) =>
  new ApiError(400, 'Malformed form data.', { non_field_errors: [`Malformed form data: ${why}.`] });

/** The boundary of a multipart/form-data content type, or null for any other type. */
export function formBoundary(contentType: string): string | null {
  if (!/^multipart\/form-data\s*(;|$)/i.test(contentType)) return null;
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))/i.exec(contentType);
  return match?.[1] ?? match?.[2] ?? null;
}

/** `name="…"` and `filename="…"` of a part's Content-Disposition. */
function disposition(headers: string): { name: string; filename: string | undefined } {
  const line = /^content-disposition:\s*form-data\s*;(.*)$/im.exec(headers)?.[1];
  if (line === undefined) throw malformed('a part without Content-Disposition: form-data');
  const param = (key: string) => new RegExp(`(?:^|;)\\s*${key}="((?:[^"\\\\]|\\\\.)*)"`, 'i').exec(line)?.[1];
  const name = param('name');
  if (name === undefined) throw malformed('a part without a name');
  return { name, filename: param('filename') };
}

/**
 * Reads a multipart body to its closing boundary: the text fields and the files.
 * Throws a 400 for a body that is not such a form or breaks its limits (the
 * rest of the body stays unread).
 */
export async function readMultipart(
  body: ReadableStream<Uint8Array> | null,
  boundary: string,
  limits: FormLimits,
): Promise<{ fields: Record<string, string>; files: Upload[] }> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const fields: Record<string, string> = {};
  const files: Upload[] = [];
  // The body as if it began with a line break, so the first boundary reads like every other.
  let pending: Buffer = Buffer.from('\r\n');
  let preamble = 0;
  let state = 'preamble' as 'preamble' | 'boundary' | 'headers' | 'data';
  let part: { field: string; file: string | undefined; chunks: Buffer[]; size: number } | null = null;

  const take = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.file !== undefined && part.size > limits.maxFileBytes) throw limits.tooLarge(part.file || 'An image');
    if (part.file === undefined && part.size > limits.maxFieldBytes) throw malformed(`${part.field} is too long`);
    part.chunks.push(bytes);
  };
  const finish = () => {
    if (!part) return;
    const bytes = Buffer.concat(part.chunks);
    if (part.file !== undefined) files.push({ name: part.file, bytes });
    else fields[part.field] = bytes.toString('utf8');
    part = null;
  };
  const open = (headers: string) => {
    const { name, filename } = disposition(headers);
    if (name === limits.fileField) {
      if (files.length >= limits.maxFiles) throw limits.tooManyFiles();
      part = { field: name, file: filename ?? '', chunks: [], size: 0 };
    } else if (!limits.fields.has(name)) throw malformed(`no field ${name} in this form`);
    else if (name in fields) throw malformed(`${name} sent twice`);
    else part = { field: name, file: undefined, chunks: [], size: 0 };
  };

  /** Moves through what has arrived; true once the closing boundary is read. */
  const advance = (): boolean => {
    for (;;) {
      if (state === 'preamble' || state === 'data') {
        const at = pending.indexOf(delimiter);
        if (at < 0) {
          // Keep what could still be the start of a boundary (a copy, so the chunk it came in can go); the rest is
          // the part's (or the preamble's).
          const keep = Math.min(pending.length, delimiter.length - 1);
          if (state === 'data') take(pending.subarray(0, pending.length - keep));
          else if ((preamble += pending.length - keep) > MAX_PREAMBLE_BYTES) throw malformed('no boundary');
          pending = Buffer.from(pending.subarray(pending.length - keep));
          return false;
        }
        if (state === 'data') take(pending.subarray(0, at));
        finish();
        pending = pending.subarray(at + delimiter.length);
        state = 'boundary';
      }
      if (state === 'boundary') {
        if (pending.length < 2) return false;
        const next = pending.subarray(0, 2).toString('latin1');
        if (next === '--') return true;
        if (next !== '\r\n') throw malformed('a boundary not followed by a line break');
        pending = pending.subarray(2);
        state = 'headers';
      }
      if (state === 'headers') {
        const end = pending.indexOf(HEADER_END);
        if (end < 0) {
          if (pending.length > MAX_HEADER_BYTES) throw malformed('part headers too long');
          return false;
        }
        open(pending.subarray(0, end).toString('utf8'));
        pending = pending.subarray(end + HEADER_END.length);
        state = 'data';
      }
    }
  };

  if (!body) throw malformed('no body');
  const reader = body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) throw malformed('the body ends before the closing boundary');
      // Inside a part, a chunk with no boundary in it (nor across its start) goes to the part as it came, but for
      // its end, which could begin a boundary.
      const chunk = Buffer.from(value.buffer, value.byteOffset, value.length);
      const straddle = Buffer.concat([pending, chunk.subarray(0, delimiter.length - 1)]);
      const keep = delimiter.length - 1;
      if (state === 'data' && chunk.length >= keep && straddle.indexOf(delimiter) < 0 && chunk.indexOf(delimiter) < 0) {
        take(pending);
        take(chunk.subarray(0, chunk.length - keep));
        pending = Buffer.from(chunk.subarray(chunk.length - keep));
        continue;
      }
      pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
      if (advance()) return { fields, files };
    }
  } finally {
    reader.releaseLock();
  }
}
