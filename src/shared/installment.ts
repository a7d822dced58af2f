/**
 * The monthly installment price on cards and product pages:
 * "oyiga 215 000 soʻmdan · 12 oy" / "от 215 000 сум/мес · 12 мес".
 *
 * The plan is the API's when its answer has one (`installment`: a plan, or
 * null for a product not sold in installments); a backend that sends none
 * leaves the storefront's configured plan (INSTALLMENT_MONTHS,
 * INSTALLMENT_MARKUP_PERCENT; none configured: nothing shown). The monthly
 * amount is the price with the markup over the term, rounded up to a whole
 * 1 000 soʻm, so the months together never come to less than the total.
 */
import type { InstallmentPlan } from '#contract/schemas.ts';

export type { InstallmentPlan };

export interface InstallmentOffer {
  months: number;
  /** Soʻm a month, a whole thousand. */
  monthly: number;
}

/** Monthly amounts are rounded up to this (soʻm). */
const MONTHLY_STEP = 1_000;
/** Longest term and largest markup a configured plan may have: beyond them a setting is surely a typo. */
const MAX_MONTHS = 60;
const MAX_MARKUP_PERCENT = 200;

/** The plan that applies to a product: the API's (even null), else the configured one. */
export function planFor(
  product: { installment?: InstallmentPlan | null },
  configured: InstallmentPlan | null,
): InstallmentPlan | null {
  return product.installment === undefined ? configured : product.installment;
}

/** The offer for a price on a plan; null without a plan or a price. */
export function installmentOffer(price: number, plan: InstallmentPlan | null | undefined): InstallmentOffer | null {
  if (!plan || !(price > 0) || !Number.isInteger(plan.months) || plan.months < 1 || !(plan.markup_percent >= 0))
    return null;
  // In hundredths of a soʻm, whole numbers: no floating-point rounding on the way.
  const total = Math.round(price * (100 + plan.markup_percent));
  const monthly = Math.ceil(total / (100 * plan.months * MONTHLY_STEP)) * MONTHLY_STEP;
  return { months: plan.months, monthly };
}

/**
 * The configured plan from the build settings: null when INSTALLMENT_MONTHS
 * is unset or blank; the markup defaults to 0. A value that is not a whole
 * number of months from 1 to 60 or a markup from 0 to 200 percent throws, so
 * a typo fails the build instead of printing wrong prices on every card.
 */
export function planFromSettings(
  months: string | undefined,
  markupPercent: string | undefined,
): InstallmentPlan | null {
  if (!months?.trim()) return null;
  const term = Number(months.trim());
  const markup = markupPercent?.trim() ? Number(markupPercent.trim()) : 0;
  if (!Number.isInteger(term) || term < 1 || term > MAX_MONTHS)
    throw new Error(`INSTALLMENT_MONTHS must be a whole number of months from 1 to ${MAX_MONTHS}, not "${months}"`);
  if (!Number.isFinite(markup) || markup < 0 || markup > MAX_MARKUP_PERCENT)
    throw new Error(
      `INSTALLMENT_MARKUP_PERCENT must be a percent from 0 to ${MAX_MARKUP_PERCENT}, not "${markupPercent}"`,
    );
  return { months: term, markup_percent: markup };
}
