/**
 * A streaming reader of multipart/form-data bodies (RFC 7578), for the review
 * form. It reads the body chunk by chunk and keeps only what the form may
 * hold: the known text fields, each once and at most `maxFieldBytes`, and at
 * most `maxFiles` files of at most `maxFileBytes` under the file field. A part
 * beyond those is refused as soon as its headers are read, a file as soon as it
 * grows past its size. Files go to disk as they arrive (the network waits for
 * the disk), so a body's memory is bounded by the text fields' limits whatever
 * its length, number of parts or files.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { once } from 'node:events';
import { finished } from 'node:stream/promises';
import { ApiError } from './http.ts';

/** A file of the form: its name as sent, and where its bytes were spilled (deleted with discardUploads). */
export interface Upload {
  name: string;
  path: string;
  size: number;
}

export interface FormLimits {
  /** The text fields the form has. */
  fields: ReadonlySet<string>;
  maxFieldBytes: number;
  /** The one field that carries files. */
  fileField: string;
  maxFiles: number;
  maxFileBytes: number;
  /** Where files are spilled as they arrive. */
  fileDir: string;
  /** The refusals of one file too many, and of a file too large (named by its file name). */
  tooManyFiles: () => Error;
  tooLarge: (name: string) => Error;
  /**
   * Checks a file's first `headBytes` bytes (fewer if the file is shorter) and throws to refuse it there, so a file
   * that cannot be what the form takes is never held whole.
   */
  checkHead?: { headBytes: number; check: (name: string, head: Buffer) => void };
}

interface FormPart {
  field: string;
  /** The file name, for a file part. */
  file: string | undefined;
  chunks: Buffer[];
  size: number;
  /** Whether a file's head has been checked. */
  checked: boolean;
  /** A file's spill file. */
  out?: WriteStream;
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
  // A text field's bytes are kept; a file's go to its spill file as they arrive, but for its first bytes, kept
  // until its head is checked.
  let part = null as FormPart | null;
  const spills: { path: string; out: WriteStream; written: Promise<unknown> }[] = [];
  const headBytes = limits.checkHead?.headBytes ?? 0;
  const checkHead = (head: Buffer) => {
    if (!part || part.checked) return;
    part.checked = true;
    part.chunks = [];
    limits.checkHead?.check(part.file || 'An image', head);
  };

  const take = (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    part.size += bytes.length;
    if (part.file === undefined) {
      if (part.size > limits.maxFieldBytes) throw malformed(`${part.field} is too long`);
      part.chunks.push(bytes);
      return;
    }
    if (part.size > limits.maxFileBytes) throw limits.tooLarge(part.file || 'An image');
    if (!part.checked) {
      part.chunks.push(bytes);
      if (part.size >= headBytes) checkHead(Buffer.concat(part.chunks, headBytes));
    }
    part.out!.write(bytes);
  };
  const finish = () => {
    if (!part) return;
    if (part.file === undefined) fields[part.field] = Buffer.concat(part.chunks).toString('utf8');
    else {
      checkHead(Buffer.concat(part.chunks));
      part.out!.end();
      files.push({ name: part.file, path: part.out!.path as string, size: part.size });
    }
    part = null;
  };
  const open = (headers: string) => {
    const { name, filename } = disposition(headers);
    if (name === limits.fileField) {
      if (files.length >= limits.maxFiles) throw limits.tooManyFiles();
      const out = createWriteStream(join(limits.fileDir, `${randomUUID()}.part`), { flags: 'wx' });
      const written = finished(out);
      // Awaited when the form is complete; a stream destroyed by a refusal ends this way too.
      written.catch(() => undefined);
      spills.push({ path: out.path as string, out, written });
      part = { field: name, file: filename ?? '', chunks: [], size: 0, checked: !limits.checkHead, out };
    } else if (!limits.fields.has(name)) throw malformed(`no field ${name} in this form`);
    else if (name in fields) throw malformed(`${name} sent twice`);
    else part = { field: name, file: undefined, chunks: [], size: 0, checked: false };
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
  await mkdir(limits.fileDir, { recursive: true });
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
      } else {
        pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
        if (advance()) {
          await Promise.all(spills.map((spill) => spill.written));
          return { fields, files };
        }
      }
      // The network waits for the disk: a file's bytes are never held in memory for long.
      if (part?.out?.writableNeedDrain) await once(part.out, 'drain');
    }
  } catch (error) {
    // A file opens after its stream is made: it is deleted once its stream has closed.
    for (const spill of spills) spill.out.destroy();
    await Promise.all(spills.map((spill) => spill.written.catch(() => undefined)));
    await discardUploads(spills);
    throw error;
  } finally {
    reader.releaseLock();
  }
}

/** Deletes the spill files of a form, once its request is done with them. */
export async function discardUploads(files: readonly { path: string }[]): Promise<void> {
  await Promise.all(files.map((file) => rm(file.path, { force: true })));
}
