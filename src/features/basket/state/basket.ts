/**
 * The basket's stores (spec §4, §5, §7, §8), on every page for the badge and the add buttons: a visitor's lines
 * (localStorage `basket`, rebuilt by fetching each product), or a signed-in shopper's: the server's as last read (kept,
 * so the basket opens offline) with the changes not yet taken (`basketPending`) laid over them, sent by sync.ts; a
 * refused one shows why and waits for the shopper. The actions are in edit.ts. Corrupted storage is repaired at once.
 */
import { persistentAtom } from '@nanostores/persistent';
import { atom, computed } from 'nanostores';
import type { ServerLine } from '../../../backend/index.ts';
import {
  countedLines,
  decodeBasket,
  decodeChanges,
  decodeServerLines,
  encodeList,
  lineKey,
  viewLines,
  type BasketChange,
  type BasketEntry,
} from '../rules/basket.ts';
import { parseJson } from '../../../shared/storage.ts';
import { repairedStore } from '../../../shared/browser-storage.ts';
import { $signedIn, onSignedOut } from '../../../backend/tokens.ts';

/** A visitor's lines. */
export const $localBasket = repairedStore(
  persistentAtom<BasketEntry[]>('basket', [], { encode: encodeList, decode: decodeBasket }),
  'basket',
  encodeList,
);

/** Signed in: the changes the server has not taken yet, in the order they were made. */
export const $pendingBasket = repairedStore(
  persistentAtom<BasketChange[]>('basketPending', [], { encode: encodeList, decode: decodeChanges }),
  'basketPending',
  encodeList,
);

/** Whose session made the waiting changes: a digest of the phone (session.ts), so another shopper does not get them. */
export const $basketOwner = persistentAtom<string>('basketOwner', '');

/** Signed in: the server's basket as last read, null until it has been read on this device. */
export const $serverBasket = persistentAtom<ServerLine[] | null>('basketSaved', null, {
  encode: (lines) => (lines ? JSON.stringify(lines) : (undefined as unknown as string)),
  decode: (raw) => decodeServerLines(parseJson(raw)),
});
// The server's basket as last read belongs to a session: when none is held, no one else on this browser sees it.
onSignedOut(() => $serverBasket.set(null));

/** Whether this page has read the server's basket: not yet, on its way, read, or failed (the known lines are shown). */
export const $basketRead = atom<'idle' | 'loading' | 'read' | 'failed'>('idle');
export const $basketFailed = computed($basketRead, (state) => state === 'failed');
/** Products found sold out when a shopper tried to add them (their buttons then say so). */
export const $soldOut = atom<ReadonlySet<number>>(new Set());

/** A signed-in shopper's lines (the server's, with the changes not yet taken), or null while nothing is known. */
export const $shopperView = computed(
  [$signedIn, $serverBasket, $pendingBasket, $basketRead],
  (signedIn, server, pending, read) => {
    if (!signedIn || (server === null && read !== 'failed' && pending.length === 0)) return null;
    return viewLines(server ?? [], pending);
  },
);

/** The lines in the basket: a visitor's, or a signed-in shopper's that are not refused (null while not known). */
const $inBasket = computed([$signedIn, $shopperView, $localBasket], (signedIn, view, local) =>
  signedIn ? view && countedLines(view) : local,
);

/** The badge count, or null while it is not known yet (the badge stays hidden). A refused line is not counted. */
export const $basketCount = computed($inBasket, (lines) => lines && lines.length);

/** Keys of the lines in the basket (and `lineKey(product, '*')`) for the add buttons; a refused line is not one. */
export const $basketKeys = computed($inBasket, (lines) => {
  const keys = new Set<string>();
  for (const line of lines ?? []) keys.add(lineKey(line.product, line.feature)).add(lineKey(line.product, '*'));
  return keys;
});

/** The server's reason for each refused add, by line key ('' when it gave none): shown beside the add button. */
export const $refusedLines = computed(
  $shopperView,
  (view) =>
    new Map(
      (view ?? []).filter((l) => l.status === 'refused').map((l) => [lineKey(l.product, l.feature), l.reason ?? '']),
    ),
);

/** A product sold in variants a card asked to add (a fresh object each time): its page opens for the choice. */
export const $featureChoice = atom<{ product: number } | null>(null);

/** Whether the browser says it is online (true where it cannot tell). */
export const online = () => typeof navigator === 'undefined' || navigator.onLine !== false;
