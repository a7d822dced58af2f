/**
 * Sending a signed-in shopper's basket changes (basket.ts keeps them) through the backend's basket operations:
 * only the calls that close the gap to the server's basket, then a refetch. A visitor's pages never load it.
 */
import {
  decodeChanges,
  dropChange,
  lineKey,
  planReplay,
  recordChange,
  refuseChange,
  type BasketCall,
  type BasketChange,
  type ChangeAsked,
  type LineStatus,
  type LineOf,
} from '../rules/basket.ts';
import { basket, statusOf } from '../../../backend/index.ts';
import { $basketRead, $pendingBasket, $serverBasket, online } from './basket.ts';
import { browserStorage } from '../../../shared/browser-storage.ts';
import { errorDetail, notify } from '../../../shared/notify.ts';
import { $access, $signedIn } from '../../../backend/tokens.ts';

/** Whether the server's basket as held here is what the server has (read on this page, no call failed since). */
let trusted = false;
// Another session's basket is not this one's.
$access.listen(() => {
  trusted = false;
  $basketRead.set('idle');
});
/** Basket reads and sends run one at a time, and one tab at a time (a Web Lock), so a send is never doubled. */
let queue: Promise<unknown> = Promise.resolve();
function serial<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  const run = queue.then(() => (locks ? (locks.request('bozor-basket', task) as Promise<T>) : task()));
  queue = run.catch(() => undefined);
  return run;
}

async function readServer(): Promise<void> {
  $basketRead.set('loading');
  try {
    $serverBasket.set(await basket.read());
    trusted = true;
    $basketRead.set('read');
  } catch (error) {
    trusted = false;
    $basketRead.set('failed');
    throw error;
  }
}

/** A change as an action asks for it, with the status of its line when there is one. */
export type Asked = ChangeAsked & { status?: LineStatus };

/** What became of a line's change when the changes were sent (a refusal with its status and the server's words). */
export interface Outcome {
  state: 'sent' | 'refused' | 'waiting';
  detail?: string;
  status?: number;
}

const keyOf = (line: LineOf) => lineKey(line.product, line.feature);

/** 4xx answers refuse a change; no answer, 5xx, 401 (the session is renewed or ends), 408 and 429 leave it waiting. */
const refused = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

async function send(call: BasketCall): Promise<void> {
  if (call.call === 'add') return basket.add(call);
  if (call.call === 'quantity') return basket.changeQuantity(call.item, call.action);
  return basket.remove(call.items);
}

/** Send the waiting changes (reading the server's basket first unless known here), then refetch; answers each one's fate. */
function replay(): Promise<Map<string, Outcome>> {
  return serial(async () => {
    const outcomes = new Map<string, Outcome>();
    // Another tab may have sent or added changes: storage is the truth.
    const storage = browserStorage();
    if (storage) $pendingBasket.set(decodeChanges(storage.getItem('basketPending')));
    const waiting = $pendingBasket.get().filter((c) => c.state === 'waiting');
    if (!waiting.length || !$signedIn.get()) return outcomes;
    const wait = () => {
      for (const change of waiting) if (!outcomes.has(keyOf(change))) outcomes.set(keyOf(change), { state: 'waiting' });
      return outcomes;
    };
    if (!online()) return wait();
    if (!trusted) {
      try {
        await readServer();
      } catch {
        return wait();
      }
    }
    let called = false;
    const taken: BasketChange[] = [];
    for (const { changes, calls } of planReplay(waiting, $serverBasket.get() ?? [])) {
      try {
        for (const call of calls) {
          called = true;
          await send(call);
        }
        taken.push(...changes);
        for (const change of changes) outcomes.set(keyOf(change), { state: 'sent' });
      } catch (error) {
        trusted = false;
        const status = statusOf(error);
        // No answer: the network is down, the rest waits too. A 5xx may be this line's alone: the next is tried.
        if (status === 0) break;
        if (!refused(status)) continue;
        const detail = errorDetail(error);
        for (const change of changes) {
          // A refused add stays, marked, for the shopper; a refused quantity or removal leaves the server's line.
          $pendingBasket.set(
            change.kind === 'add'
              ? refuseChange($pendingBasket.get(), change, detail ?? null)
              : dropChange($pendingBasket.get(), change),
          );
          outcomes.set(keyOf(change), { state: 'refused', status, ...(detail ? { detail } : {}) });
        }
      }
    }
    // A change the server took leaves the list once the refetch shows it (until then it shows as it is, and
    // sending it again sends nothing); a change made again while this one was on its way stays to be sent.
    if (called) await readServer().catch(() => undefined);
    if (!called || $basketRead.get() === 'read') {
      for (const change of taken) {
        const now = $pendingBasket.get().find((c) => keyOf(c) === keyOf(change));
        if (now && now.kind === change.kind && now.quantity === change.quantity && now.state === 'waiting')
          $pendingBasket.set(dropChange($pendingBasket.get(), change));
      }
    }
    return wait();
  });
}

type WithSync = ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } };
/** Ask the service worker to send the changes when the browser is back online (Background Sync), where it can. */
function syncWhenOnline() {
  void navigator.serviceWorker?.ready.then((r) => (r as WithSync).sync?.register('basket')).catch(() => undefined);
}

/** Record changes and send them (a removal of a refused line just drops it); answers what became of each. */
export async function changeLines(changes: readonly Asked[]): Promise<Outcome[]> {
  for (const change of changes)
    $pendingBasket.set(
      change.kind === 'remove' && change.status === 'refused'
        ? dropChange($pendingBasket.get(), change)
        : recordChange($pendingBasket.get(), change),
    );
  const outcomes = await replay();
  const results = changes.map((change) => outcomes.get(keyOf(change)) ?? { state: 'sent' as const });
  // A change left waiting, or a removal not taken, asks to be sent when the browser is back online.
  const again = (outcome: Outcome, i: number) =>
    outcome.state === 'waiting' || (outcome.state === 'refused' && changes[i]!.kind === 'remove');
  if (results.some(again)) syncWhenOnline();
  return results;
}

let loading: Promise<void> | null = null;

/** Read the server's basket, then send what waits; a failed read shows the spec's toast unless `quiet`. */
export function loadBasket(options: { quiet?: boolean; again?: boolean } = {}): Promise<void> {
  if (!$signedIn.get()) return Promise.resolve();
  // Offline, the lines known here are shown as they are (the page says it is offline); coming back online reads.
  if (!online()) {
    $basketRead.set('failed');
    return Promise.resolve();
  }
  // Asked `again` (back online), a load already on its way may have started before the network came back: another follows.
  if (loading && options.again) return loading.then(() => loadBasket({ quiet: options.quiet ?? false }));
  loading ??= serial(readServer)
    .then(
      () => {
        if ($pendingBasket.get().some((c) => c.state === 'waiting')) void replay();
      },
      () => {
        if (!options.quiet) notify('error', 'isl.toast.basketLoadFailed');
      },
    )
    .finally(() => {
      loading = null;
    });
  return loading;
}

/** Read the server's basket again (after an order) without a toast. */
export const refetchBasket = () => serial(readServer).catch(() => undefined);

/** Send the waiting changes now (checkout does, before ordering); answers what became of each. */
export const sendPending = replay;
