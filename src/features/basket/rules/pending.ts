/**
 * A signed-in shopper's basket changes that the server has not taken yet
 * (spec §4: on server failure the UI falls back to a local change), kept as
 * one intent per line so that sending them again can never duplicate a line:
 * each intent is compared with the server's basket as last read, and only the
 * spec's calls that close the gap are made (add, quantity, delete).
 *
 * - `add`: the line is there with at least `quantity` units (an add whose
 *   answer was lost finds its line already there and sends nothing);
 * - `set`: the line has exactly `quantity` units (a line the server no longer
 *   has is left alone);
 * - `remove`: the line is not there.
 *
 * Pure: the basket store keeps the list in browser storage; this module reads
 * it back and shows it (on every page), basket-replay.ts changes and sends it.
 */
import type { ServerLine } from './lines.ts';
import { parseJson, toPositiveInt } from '../../../shared/storage.ts';
import { MAX_QUANTITY, sameLine } from './basket.ts';

type PendingKind = 'add' | 'set' | 'remove';

export interface PendingChange {
  product: number;
  feature: number | null;
  kind: PendingKind;
  /** add: at least; set: exactly; remove: 0. */
  quantity: number;
  /** waiting: to be sent; refused: the server said no (`reason`), shown and not counted until retried or removed. */
  state: 'waiting' | 'refused';
  reason?: string;
}

/** A line of the server's basket as the plan needs it. */
export interface KnownLine {
  id: number;
  product: number;
  feature: number | null;
  quantity: number;
}

const KINDS: readonly PendingKind[] = ['add', 'set', 'remove'];

function decodeChange(value: unknown): PendingChange | null {
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const product = toPositiveInt(record['product']);
  const rawFeature = record['feature'];
  const feature = rawFeature === null || rawFeature === undefined ? null : toPositiveInt(rawFeature);
  const kind = KINDS.find((k) => k === record['kind']);
  if (product === null || kind === undefined || (feature === null && rawFeature != null)) return null;
  const quantity = kind === 'remove' ? 0 : toPositiveInt(record['quantity']);
  if (quantity === null) return null;
  const refused = record['state'] === 'refused';
  const reason = typeof record['reason'] === 'string' ? record['reason'] : undefined;
  return {
    product,
    feature,
    kind,
    quantity: Math.min(quantity, MAX_QUANTITY),
    state: refused ? 'refused' : 'waiting',
    ...(refused && reason ? { reason } : {}),
  };
}

/** Stored changes → changes; anything unreadable is dropped, one change per line (the first). */
export function decodePending(raw: string | null | undefined): PendingChange[] {
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed)) return [];
  const changes: PendingChange[] = [];
  for (const value of parsed) {
    const change = decodeChange(value);
    if (change && !changes.some((kept) => sameLine(kept, change))) changes.push(change);
  }
  return changes;
}

export const encodePending = (changes: readonly PendingChange[]) =>
  changes.length ? JSON.stringify(changes) : (undefined as unknown as string);

/** How a line stands: on the server, waiting to be sent, or refused by the server. */
export type LineStatus = 'saved' | 'waiting' | 'refused';

export interface ViewLine extends KnownLine {
  /** Whether this is a server line (its id is the server's item id) or a line only this device has. */
  source: 'server' | 'pending';
  status: LineStatus;
  reason?: string;
}

/**
 * The basket a signed-in shopper sees: the server's lines as last read with
 * the changes not yet taken laid over them. A line only this device has gets
 * id 0 (it has no server id).
 */
export function viewLines(server: readonly KnownLine[], changes: readonly PendingChange[]): ViewLine[] {
  const lines: ViewLine[] = [];
  for (const line of server) {
    const change = changes.find((c) => sameLine(c, line));
    if (!change || change.state === 'refused') {
      lines.push({ ...line, source: 'server', status: 'saved' });
      continue;
    }
    if (change.kind === 'remove') continue;
    const quantity = change.kind === 'add' ? Math.max(line.quantity, change.quantity) : change.quantity;
    lines.push({ ...line, quantity, source: 'server', status: quantity === line.quantity ? 'saved' : 'waiting' });
  }
  for (const change of changes) {
    if (change.kind !== 'add' || server.some((l) => sameLine(l, change))) continue;
    lines.push({
      id: 0,
      product: change.product,
      feature: change.feature,
      quantity: change.quantity,
      source: 'pending',
      status: change.state,
      ...(change.reason ? { reason: change.reason } : {}),
    });
  }
  return lines;
}

/** Lines counted in the badge and totals: a refused line is not. */
export const countedLines = <L extends { status: LineStatus }>(lines: readonly L[]) =>
  lines.filter((l) => l.status !== 'refused');

/**
 * Lines kept in browser storage → lines. They were read by `readServerLine`
 * when kept, so only their form is checked (a line that lost it is dropped);
 * this runs on every page, so it does without the backend's readers.
 */
export function decodeServerLines(stored: unknown): ServerLine[] | null {
  if (!Array.isArray(stored)) return null;
  const isId = (value: unknown) => toPositiveInt(value) === value;
  const isDetail = (value: unknown, fields: readonly string[]) =>
    value === null || (typeof value === 'object' && fields.every((field) => field in (value as object)));
  return stored.filter(
    (line): line is ServerLine =>
      typeof line === 'object' &&
      line !== null &&
      isId(line.id) &&
      isId(line.product) &&
      isId(line.quantity) &&
      (line.feature === null || isId(line.feature)) &&
      (line.price === null || typeof line.price === 'number') &&
      isDetail(line.product_detail, ['id', 'title', 'price', 'images']) &&
      isDetail(line.feature_detail, ['id', 'count', 'images', 'attributes']),
  );
}
