/** The monthly payment filter and sort of a listing (installment offers). */
import { FILTER_KEYS, type Counts } from './values.ts';

/**
 * "Up to N soʻm a month": the steps a shopper picks from.
 * A product page with an installment offer carries, under the `mo` key, every
 * step its monthly amount is within (215 000 → 300000, 500000, ...), so a step
 * is one filter value and its count is the products within it; a product
 * without an offer carries none, and no step keeps it.
 */
export const MONTHLY_STEPS = [100_000, 200_000, 300_000, 500_000, 1_000_000, 2_000_000] as const;

/** The steps a monthly amount (soʻm) is within; none without an offer. */
export function monthlyValues(monthly: number | null | undefined): string[] {
  if (monthly === null || monthly === undefined || !(monthly > 0)) return [];
  return MONTHLY_STEPS.filter((step) => monthly <= step).map(String);
}

/** The monthly sort's key: the offer's amount; a product without one sorts last. */
export function monthlySortKey(monthly: number | null | undefined): number {
  return monthly !== null && monthly !== undefined && monthly > 0 ? monthly : Number.MAX_SAFE_INTEGER;
}

export interface MonthlyOption {
  step: number;
  /** Products within the step among those the other groups leave. */
  count: number;
}

/**
 * The steps offered on a listing: those that add products of its scope to the
 * step below (a step under every offer, or over all of them, narrows nothing),
 * and the chosen one whatever it holds. Empty when no product has an offer.
 */
export function monthlyOptions(scopeCounts: Counts, counts: Counts, chosen: number | null = null): MonthlyOption[] {
  const inScope = scopeCounts[FILTER_KEYS.monthly] ?? {};
  const left = counts[FILTER_KEYS.monthly] ?? {};
  const options: MonthlyOption[] = [];
  let below = 0;
  for (const step of MONTHLY_STEPS) {
    const here = inScope[String(step)] ?? 0;
    if (here > below || step === chosen) options.push({ step, count: left[String(step)] ?? 0 });
    below = Math.max(below, here);
  }
  return options;
}
