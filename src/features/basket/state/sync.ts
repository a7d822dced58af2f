/**
 * Sending a signed-in shopper's basket changes (src/features/basket/state/basket.ts keeps
 * them): the server's basket is read first unless this page knows it, only
 * the spec's calls that close the gap are made (add, quantity, delete), then
 * the basket is refetched. Loaded only for a signed-in shopper, so a
 * visitor's pages never download it.
 */
import { computed } from 'nanostores';
import { decodePending, viewLines, type PendingChange, type ViewLine } from '../rules/pending.ts';
import { dropChange, planReplay, recordChange, refuseChange, type BasketCall } from '../rules/replay.ts';
import { readServerBasket } from '../rules/server.ts';
import { getApi, statusOf } from '../../../backend/api.ts';
import { $basketRead, $pendingBasket, $serverBasket, $shopperView, keyString, online } from './basket.ts';
import { browserStorage } from '../../../shared/browser-storage.ts';
import { errorDetail, notify, queueToast, type ToastMessage } from '../../../shared/notify.ts';
import { $access, $signedIn } from '../../../backend/tokens.ts';

// The lines a signed-in shopper sees: the server's as last read, with the changes not yet taken laid over them.
computed([$signedIn, $serverBasket, $pendingBasket, $basketRead], (signedIn, server, pending, read) => {
  if (!signedIn) return null;
  if (server === null && read !== 'failed' && pending.length === 0) return null;
  return viewLines(server ?? [], pending);
}).subscribe((view) => $shopperView.set(view));

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
    $serverBasket.set(readServerBasket(await (await getApi()).call('basket')));
    trusted = true;
    $basketRead.set('read');
  } catch (error) {
    trusted = false;
    $basketRead.set('failed');
    throw error;
  }
}

/** What became of a line's change when the changes were sent. */
export interface Outcome {
  state: 'sent' | 'refused' | 'waiting';
  /** The server's words (its errors field) for a refusal. */
  detail?: string;
  status?: number;
}

const lineKey = (line: { product: number; feature: number | null }) => keyString(line.product, line.feature);

/** 4xx answers refuse a change; no answer, 5xx, 401 (the session is renewed or ends), 408 and 429 leave it waiting. */
const refused = (status: number) => status >= 400 && status < 500 && ![401, 408, 429].includes(status);

async function send(call: BasketCall): Promise<void> {
  const api = await getApi();
  if (call.call === 'add') {
    const feature = call.feature === null ? {} : { feature: call.feature };
    await api.call('addToBasket', { body: { product: call.product, quantity: call.quantity, ...feature } });
  } else if (call.call === 'quantity') {
    await api.call('basketQuantity', { body: { item: call.item, action: call.action } });
  } else if (call.items.length === 1) {
    await api.call('deleteFromBasket', { query: { item: String(call.items[0]) } });
  } else {
    await api.call('deleteFromBasket', { body: { items: call.items } });
  }
}

/**
 * Send the waiting changes: read the server's basket first unless it is known
 * here, make the calls that close the gap, then refetch. Answers what became
 * of each line's change.
 */
function replay(): Promise<Map<string, Outcome>> {
  return serial(async () => {
    const outcomes = new Map<string, Outcome>();
    // Another tab may have sent or added changes: storage is the truth.
    const storage = browserStorage();
    if (storage) $pendingBasket.set(decodePending(storage.getItem('basketPending')));
    const waiting = $pendingBasket.get().filter((c) => c.state === 'waiting');
    if (!waiting.length || !$signedIn.get()) return outcomes;
    const wait = () => {
      for (const change of waiting)
        if (!outcomes.has(lineKey(change))) outcomes.set(lineKey(change), { state: 'waiting' });
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
    const taken: PendingChange[] = [];
    for (const { changes, calls } of planReplay(waiting, $serverBasket.get() ?? [])) {
      try {
        for (const call of calls) {
          called = true;
          await send(call);
        }
        taken.push(...changes);
        for (const change of changes) outcomes.set(lineKey(change), { state: 'sent' });
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
          outcomes.set(lineKey(change), { state: 'refused', status, ...(detail ? { detail } : {}) });
        }
      }
    }
    // A change the server took leaves the list once the refetch shows it (until then it shows as it is, and
    // sending it again sends nothing); a change made again while this one was on its way stays to be sent.
    if (called) await readServer().catch(() => undefined);
    if (!called || $basketRead.get() === 'read') {
      for (const change of taken) {
        const now = $pendingBasket.get().find((c) => lineKey(c) === lineKey(change));
        if (now && now.kind === change.kind && now.quantity === change.quantity && now.state === 'waiting')
          $pendingBasket.set(dropChange($pendingBasket.get(), change));
      }
    }
    return wait();
  });
}

/** Ask the service worker to send the changes when the browser is back online (Background Sync), where it can. */
function syncWhenOnline() {
  void navigator.serviceWorker?.ready
    .then((registration) =>
      (registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }).sync?.register(
        'basket',
      ),
    )
    .catch(() => undefined);
}

/**
 * Record a change of a signed-in shopper's line and send it. Answers what
 * became of it; a change that must wait is queued for the next chance.
 */
export async function changeShopperLine(
  change: Pick<PendingChange, 'product' | 'feature' | 'kind' | 'quantity'>,
): Promise<Outcome> {
  $pendingBasket.set(recordChange($pendingBasket.get(), change));
  const outcome = (await replay()).get(lineKey(change)) ?? { state: 'sent' };
  if (outcome.state === 'waiting') syncWhenOnline();
  return outcome;
}

let loading: Promise<void> | null = null;

/** `loadBasket` of src/features/basket/state/basket.ts: read the server's basket, then send what waits. */
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

/** The toast of a signed-in shopper's change that did not go through: the server's words, or that it will be sent. */
export function notifyNotTaken(key: ToastMessage['key'], outcome: Outcome): void {
  queueToast(
    outcome.state === 'refused'
      ? { kind: 'error', key, ...(outcome.detail ? { detail: outcome.detail } : {}) }
      : { kind: 'error', key, detailKey: online() ? 'isl.basket.kept_will_send' : 'isl.basket.kept_offline' },
  );
}

/**
 * Remove a signed-in shopper's lines (one, or many with one delete). A refused
 * add is simply dropped; a removal the server could not take stays waiting and
 * the lines leave the list at once (spec §4's local change).
 */
export async function removeShopperLines(
  lines: readonly Pick<ViewLine, 'product' | 'feature' | 'status' | 'id'>[],
  success: ToastMessage['key'] = 'isl.toast.removed',
  many = false,
): Promise<void> {
  for (const line of lines) {
    $pendingBasket.set(
      line.status === 'refused'
        ? dropChange($pendingBasket.get(), line)
        : recordChange($pendingBasket.get(), {
            product: line.product,
            feature: line.feature,
            kind: 'remove',
            quantity: 0,
          }),
    );
  }
  const outcomes = await replay();
  const results = lines.map((line) => outcomes.get(lineKey(line)) ?? { state: 'sent' as const });
  const gone = results.find((r) => r.state === 'refused' && r.status === 404);
  if (!many && gone) return notify('error', 'isl.toast.notInBasket', { id: lines[0]!.id });
  const notTaken = results.find((r) => r.state !== 'sent');
  if (!notTaken) return notify('success', success);
  syncWhenOnline();
  notifyNotTaken(many ? 'isl.toast.removeManyFailed' : 'isl.toast.removeFailed', notTaken);
}
