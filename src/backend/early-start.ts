/**
 * The start of a page's early read (early-read.ts), run by the script inlined in the page's head: kept apart from
 * the operations' side, so the answers' readers it needs come with that script and not with every page's modules.
 */
import { productPage } from './answers.ts';
import { leaveEarlyRead } from './early-read.ts';
import { ACCESS_KEY } from './token-keys.ts';

/** The reads a page starts early, each with the reader of its answer. */
const EARLY_READERS = { searchProducts: productPage };
type EarlyName = keyof typeof EARLY_READERS;

/**
 * Starts the read `name` with `query` at its `address` (earlyReadAddress, given by the page: the route table stays
 * out of the head), as the page parses, read with the call's own reader, for
 * the operation making that call to take (early-read.ts) and for the head to look ahead with (a failure rejects); or
 * undefined when there is no query or the shopper is signed in (their reads carry the bearer token).
 */
export function startEarlyRead<N extends EarlyName>(
  address: string,
  name: N,
  query: Record<string, string> | null,
): Promise<ReturnType<(typeof EARLY_READERS)[N]>> | undefined {
  if (!query || localStorage.getItem(ACCESS_KEY)) return undefined;
  const url = new URL(address);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const headers = { Accept: 'application/json', 'Accept-Language': document.documentElement.lang };
  const read = fetch(url, { headers })
    .then((response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      return response.json() as Promise<unknown>;
    })
    .then((raw) => EARLY_READERS[name](raw, console.warn) as ReturnType<(typeof EARLY_READERS)[N]>);
  // Not taken, a failure is nobody's to see; taken, the operation asks again.
  read.catch(() => undefined);
  leaveEarlyRead({ name, query, read });
  return read;
}
