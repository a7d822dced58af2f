/**
 * A page's first read, started before any of its modules loads: a script inlined in the page's head asks the API as
 * the page parses and reads the answer with the call's own reader (early-start.ts); the operation that makes that
 * call takes the read from here, so the answer waits for the network alone, not for the modules that ask for it. A
 * read that failed is asked again through the client, as any read is.
 */
import type { CallName } from '#contract/routes.ts';
import type { Answer } from './answers.ts';

/** Where the head's script leaves its reads. */
const EARLY_READS = '__bozorEarlyReads';

export interface EarlyRead {
  name: CallName;
  query: Record<string, string>;
  /** The answer read into the shop's types. */
  read: Promise<unknown>;
}

type Window = typeof globalThis & { [EARLY_READS]?: EarlyRead[] };

/** Leaves a read the page's head started, for the operation making the same call. */
export function leaveEarlyRead(read: EarlyRead): void {
  ((globalThis as Window)[EARLY_READS] ??= []).push(read);
}

const sameQuery = (a: Record<string, string>, b: Record<string, string>) =>
  Object.keys(a).length === Object.keys(b).length && Object.entries(a).every(([key, value]) => b[key] === value);

/** The page's early read of `name` with `query`, taken once, or undefined when its head started none. */
export function takeEarlyRead<N extends CallName>(
  name: N,
  query: Record<string, string>,
): Promise<Answer<N>> | undefined {
  const reads = (globalThis as Window)[EARLY_READS] ?? [];
  const index = reads.findIndex((read) => read.name === name && sameQuery(read.query, query));
  return index < 0 ? undefined : (reads.splice(index, 1)[0]!.read as Promise<Answer<N>>);
}
