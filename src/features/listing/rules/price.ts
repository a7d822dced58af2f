/** A listing's price range as Pagefind filter values. */

/**
 * Prices are filtered in whole thousands of soʻm, through keys at four
 * scales (p0: thousands, p1: hundred thousands, p2: ten millions, p3:
 * billions), so that any range is at most a few hundred exact values: the blocks of
 * the range that are whole at each scale (a decimal range tree, base 100).
 */
const PRICE_UNIT = 1_000;
const PRICE_BASE = 100;
const PRICE_LEVELS = 4;
/** Above this the top scale is not split further (10^11 soʻm). */
const PRICE_CEILING = PRICE_BASE ** PRICE_LEVELS - 1;

export const priceKey = (level: number) => `p${level}`;

/** A price's values for the p0..p3 keys. */
export function priceValues(price: number): Record<string, string> {
  let units = Math.min(Math.floor(Math.max(0, price) / PRICE_UNIT), PRICE_CEILING);
  const values: Record<string, string> = {};
  for (let level = 0; level < PRICE_LEVELS; level++) {
    values[priceKey(level)] = String(units);
    units = Math.floor(units / PRICE_BASE);
  }
  return values;
}

/**
 * The blocks of a price range (soʻm, either end open), as values per key; an
 * empty object for an empty range. A price counts by its whole thousands: a
 * bound is rounded to them (min up, max down), so 12 500 ≤ a price matches
 * from 13 000.
 */
export function priceBlocks(min: number | null, max: number | null): Record<string, string[]> {
  let from = min === null ? 0 : Math.ceil(Math.max(0, min) / PRICE_UNIT);
  let to = max === null ? PRICE_CEILING : Math.min(PRICE_CEILING, Math.floor(max / PRICE_UNIT));
  const blocks: Record<string, string[]> = {};
  const add = (level: number, value: number) => (blocks[priceKey(level)] ??= []).push(String(value));
  for (let level = 0; from <= to; level++) {
    if (level === PRICE_LEVELS - 1) {
      for (let value = from; value <= to; value++) add(level, value);
      break;
    }
    while (from % PRICE_BASE !== 0 && from <= to) add(level, from++);
    while ((to + 1) % PRICE_BASE !== 0 && from <= to) add(level, to--);
    if (from > to) break;
    from /= PRICE_BASE;
    to = (to + 1) / PRICE_BASE - 1;
  }
  return blocks;
}
