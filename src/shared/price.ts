/**
 * Prices are grouped the Uzbek way in both languages (spec §9: Uzbek locale,
 * currency UZS), the currency named in the page's language: "3 899 000 soʻm",
 * "3 899 000 сум".
 *
 * Written out by hand rather than with Intl: browsers ship different ICU data
 * (Debian's Chromium has no uz-UZ and prints "UZS 3,899,000"), and the
 * prerendered HTML and the islands must print the same text. The Uzbek output
 * is what Intl.NumberFormat('uz-UZ', { style: 'currency', currency: 'UZS' })
 * prints with full ICU, with no-break spaces.
 */
import type { Lang } from '#contract/langs.ts';
import { payablePrice, type Priced as BasePriced } from '#contract/price.ts';

/** The soʻm as each language writes it after an amount (the Russian texts say "сум/мес" beside it). */
const CURRENCY: Record<Lang, string> = { uz: 'soʻm', ru: 'сум' };

export function formatPrice(amount: number, lang: Lang): string {
  return `${formatAmount(amount)}\u00a0${CURRENCY[lang]}`;
}

/** The amount alone, grouped like a price ("215 000"), for texts that name the currency themselves. */
export function formatAmount(amount: number): string {
  const whole = Math.round(Math.abs(amount)).toString();
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0');
  return `${amount < 0 && whole !== '0' ? '-' : ''}${grouped}`;
}

export { payablePrice };

/** A product as a price badge needs it. */
export interface Priced extends BasePriced {
  discount: number | null;
}

/** Whether to show the old price struck through and a discount badge. */
export function hasDiscount(item: Priced): boolean {
  return payablePrice(item) < item.price;
}

/** Percent shown on the badge: the API's discount, else computed from the prices. */
export function discountPercent(item: Priced): number {
  if (!hasDiscount(item)) return 0;
  if (item.discount && item.discount > 0) return Math.round(item.discount);
  return Math.round((1 - payablePrice(item) / item.price) * 100);
}
