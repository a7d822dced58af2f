/**
 * Decoding browser storage that a shopper (or an older version of the site,
 * or another extension) may have corrupted: never throw, repair instead.
 * Pure functions; the features' persistent stores use them as decoders.
 */

/** JSON.parse that answers `undefined` instead of throwing. */
export function parseJson(raw: string | null | undefined): unknown {
  if (raw === null || raw === undefined || raw === '') return undefined;
  try {
    return JSON.parse(raw) as unknown;
  } catch {
    return undefined;
  }
}

export function isPositiveInt(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** A number, or a string of digits ('12'), as a positive whole number; else null. */
export function toPositiveInt(value: unknown): number | null {
  if (isPositiveInt(value)) return value;
  if (typeof value === 'string' && /^\d+$/.test(value.trim())) {
    const n = Number(value.trim());
    return isPositiveInt(n) ? n : null;
  }
  return null;
}

/** Decode a JSON list, keeping only the items `item` accepts (returns null for rejected ones). */
export function decodeList<T>(raw: string | null | undefined, item: (value: unknown) => T | null): T[] {
  const parsed = parseJson(raw);
  if (!Array.isArray(parsed)) return [];
  const out: T[] = [];
  for (const value of parsed) {
    const decoded = item(value);
    if (decoded !== null) out.push(decoded);
  }
  return out;
}

/**
 * Write back a repaired value when the stored text differs from its clean
 * encoding (undefined removes the key). Answers whether it wrote.
 */
export function repairStored(
  storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | undefined,
  key: string,
  clean: string | undefined,
): boolean {
  if (!storage) return false;
  try {
    const raw = storage.getItem(key);
    if (raw === null || raw === clean) return false;
    if (clean === undefined) storage.removeItem(key);
    else storage.setItem(key, clean);
    return true;
  } catch {
    return false;
  }
}
