import { describe, expect, it } from 'vitest';
import { installmentOffer, planFor, planFromSettings } from './installment.ts';

describe('installmentOffer', () => {
  it('spreads the price with its markup over the term, rounded up to a whole 1 000 soʻm', () => {
    expect(installmentOffer(2_580_000, { months: 12, markup_percent: 0 })).toEqual({ months: 12, monthly: 215_000 });
    expect(installmentOffer(2_149_000, { months: 12, markup_percent: 20 })).toEqual({ months: 12, monthly: 215_000 });
    // 1 000 000 / 3 = 333 333.3… → 334 000: the months together cover the price.
    expect(installmentOffer(1_000_000, { months: 3, markup_percent: 0 })).toEqual({ months: 3, monthly: 334_000 });
    expect(installmentOffer(45_000, { months: 6, markup_percent: 10 })).toEqual({ months: 6, monthly: 9_000 });
    // No floating-point surprise: 1 190 000 × 1.1 / 11 is exactly 119 000.
    expect(installmentOffer(1_190_000, { months: 11, markup_percent: 10 })).toEqual({ months: 11, monthly: 119_000 });
  });

  it('offers nothing without a plan, a price or a sensible term', () => {
    expect(installmentOffer(1_000_000, null)).toBeNull();
    expect(installmentOffer(1_000_000, undefined)).toBeNull();
    expect(installmentOffer(0, { months: 12, markup_percent: 0 })).toBeNull();
    expect(installmentOffer(1_000_000, { months: 0, markup_percent: 0 })).toBeNull();
    expect(installmentOffer(1_000_000, { months: 12, markup_percent: -5 })).toBeNull();
  });
});

describe('planFor', () => {
  const configured = { months: 6, markup_percent: 5 };
  it("takes the API's plan, or its null, and the configured plan only when the API sends none", () => {
    expect(planFor({ installment: { months: 12, markup_percent: 20 } }, configured)).toEqual({
      months: 12,
      markup_percent: 20,
    });
    expect(planFor({ installment: null }, configured)).toBeNull();
    expect(planFor({}, configured)).toEqual(configured);
    expect(planFor({}, null)).toBeNull();
  });
});

describe('planFromSettings', () => {
  it('reads the months and the markup (0 when unset); nothing configured, no plan', () => {
    expect(planFromSettings('12', '20')).toEqual({ months: 12, markup_percent: 20 });
    expect(planFromSettings(' 6 ', undefined)).toEqual({ months: 6, markup_percent: 0 });
    expect(planFromSettings(undefined, '20')).toBeNull();
    expect(planFromSettings('  ', '')).toBeNull();
  });

  it('refuses a setting that cannot be meant', () => {
    expect(() => planFromSettings('twelve', '0')).toThrow(/INSTALLMENT_MONTHS/);
    expect(() => planFromSettings('12.5', '0')).toThrow(/INSTALLMENT_MONTHS/);
    expect(() => planFromSettings('0', '0')).toThrow(/INSTALLMENT_MONTHS/);
    expect(() => planFromSettings('12', '-1')).toThrow(/INSTALLMENT_MARKUP_PERCENT/);
    expect(() => planFromSettings('12', 'abc')).toThrow(/INSTALLMENT_MARKUP_PERCENT/);
  });
});
