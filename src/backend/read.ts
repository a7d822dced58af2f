/**
 * Lenient readers of a backend's raw JSON, the primitives of the adapter
 * (shop.ts): a value the spec allows in several forms is read in each of them,
 * and a value that cannot be read throws `Malformed`, which skips the item it
 * belongs to. What a value must be to be shown is the table of field rules
 * (rules.ts). Unknown fields are never looked at.
 */
import { priceProblem, safeImage, shownLine } from './rules.ts';

/** An item a backend sent that the shop cannot show: what was wrong with it. */
export class Malformed extends Error {
  override readonly name = 'Malformed';
}

/** Where the adapter says which items it skipped (the build's log, the browser's console). */
export type Report = (problem: string) => void;

export type Raw = Readonly<Record<string, unknown>>;

export function record(value: unknown, what: string): Raw {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new Malformed(`${what} is not an object`);
  return value as Raw;
}

/** A number, or a numeric string (Django REST sends decimals as "12500000.00"); undefined when absent or unreadable. */
export function maybeNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : undefined;
}

/** A number the item cannot do without (a price, a count). */
function number(value: unknown, field: string): number {
  const read = maybeNumber(value);
  if (read === undefined) throw new Malformed(`${field} is not a number: ${JSON.stringify(value)}`);
  return read;
}

/** A price the shop can sell at (rules.ts): finite, above 0, below the ceiling; else the item is skipped. */
export function price(value: unknown, field = 'price'): number {
  const read = number(value, field);
  const problem = priceProblem(read);
  if (problem) throw new Malformed(`${field} ${problem}: ${JSON.stringify(value)}`);
  return read;
}

/** A price that may be missing (a discount price, a variant's own): null when absent or not a price. */
export function priceOrNull(value: unknown): number | null {
  const read = maybeNumber(value);
  return read !== undefined && priceProblem(read) === null ? read : null;
}

/** Whether a value is an id: a positive safe integer. */
const isId = (value: number | undefined): value is number =>
  value !== undefined && Number.isSafeInteger(value) && value > 0;

/** An id: a positive safe integer, or its digits as a string. */
export function id(value: unknown, field = 'id'): number {
  const read = maybeNumber(value);
  if (!isId(read)) {
    throw new Malformed(`${field} is not an id: ${JSON.stringify(value)}`);
  }
  return read;
}

/** An id the item can do without (a group's, a banner's): null when absent or not an id. */
export function optionalId(value: unknown): number | null {
  const read = maybeNumber(value);
  return isId(read) ? read : null;
}

/** A text field the item cannot do without. */
export function text(raw: Raw, field: string): string {
  const value = textOrNull(raw[field]);
  if (value === null) throw new Malformed(`${field} is missing`);
  return value;
}

/** Text, or undefined when absent (an optional field). */
export const maybeText = (value: unknown): string | undefined => textOrNull(value) ?? undefined;

/** Copies a present optional field; leaves out an absent one. */
export const optional = <K extends string, V>(key: K, value: V | undefined): Partial<Record<K, V>> =>
  value === undefined ? {} : ({ [key]: value } as Record<K, V>);

/** Text, trimmed; null when absent, empty or not text. */
export function textOrNull(value: unknown): string | null {
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
}

/** A one-line seller text (a title, a name) as rules.ts shows it: cleaned and cut to `max`; null when empty. */
export function line(value: unknown, max: number): string | null {
  const read = textOrNull(value);
  return read === null ? null : shownLine(read, max);
}

/** Images come as an array, a comma-separated string, or nothing; one a page may not load is left out. */
export function images(value: unknown): string[] {
  const raw: unknown[] = Array.isArray(value) ? value : typeof value === 'string' ? value.split(',') : [];
  return raw.flatMap((image) => {
    const url = typeof image === 'string' ? safeImage(image) : null;
    return url ? [url] : [];
  });
}

/** A nested entity may come as an object or a bare id: the object, or just its id. */
export function entity(value: unknown): Raw | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'object' && !Array.isArray(value)) return value as Raw;
  const read = maybeNumber(value);
  return isId(read) ? { id: read } : null;
}

/** The id of a raw item, for a report ('product 17'); '?' when it has none. */
function idOf(value: unknown): string {
  const raw = typeof value === 'object' && value !== null ? (value as Raw)['id'] : undefined;
  return typeof raw === 'number' || typeof raw === 'string' ? String(raw) : '?';
}

/** The id an item was read with, when it has one. */
const readId = (item: unknown): number | undefined => {
  const value = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
  return typeof value === 'number' ? value : undefined;
};

/**
 * A list whose malformed items are skipped, each reported with its id, and whose items appear once: an id listed
 * again is skipped and reported. A list that is not a list is malformed.
 */
export function list<T>(value: unknown, what: string, read: (raw: unknown) => T, report: Report): T[] {
  if (!Array.isArray(value)) throw new Malformed(`${what} list is not a list`);
  const out: T[] = [];
  for (const item of value) {
    try {
      out.push(read(item));
    } catch (error) {
      if (!(error instanceof Malformed)) throw error;
      report(`${what} ${idOf(item)} skipped: ${error.message}`);
    }
  }
  return onceEach(out, what, report);
}

/** Items with the same id once, the first kept; each one left out reported. */
export function onceEach<T>(
  items: readonly T[],
  what: string,
  report: Report,
  key: (item: T) => unknown = readId,
): T[] {
  const seen = new Set<unknown>();
  return items.filter((item) => {
    const at = key(item);
    if (at === undefined || at === null) return true;
    if (!seen.has(at)) {
      seen.add(at);
      return true;
    }
    report(`${what} ${String(at)} listed more than once: shown once`);
    return false;
  });
}
